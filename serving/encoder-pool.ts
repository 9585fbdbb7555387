/**
 * A pool of encoder worker threads (serving/encoder-worker.ts), one tfjs-wasm instance each, so the
 * encoder uses every core while HTTP, the heads and the envelope stay on the main thread (which the
 * encoder never blocks). Each worker runs one batch at a time; the dynamic batcher dispatches a batch
 * whenever a worker is idle (capacity = workers ready). A worker that dies is replaced: the batch it
 * held is rejected with EncoderWorkerError (a 503 for its requests, never a hang) and a new worker
 * starts at once (with a growing delay if replacements keep failing to start).
 *
 * Hot reload: `load(version)` has every worker load another artifact version beside the ones it holds
 * (same encoder, verified and smoke-tested in the worker); each batch names the version it runs on,
 * so requests in flight finish on the version they started with; `unload(version)` drops the old one.
 *
 * Workers start from the compiled encoder-worker.js when it exists beside this module (dist/), else
 * through shared/worker-bootstrap.mjs, which registers tsx in the worker first (development and tests).
 */
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AppConfig } from '../shared/config.js';
import { workerEntry } from '../shared/worker-entry.js';
import type { Encoder } from '../shared/encoder/encoder.js';
import type { BatchedText } from './embed-and-score.js';

export interface EncoderInfo {
  id: string;
  dim: number;
  fingerprint: string;
}

/** workerData of every encoder worker. */
export interface WorkerInit {
  config: AppConfig;
  /** A module exporting loadWorkerRuntime(config) instead of the configured encoder and artifacts (tests). */
  runtimeModule?: string;
  /** Set when starting through shared/worker-bootstrap.mjs: the TypeScript worker to import. */
  tsEntry?: string;
  /** The main thread's niceness plus config.serving.encoderWorkerNiceness: the workers' niceness. */
  niceness?: number;
  /** Artifact versions to load (default: the one artifacts/current.json names). */
  versions?: string[];
}

export type ToWorker =
  | { type: 'embed'; id: number; texts: readonly string[]; version: string }
  | { type: 'load'; id: number; version: string }
  | { type: 'unload'; version: string }
  | { type: 'close' };
export type FromWorker =
  | { type: 'ready'; encoder: EncoderInfo; versions: string[] }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; results: BatchedText[] }
  | { type: 'loaded'; id: number; version: string }
  | { type: 'error'; id: number; message: string };

/** The batch a worker held when it died, or no worker could take it: answered 503. */
export class EncoderWorkerError extends Error {
  override readonly name = 'EncoderWorkerError';
}

export interface PoolLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface EncoderPoolOptions {
  size: number;
  config: AppConfig;
  runtimeModule?: string;
  log?: PoolLog;
  /** First delay before restarting a worker that failed to start (doubles up to 30 s). Default 500 ms. */
  restartDelayMs?: number;
}

export interface EncoderPoolStats {
  size: number;
  ready: number;
  busy: number;
  /** Workers that died after they were ready. */
  crashes: number;
}

export interface EncoderPool {
  readonly size: number;
  /** Workers ready to take a batch (busy or not): the batcher's capacity. */
  readonly live: number;
  stats(): EncoderPoolStats;
  /** Resolves when every worker has started (rejects when one fails to start). */
  readonly ready: Promise<EncoderInfo>;
  /** Artifact versions every worker holds. */
  readonly versions: ReadonlySet<string>;
  /** Have every worker load this artifact version too (rejects, and unloads it, when any worker fails). */
  load(version: string): Promise<void>;
  /** Drop an artifact version from every worker. */
  unload(version: string): void;
  /** An Encoder for the main thread's runtime: the workers' identity; embed() runs in the pool; dispose() closes it. */
  encoder(info: EncoderInfo): Encoder;
  /** Embeddings and ad_content scores of `texts` on an idle worker, on artifact `version`. */
  run(texts: readonly string[], version: string): Promise<BatchedText[]>;
  /** Called whenever a worker becomes ready (capacity may have grown). */
  onCapacity(listener: () => void): void;
  /** Let running batches finish, then stop every worker. */
  close(): Promise<void>;
}

interface Job {
  id: number;
  texts: readonly string[];
  version: string;
  resolve(results: BatchedText[]): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  index: number;
  ready: boolean;
  job: Job | undefined;
  /** Versions this worker holds. */
  versions: Set<string>;
  /** Pending load requests by message id. */
  loads: Map<number, { resolve(): void; reject(error: Error): void }>;
  exited: boolean;
}

const MAX_RESTART_DELAY_MS = 30_000;


export function createEncoderPool(options: EncoderPoolOptions): EncoderPool {
  const { size, config, runtimeModule, log } = options;
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`pool size must be a positive integer, given ${size}`);
  const entry = workerEntry(import.meta.url, 'encoder-worker');
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  const capacityListeners: Array<() => void> = [];
  let nextId = 0;
  let crashes = 0;
  let closing = false;
  let info: EncoderInfo | undefined;
  const versions = new Set<string>();
  const restartDelay = new Map<number, number>();

  let resolveReady!: (value: EncoderInfo) => void;
  let rejectReady!: (error: unknown) => void;
  const ready = new Promise<EncoderInfo>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {});

  const live = () => slots.filter((s) => s.ready).length;

  const assign = () => {
    for (const slot of slots) {
      if (waiting.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const job = waiting.shift() as Job;
      slot.job = job;
      slot.worker.postMessage({ type: 'embed', id: job.id, texts: job.texts, version: job.version } satisfies ToWorker);
    }
  };

  const start = (index: number, initial: boolean) => {
    const workerData: WorkerInit = {
      config,
      niceness: Math.min(19, getPriority() + config.serving.encoderWorkerNiceness),
      ...(versions.size > 0 ? { versions: [...versions] } : {}),
      ...(runtimeModule ? { runtimeModule } : {}),
      ...(entry.tsEntry ? { tsEntry: entry.tsEntry } : {}),
    };
    const worker = new Worker(entry.file, { workerData, name: `encoder-${index}` });
    const slot: Slot = { worker, index, ready: false, job: undefined, versions: new Set(), loads: new Map(), exited: false };
    slots[index] = slot;
    let startFailure: string | undefined;

    worker.on('message', (message: FromWorker) => {
      switch (message.type) {
        case 'ready': {
          if (info && info.fingerprint !== message.encoder.fingerprint) {
            startFailure = `worker ${index} loaded encoder ${message.encoder.fingerprint.slice(0, 12)}, the pool serves ${info.fingerprint.slice(0, 12)}`;
            void worker.terminate();
            return;
          }
          info ??= message.encoder;
          slot.versions = new Set(message.versions);
          if (versions.size === 0) for (const version of message.versions) versions.add(version);
          restartDelay.delete(index);
          // A version loaded by a reload while this worker was starting: load it before taking batches.
          const missing = [...versions].filter((version) => !slot.versions.has(version));
          void Promise.all(missing.map((version) => loadOn(slot, version))).then(
            () => {
              slot.ready = true;
              if (!initial) log?.info({ worker: index }, 'encoder worker replaced');
              if (slots.length === size && slots.every((s) => s.ready)) resolveReady(info as EncoderInfo);
              assign();
              for (const listener of capacityListeners) listener();
            },
            (error: Error) => {
              startFailure = error.message;
              void worker.terminate();
            },
          );
          return;
        }
        case 'loaded': {
          slot.versions.add(message.version);
          slot.loads.get(message.id)?.resolve();
          slot.loads.delete(message.id);
          return;
        }
        case 'failed':
          startFailure = message.message;
          return;
        case 'result':
        case 'error': {
          const load = slot.loads.get(message.id);
          if (load && message.type === 'error') {
            slot.loads.delete(message.id);
            load.reject(new Error(message.message));
            return;
          }
          const job = slot.job;
          if (!job || job.id !== message.id) return;
          slot.job = undefined;
          if (message.type === 'result') job.resolve(message.results);
          else job.reject(new Error(message.message));
          assign();
          return;
        }
      }
    });
    worker.on('error', (error) => {
      startFailure ??= error.message;
    });
    worker.once('exit', (code) => {
      slot.exited = true;
      const wasReady = slot.ready;
      slot.ready = false;
      const job = slot.job;
      slot.job = undefined;
      if (job) job.reject(new EncoderWorkerError(`encoder worker ${index} stopped (exit code ${code}) while running this batch`));
      for (const load of slot.loads.values()) load.reject(new EncoderWorkerError(`encoder worker ${index} stopped (exit code ${code}) while loading artifacts`));
      slot.loads.clear();
      if (closing) return;
      if (!wasReady && !info) {
        // Never started, and no worker has: the configuration or the artifacts are wrong.
        rejectReady(new Error(`encoder worker ${index} failed to start: ${startFailure ?? `exit code ${code}`}`));
        closing = true;
        for (const other of slots) void other?.worker.terminate();
        return;
      }
      if (wasReady) {
        crashes += 1;
        log?.error({ worker: index, exit_code: code, reason: startFailure }, 'encoder worker died; starting a replacement');
      } else {
        log?.error({ worker: index, exit_code: code, reason: startFailure }, 'encoder worker failed to start; retrying');
      }
      const delay = wasReady ? 0 : (restartDelay.get(index) ?? options.restartDelayMs ?? 500);
      if (!wasReady) restartDelay.set(index, Math.min(MAX_RESTART_DELAY_MS, delay * 2));
      setTimeout(() => {
        if (!closing) start(index, false);
      }, delay).unref();
    });
  };

  const loadOn = (slot: Slot, version: string) =>
    new Promise<void>((resolve, reject) => {
      const id = nextId++;
      slot.loads.set(id, { resolve, reject });
      slot.worker.postMessage({ type: 'load', id, version } satisfies ToWorker);
    });

  for (let i = 0; i < size; i++) start(i, true);

  const pool: EncoderPool = {
    size,
    get live() {
      return live();
    },
    stats: () => ({ size, ready: live(), busy: slots.filter((s) => s.job).length, crashes }),
    ready,
    versions,
    async load(version) {
      if (versions.has(version)) return;
      const targets = slots.filter((slot) => slot?.ready);
      if (targets.length === 0) throw new EncoderWorkerError('no encoder worker is ready to load artifacts');
      try {
        await Promise.all(targets.map((slot) => loadOn(slot, version)));
      } catch (error) {
        for (const slot of targets) slot.worker.postMessage({ type: 'unload', version } satisfies ToWorker);
        throw error;
      }
      versions.add(version);
    },
    unload(version) {
      versions.delete(version);
      for (const slot of slots) {
        slot?.versions.delete(version);
        slot?.worker.postMessage({ type: 'unload', version } satisfies ToWorker);
      }
    },
    encoder: (identity) => ({
      ...identity,
      // Embeddings do not depend on the artifact version: any version the workers hold will do.
      embed: async (texts) => (await pool.run(texts, [...versions][0] as string)).map((r) => r.embedding),
      dispose: () => pool.close(),
    }),
    run(texts, version) {
      if (closing) return Promise.reject(new EncoderWorkerError('the encoder pool is closed'));
      return new Promise<BatchedText[]>((resolve, reject) => {
        waiting.push({ id: nextId++, texts, version, resolve, reject });
        assign();
      });
    },
    onCapacity(listener) {
      capacityListeners.push(listener);
    },
    async close() {
      if (closing && slots.every((s) => !s.ready)) return;
      closing = true;
      for (const job of waiting.splice(0)) job.reject(new EncoderWorkerError('the encoder pool is closed'));
      await Promise.all(
        slots.map(async (slot) => {
          if (!slot || slot.exited) return;
          const exited = new Promise<void>((resolve) => slot.worker.once('exit', () => resolve()));
          if (slot.job) await new Promise<void>((resolve) => slot.worker.once('message', () => resolve())).catch(() => {});
          slot.worker.postMessage({ type: 'close' } satisfies ToWorker);
          const timer = setTimeout(() => void slot.worker.terminate(), 2_000);
          await exited;
          clearTimeout(timer);
        }),
      );
    },
  };
  return pool;
}
