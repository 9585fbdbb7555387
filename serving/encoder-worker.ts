/**
 * One encoder worker thread (started by serving/encoder-pool.ts): loads its own classifier runtime
 * (its own tfjs-wasm instance and the artifacts, verified), embeds one warm-up text, reports
 * `ready` with the encoder's id, dim and fingerprint, then answers one `embed` message at a time
 * with the embeddings and ad_content scores of its texts (serving/embed-and-score.ts).
 * `workerData.runtimeModule` may name a module exporting `loadWorkerRuntime(config)` (tests: a stub
 * encoder over fixture artifacts); by default the configured encoder and artifacts load.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { AppConfig } from '../shared/config.js';
import { loadClassifierRuntime, type ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { embedAndScore } from './embed-and-score.js';
import type { FromWorker, ToWorker, WorkerInit } from './encoder-pool.js';

const port = parentPort;
if (!port) throw new Error('serving/encoder-worker runs as a worker thread of serving/encoder-pool.ts');
const init = workerData as WorkerInit;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/**
 * Linux: lower this thread's scheduling priority (nice +WORKER_NICENESS), so that when the encoder
 * saturates every core the main thread (HTTP, /health, heads, envelopes) still runs as soon as it
 * has work. Elsewhere, or if it fails, the worker runs at normal priority.
 */
const WORKER_NICENESS = 5;
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, Math.min(19, WORKER_NICENESS + (init.baseNiceness ?? 0)));
} catch {
  // no /proc/thread-self (not Linux): normal priority
}

async function loadRuntime(config: AppConfig): Promise<ClassifierRuntime> {
  if (!init.runtimeModule) return loadClassifierRuntime(config);
  const loaded = (await import(init.runtimeModule)) as { loadWorkerRuntime(config: AppConfig): Promise<ClassifierRuntime> };
  return loaded.loadWorkerRuntime(config);
}

let runtime: ClassifierRuntime;
try {
  runtime = await loadRuntime(init.config);
  await embedAndScore(runtime, ['warm up the encoder']);
  post({ type: 'ready', encoder: { id: runtime.encoder.id, dim: runtime.encoder.dim, fingerprint: runtime.encoder.fingerprint } });
} catch (error) {
  post({ type: 'failed', message: (error as Error).message ?? String(error) });
  process.exit(1);
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'close') {
    void runtime.encoder.dispose().finally(() => port.close());
    return;
  }
  const { id, texts } = message;
  embedAndScore(runtime, texts).then(
    (results) => {
      const transfer: ArrayBuffer[] = [];
      for (const { embedding, adScores } of results) {
        transfer.push(embedding.buffer as ArrayBuffer);
        if (adScores) transfer.push(adScores.mixture.buffer as ArrayBuffer);
      }
      // One buffer may back several rows (a view); transfer each buffer once.
      post({ type: 'result', id, results }, [...new Set(transfer)]);
    },
    (error: unknown) => post({ type: 'error', id, message: (error as Error).message ?? String(error) }),
  );
});
