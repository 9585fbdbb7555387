/** The worker side of thread-encoder.ts: one encoder, one embed call at a time, vectors transferred back. */
import { parentPort, workerData } from 'node:worker_threads';
import type { EncoderConfig } from '../config.js';
import { createEncoder } from './create-encoder.js';
import type { FromEncoderThread, ToEncoderThread } from './thread-encoder.js';

const port = parentPort;
if (!port) throw new Error('encoder-thread-worker runs as a worker thread of thread-encoder.ts');
const post = (message: FromEncoderThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

try {
  const encoder = await createEncoder((workerData as { config: EncoderConfig }).config);
  let queue = Promise.resolve();
  port.on('message', (message: ToEncoderThread) => {
    if (message.type === 'close') {
      void encoder.dispose().finally(() => port.close());
      return;
    }
    queue = queue.then(async () => {
      try {
        const started = performance.now();
        const vectors = await encoder.embed(message.texts, message.batchSize === undefined ? {} : { batchSize: message.batchSize });
        const ms = performance.now() - started;
        const flat = new Float32Array(vectors.length * encoder.dim);
        vectors.forEach((v, i) => flat.set(v, i * encoder.dim));
        post({ type: 'result', id: message.id, buffer: flat.buffer, count: vectors.length, ms }, [flat.buffer]);
      } catch (error) {
        post({ type: 'error', id: message.id, message: (error as Error).message });
      }
    });
  });
  post({ type: 'ready', id: encoder.id, dim: encoder.dim, fingerprint: encoder.fingerprint });
} catch (error) {
  post({ type: 'failed', message: (error as Error).message });
}
