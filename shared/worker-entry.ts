/**
 * Where a worker thread starts: the compiled `<name>.js` beside the calling module when it exists
 * (dist/), else shared/worker-bootstrap.mjs, which registers tsx in the worker and then imports the
 * TypeScript module (development, training from source and tests).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface WorkerEntry {
  file: URL;
  /** Set when starting through the bootstrap: the TypeScript module it imports (pass it in workerData). */
  tsEntry?: string;
}

export function workerEntry(callerUrl: string, name: string): WorkerEntry {
  const compiled = new URL(`./${name}.js`, callerUrl);
  if (existsSync(fileURLToPath(compiled))) return { file: compiled };
  return { file: new URL('./worker-bootstrap.mjs', import.meta.url), tsEntry: new URL(`./${name}.ts`, callerUrl).href };
}
