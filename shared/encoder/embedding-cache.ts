/**
 * Content-addressed embedding cache for training jobs: key = SHA-256(encoder fingerprint, exact text).
 * Missing texts are embedded in chunks of a few thousand (two in flight); each chunk is written as one immutable shard
 * file of [32-byte key][dim float32] records under `<cacheDir>/<fingerprint>-<layout>/` as soon as it is
 * embedded (temporary file, fsync, rename, fsync of the folder), so a job killed after minutes of
 * embedding keeps every finished chunk and the next run embeds only what is still missing. A shard is
 * never half-written; temporaries of a killed writer are removed by the next run.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { removeStaleTemporaries, syncDir, writeFileSynced } from '../durable-fs.js';
import type { EmbedOptions, Encoder } from './encoder.js';

/**
 * Cache layout version, part of the folder name. `b2`: vectors from the batch-invariant use-lite encoder
 * (rows grouped by token count); vectors cached before that depended on their batch neighbours and
 * are not mixed with fresh ones.
 */
export const CACHE_LAYOUT = 'b2';
/** Texts embedded per durable shard. */
export const DEFAULT_SHARD_TEXTS = 2048;
const TEMPORARY = /^\..+\.(\d+)\.tmp$/;

const KEY_BYTES = 32;
const SHARD_SUFFIX = '.emb';

function keyOf(fingerprint: string, text: string): string {
  return createHash('sha256').update(fingerprint).update('\0').update(text).digest('hex');
}

export interface CacheStats {
  hits: number;
  misses: number;
}

export class CachedEncoder implements Encoder {
  readonly stats: CacheStats = { hits: 0, misses: 0 };
  private readonly dir: string;
  private entries: Map<string, Float32Array> | undefined;

  private readonly shardTexts: number;

  constructor(private readonly inner: Encoder, cacheDir: string, options: { shardTexts?: number } = {}) {
    this.dir = join(cacheDir, `${inner.fingerprint}-${CACHE_LAYOUT}`);
    this.shardTexts = options.shardTexts ?? DEFAULT_SHARD_TEXTS;
  }

  get id(): string {
    return this.inner.id;
  }
  get dim(): number {
    return this.inner.dim;
  }
  get fingerprint(): string {
    return this.inner.fingerprint;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const entries = await this.load();
    const keys = texts.map((text) => keyOf(this.fingerprint, text));
    const missing = new Map<string, string>();
    keys.forEach((key, i) => {
      if (!entries.has(key)) missing.set(key, texts[i] as string);
    });
    this.stats.misses += missing.size;
    this.stats.hits += texts.length - missing.size;
    if (missing.size > 0) {
      const missingKeys = [...missing.keys()];
      const missingTexts = [...missing.values()];
      // Progress counts the texts to embed (cached ones cost nothing), so rate and ETA are the encoder's.
      const doneByShard = new Map<number, number>();
      const onProgress = (start: number) => (done: number) => {
        doneByShard.set(start, done);
        options.onProgress?.([...doneByShard.values()].reduce((sum, n) => sum + n, 0), missingKeys.length);
      };
      // The next shard is already queued while one finishes and is written, so a parallel encoder's
      // threads never wait for the slowest thread of a shard or for the disk.
      const inFlight: Array<{ start: number; vectors: Promise<Float32Array[]> }> = [];
      let nextStart = 0;
      const launch = () => {
        if (nextStart >= missingKeys.length) return;
        const start = nextStart;
        nextStart += this.shardTexts;
        const vectors = this.inner.embed(missingTexts.slice(start, start + this.shardTexts), { ...options, onProgress: onProgress(start) });
        // Awaited in order below; until then a failure must not count as unhandled.
        vectors.catch(() => undefined);
        inFlight.push({ start, vectors });
      };
      launch();
      launch();
      for (let shard = inFlight.shift(); shard; shard = inFlight.shift()) {
        const vectors = await shard.vectors;
        launch();
        const chunkKeys = missingKeys.slice(shard.start, shard.start + this.shardTexts);
        chunkKeys.forEach((key, i) => entries.set(key, vectors[i] as Float32Array));
        await this.writeShard(chunkKeys, vectors);
      }
    } else {
      options.onProgress?.(texts.length, texts.length);
    }
    return keys.map((key) => Float32Array.from(entries.get(key) as Float32Array));
  }

  dispose(): Promise<void> {
    return this.inner.dispose();
  }

  private async load(): Promise<Map<string, Float32Array>> {
    if (this.entries) return this.entries;
    const entries = new Map<string, Float32Array>();
    await mkdir(this.dir, { recursive: true });
    await removeStaleTemporaries(this.dir, TEMPORARY);
    const recordBytes = KEY_BYTES + this.dim * 4;
    const shardNames = (await readdir(this.dir)).filter((name) => name.endsWith(SHARD_SUFFIX)).sort();
    for (const name of shardNames) {
      const bytes = await readFile(join(this.dir, name));
      if (bytes.length % recordBytes !== 0) continue; // written by an encoder of another dim: ignore
      for (let offset = 0; offset < bytes.length; offset += recordBytes) {
        const key = bytes.subarray(offset, offset + KEY_BYTES).toString('hex');
        const vector = new Float32Array(this.dim);
        Buffer.from(vector.buffer).set(bytes.subarray(offset + KEY_BYTES, offset + recordBytes));
        entries.set(key, vector);
      }
    }
    this.entries = entries;
    return entries;
  }

  private async writeShard(keys: readonly string[], vectors: readonly Float32Array[]): Promise<void> {
    const records = keys.map((key, i) => {
      const vector = vectors[i] as Float32Array;
      return Buffer.concat([Buffer.from(key, 'hex'), Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength)]);
    });
    const body = Buffer.concat(records);
    const name = createHash('sha256').update(body).digest('hex').slice(0, 24) + SHARD_SUFFIX;
    const temporary = join(this.dir, `.${name}.${process.pid}.tmp`);
    await writeFileSynced(temporary, body);
    await rename(temporary, join(this.dir, name));
    await syncDir(this.dir);
  }
}
