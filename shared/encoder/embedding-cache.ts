/**
 * Content-addressed embedding cache for training jobs: key = SHA-256(encoder fingerprint, exact text).
 * Each run that embeds new texts appends one immutable shard file of [32-byte key][dim float32]
 * records under `<cacheDir>/<fingerprint>/`, written atomically, so an interrupted job loses nothing
 * that was already cached and never leaves a half-written shard.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmbedOptions, Encoder } from './encoder.js';

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

  constructor(private readonly inner: Encoder, cacheDir: string) {
    this.dir = join(cacheDir, inner.fingerprint);
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
      const vectors = await this.inner.embed([...missing.values()], options);
      const missingKeys = [...missing.keys()];
      missingKeys.forEach((key, i) => entries.set(key, vectors[i] as Float32Array));
      await this.writeShard(missingKeys, vectors);
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
    await writeFile(temporary, body);
    await rename(temporary, join(this.dir, name));
  }
}
