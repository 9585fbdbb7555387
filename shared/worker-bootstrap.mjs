// Worker threads cannot load TypeScript by themselves. When a worker's module runs from source (tsx
// in development and training, vitest in tests) shared/worker-entry.ts starts this file instead: it
// registers tsx's loader in the worker thread, then imports the TypeScript module named in
// workerData.tsEntry. Compiled code in dist/ starts its workers' .js files directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.tsEntry);
