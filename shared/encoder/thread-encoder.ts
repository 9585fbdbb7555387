/**
 * The configured encoder in a worker thread, behind the same Encoder interface: `embed` posts the
 * texts to the thread and resolves with its vectors (transferred, not copied). The calling thread
 * stays free, so a bulk job scores ad_content, builds envelopes and reads and writes rows for one
 * chunk while the thread embeds the next (two cores: throughput near the encoder's own limit).
 * Calls are answered in order, one at a time. shared/encoder/parallel-encoder.ts runs several.
 */
import { Worker } from 'node:worker_threads';
import type { EncoderConfig } from '../config.js';
import { workerEntry } from '../worker-entry.js';
import type { EmbedOptions, Encoder } from './encoder.js';

export type ToEncoderThread = { type: 'embed'; id: number; texts: readonly string[]; batchSize?: number } | { type: 'close' };
export type FromEncoderThread =
  | { type: 'ready'; id: string; dim: number; fingerprint: string }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; buffer: ArrayBuffer; count: number; ms: number }
  | { type: 'error'; id: number; message: string };

/** An encoder in a worker thread; `busyMs` is the time the thread has spent embedding. */
export interface ThreadEncoder extends Encoder {
  readonly busyMs: number;
}

export async function createThreadEncoder(config: EncoderConfig): Promise<ThreadEncoder> {
  const entry = workerEntry(import.meta.url, 'encoder-thread-worker');
  const worker = new Worker(entry.file, { workerData: { config, ...(entry.tsEntry ? { tsEntry: entry.tsEntry } : {}) }, name: 'encoder-thread' });
  const pending = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let failure: Error | undefined;
  let busyMs = 0;
  const ready = new Promise<{ id: string; dim: number; fingerprint: string }>((resolve, reject) => {
    worker.on('message', (message: FromEncoderThread) => {
      if (message.type === 'ready') resolve(message);
      else if (message.type === 'failed') reject(new Error(message.message));
      else {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (!call) return;
        if (message.type === 'error') call.reject(new Error(message.message));
        else {
          busyMs += message.ms;
          const flat = new Float32Array(message.buffer);
          const dim = flat.length / Math.max(message.count, 1);
          call.resolve(Array.from({ length: message.count }, (_, i) => flat.subarray(i * dim, (i + 1) * dim)));
        }
      }
    });
    const fail = (error: Error) => {
      failure = error;
      reject(error);
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`encoder thread exited (code ${code})`)));
  });
  const info = await ready;
  return {
    id: info.id,
    dim: info.dim,
    fingerprint: info.fingerprint,
    get busyMs() {
      return busyMs;
    },
    embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
      if (failure) return Promise.reject(failure);
      if (texts.length === 0) return Promise.resolve([]);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, {
          resolve: (vectors) => {
            options.onProgress?.(texts.length, texts.length);
            resolve(vectors);
          },
          reject,
        });
        worker.postMessage({ type: 'embed', id, texts, batchSize: options.batchSize } satisfies ToEncoderThread);
      });
    },
    async dispose() {
      worker.removeAllListeners('exit');
      worker.postMessage({ type: 'close' } satisfies ToEncoderThread);
      await worker.terminate();
    },
  };
}
