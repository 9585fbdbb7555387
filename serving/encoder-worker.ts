/**
 * One encoder worker thread (started by serving/encoder-pool.ts): loads its own classifier runtime
 * (its own tfjs-wasm instance and the artifacts, verified), embeds one warm-up text, reports `ready`
 * with the encoder's identity and the artifact version(s) it holds, then answers `embed` messages
 * with the embeddings and ad_content scores of their texts (serving/embed-and-score.ts) on the
 * artifact version each message names. Hot reload: `load` adds a version (same encoder, new
 * artifacts, smoke-tested), `unload` drops one once no request uses it.
 * `workerData.runtimeModule` may name a module exporting `loadWorkerRuntime(config, options)` (tests:
 * a stub encoder over fixture artifacts); by default the configured encoder and artifacts load.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { AppConfig } from '../shared/config.js';
import type { Encoder } from '../shared/encoder/encoder.js';
import { loadClassifierRuntime, type ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { embedAndScore } from './embed-and-score.js';
import type { FromWorker, ToWorker, WorkerInit } from './encoder-pool.js';

const port = parentPort;
if (!port) throw new Error('serving/encoder-worker runs as a worker thread of serving/encoder-pool.ts');
const init = workerData as WorkerInit;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/**
 * Linux: lower this thread's scheduling priority (ENCODER_WORKER_NICENESS below the main thread, 5
 * by default), so that when the encoder saturates every core the main thread (HTTP, /health, heads,
 * envelopes) still runs as soon as it has work. Elsewhere, or if it fails, normal priority.
 */
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (init.niceness !== undefined && Number.isInteger(threadId) && threadId > 0) setPriority(threadId, init.niceness);
} catch {
  // no /proc/thread-self (not Linux): normal priority
}

type RuntimeLoader = (config: AppConfig, options: { encoder?: Encoder; version?: string }) => Promise<ClassifierRuntime>;

async function runtimeLoader(): Promise<RuntimeLoader> {
  if (!init.runtimeModule) return (config, options) => loadClassifierRuntime(config, options);
  return ((await import(init.runtimeModule)) as { loadWorkerRuntime: RuntimeLoader }).loadWorkerRuntime;
}

const runtimes = new Map<string, ClassifierRuntime>();
let load: RuntimeLoader;
let encoder: Encoder | undefined;

/** Load a version on the worker's encoder and run one batch through it before it is used. */
async function addVersion(version: string | undefined): Promise<string> {
  const runtime = await load(init.config, { ...(encoder ? { encoder } : {}), ...(version ? { version } : {}) });
  encoder ??= runtime.encoder;
  await embedAndScore(runtime, ['warm up the encoder']);
  runtimes.set(runtime.artifacts.version, runtime);
  return runtime.artifacts.version;
}

try {
  load = await runtimeLoader();
  for (const version of init.versions?.length ? init.versions : [undefined]) await addVersion(version);
  const loaded = encoder as Encoder;
  post({ type: 'ready', encoder: { id: loaded.id, dim: loaded.dim, fingerprint: loaded.fingerprint }, versions: [...runtimes.keys()] });
} catch (error) {
  post({ type: 'failed', message: (error as Error).message ?? String(error) });
  process.exit(1);
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'close':
      void (encoder?.dispose() ?? Promise.resolve()).finally(() => port.close());
      return;
    case 'unload':
      runtimes.delete(message.version);
      return;
    case 'load':
      addVersion(message.version).then(
        () => post({ type: 'loaded', id: message.id, version: message.version }),
        (error: unknown) => post({ type: 'error', id: message.id, message: (error as Error).message ?? String(error) }),
      );
      return;
    case 'embed': {
      const { id, texts, version } = message;
      const runtime = runtimes.get(version);
      if (!runtime) {
        post({ type: 'error', id, message: `artifact version ${version} is not loaded in this worker` });
        return;
      }
      embedAndScore(runtime, texts).then(
        (results) => {
          const transfer = new Set<ArrayBuffer>();
          for (const { embedding, adScores } of results) {
            transfer.add(embedding.buffer as ArrayBuffer);
            if (adScores) transfer.add(adScores.mixture.buffer as ArrayBuffer);
          }
          post({ type: 'result', id, results }, [...transfer]);
        },
        (error: unknown) => post({ type: 'error', id, message: (error as Error).message ?? String(error) }),
      );
      return;
    }
  }
});
