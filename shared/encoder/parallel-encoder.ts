/**
 * An Encoder that spreads long embedding jobs (training, calibration) over several encoder threads
 * (shared/encoder/thread-encoder.ts), one wasm instance each, since one instance uses one core.
 * Texts go out in chunks of similar length to whichever thread is free; vectors come back in input order. A text's
 * vector depends on the text only (use-lite groups rows by token count), so the threads give the same
 * bits as one encoder would and the embedding cache stays valid whichever path filled it.
 */
import type { EncoderConfig } from '../config.js';
import type { EmbedOptions, Encoder } from './encoder.js';
import { createThreadEncoder, type ThreadEncoder } from './thread-encoder.js';

/** Texts per chunk: large enough to batch well, small enough to balance the threads and show progress. */
const CHUNK_TEXTS = 256;

export async function createParallelEncoder(config: EncoderConfig, threads: number): Promise<Encoder> {
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`encoder threads must be a positive integer, given ${threads}`);
  const pool: ThreadEncoder[] = await Promise.all(Array.from({ length: threads }, () => createThreadEncoder(config)));
  const { id, dim, fingerprint } = pool[0] as ThreadEncoder;
  if (pool.some((t) => t.fingerprint !== fingerprint)) throw new Error('encoder threads loaded different encoders');

  async function embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const out = new Array<Float32Array>(texts.length);
    // Chunks of similar lengths: use-lite runs one pass per token count, so a chunk of mixed lengths
    // splits into many small passes while a chunk of like lengths fills whole batches.
    const order = texts.map((_, i) => i).sort((a, b) => (texts[a] as string).length - (texts[b] as string).length || a - b);
    const starts = Array.from({ length: Math.ceil(texts.length / CHUNK_TEXTS) }, (_, k) => k * CHUNK_TEXTS);
    let done = 0;
    const drain = async (thread: ThreadEncoder) => {
      for (let start = starts.shift(); start !== undefined; start = starts.shift()) {
        const indices = order.slice(start, start + CHUNK_TEXTS);
        const chunk = indices.map((i) => texts[i] as string);
        const vectors = await thread.embed(chunk, options.batchSize === undefined ? {} : { batchSize: options.batchSize });
        vectors.forEach((v, k) => (out[indices[k] as number] = v));
        done += chunk.length;
        options.onProgress?.(done, texts.length);
      }
    };
    await Promise.all(pool.map(drain));
    return out;
  }

  return {
    id,
    dim,
    fingerprint,
    embed,
    async dispose() {
      await Promise.all(pool.map((t) => t.dispose()));
    },
  };
}
