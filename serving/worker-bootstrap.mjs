// Worker threads cannot load TypeScript by themselves. When serving/encoder-pool.ts runs from source
// (tsx in development, vitest in tests) it starts this file instead: it registers tsx's loader in
// the worker thread, then imports the TypeScript worker named in workerData. The compiled dist/
// starts dist/serving/encoder-worker.js directly and never loads this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.tsEntry);
