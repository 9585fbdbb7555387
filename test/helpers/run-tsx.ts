/** Run a TypeScript entry point of the project in a child process through tsx, collecting its output. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../shared/config.js';

export interface TsxRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `args` start with the script path (relative to the project root); `stdin` is written then closed when given. */
export function runTsx(args: readonly string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<TsxRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), ...args], {
      cwd: PROJECT_ROOT,
      env,
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}
