/** One thread of training/fit-threads.ts: fits the head groups it is sent, one at a time. */
import { parentPort } from 'node:worker_threads';
import { selectTfjsBackend } from '../shared/tfjs-backend.js';
import { fitLinearHeads } from './fit-linear-heads.js';
import type { FromFitThread, ToFitThread } from './fit-threads.js';

const port = parentPort;
if (!port) throw new Error('training/fit-thread-worker runs as a worker thread of training/fit-threads.ts');
const post = (message: FromFitThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

port.on('message', (message: ToFitThread) => {
  if (message.type === 'close') {
    port.close();
    return;
  }
  const { id, job, backend } = message;
  void (async () => {
    try {
      await selectTfjsBackend(backend);
      const heads = await fitLinearHeads(job.matrix, job.heads, { ...job.options, onEpoch: (epoch, loss) => post({ type: 'epoch', id, epoch, loss }) });
      post({ type: 'fitted', id, heads }, heads.flatMap((h) => [h.weights.buffer as ArrayBuffer, h.bias.buffer as ArrayBuffer]));
    } catch (error) {
      post({ type: 'error', id, message: (error as Error).message ?? String(error) });
    }
  })();
});
