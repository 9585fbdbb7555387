// Worker threads cannot load TypeScript by themselves: register tsx's loader in this thread, then
// import the TypeScript worker named in workerData (shared/encoder/thread-encoder.ts starts this file).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.tsEntry);
