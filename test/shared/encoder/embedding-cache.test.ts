import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_LAYOUT, CachedEncoder } from '../../../shared/encoder/embedding-cache.js';
import type { Encoder } from '../../../shared/encoder/encoder.js';
import { l2NormaliseInPlace } from '../../../shared/encoder/encoder.js';

/** Deterministic stand-in encoder that counts the texts it was asked to embed. */
function countingEncoder(fingerprint = 'f'.repeat(64)): Encoder & { calls: string[] } {
  const calls: string[] = [];
  return {
    id: 'counting',
    dim: 4,
    fingerprint,
    calls,
    async embed(texts) {
      calls.push(...texts);
      return texts.map((text) => l2NormaliseInPlace(Float32Array.from([text.length, text.charCodeAt(0) || 1, 3, 0.5])));
    },
    async dispose() {},
  };
}

describe('CachedEncoder', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('returns identical vectors and skips the encoder on a second run', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-cache-'));
    const texts = ['alpha', 'beta', 'alpha', 'gamma delta'];
    const firstInner = countingEncoder();
    const first = await new CachedEncoder(firstInner, dir).embed(texts);
    expect(firstInner.calls).toEqual(['alpha', 'beta', 'gamma delta']);

    const secondInner = countingEncoder();
    const secondCache = new CachedEncoder(secondInner, dir);
    const second = await secondCache.embed(texts);
    expect(secondInner.calls).toEqual([]);
    expect(secondCache.stats).toEqual({ hits: 4, misses: 0 });
    expect(second.map((v) => Array.from(v))).toEqual(first.map((v) => Array.from(v)));
  });

  it('embeds only the new texts when some are cached', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-cache-'));
    await new CachedEncoder(countingEncoder(), dir).embed(['one', 'two']);
    const inner = countingEncoder();
    await new CachedEncoder(inner, dir).embed(['two', 'three', 'one']);
    expect(inner.calls).toEqual(['three']);
  });

  it('keeps encoders with different fingerprints apart', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-cache-'));
    await new CachedEncoder(countingEncoder('a'.repeat(64)), dir).embed(['same text']);
    const other = countingEncoder('b'.repeat(64));
    await new CachedEncoder(other, dir).embed(['same text']);
    expect(other.calls).toEqual(['same text']);
  });

  it('writes a shard every few thousand texts, so a run killed mid-way keeps the finished chunks', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-cache-'));
    const texts = Array.from({ length: 10 }, (_, i) => `text ${i}`);
    // The inner encoder fails on its third chunk, as a killed run would stop there.
    const failing = countingEncoder();
    const embed = failing.embed.bind(failing);
    let chunks = 0;
    failing.embed = async (batch, options) => {
      if (++chunks === 3) throw new Error('killed');
      return embed(batch, options);
    };
    await expect(new CachedEncoder(failing, dir, { shardTexts: 4 }).embed(texts)).rejects.toThrow('killed');
    const shardDir = join(dir, `${'f'.repeat(64)}-${CACHE_LAYOUT}`);
    expect((await readdir(shardDir)).filter((n) => n.endsWith('.emb'))).toHaveLength(2);

    const rerun = countingEncoder();
    const cache = new CachedEncoder(rerun, dir, { shardTexts: 4 });
    const vectors = await cache.embed(texts);
    expect(rerun.calls).toEqual(['text 8', 'text 9']);
    expect(cache.stats).toEqual({ hits: 8, misses: 2 });
    const fresh = await countingEncoder().embed(texts);
    expect(vectors.map((v) => Array.from(v))).toEqual(fresh.map((v) => Array.from(v)));
  });

  it('asks for the next shard before the current one is back, so encoder threads never idle between shards', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-cache-'));
    const inner = countingEncoder();
    const embed = inner.embed.bind(inner);
    let pending = 0;
    let mostPending = 0;
    inner.embed = async (batch, options) => {
      mostPending = Math.max(mostPending, ++pending);
      await new Promise((resolve) => setTimeout(resolve, 5));
      pending -= 1;
      options?.onProgress?.(batch.length, batch.length);
      return embed(batch, options);
    };
    const texts = Array.from({ length: 10 }, (_, i) => `text ${i}`);
    const progress: number[] = [];
    const vectors = await new CachedEncoder(inner, dir, { shardTexts: 4 }).embed(texts, { onProgress: (done) => progress.push(done) });
    expect(mostPending).toBe(2);
    expect(inner.calls).toEqual(texts);
    expect(progress.at(-1)).toBe(10);
    expect(vectors.map((v) => Array.from(v))).toEqual((await countingEncoder().embed(texts)).map((v) => Array.from(v)));
  });

  it("removes a killed writer's temporary shard and ignores it", async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-cache-'));
    await new CachedEncoder(countingEncoder(), dir).embed(['one']);
    const shardDir = join(dir, `${'f'.repeat(64)}-${CACHE_LAYOUT}`);
    // pid 2^22 + 1 is above Linux's pid_max default and never a running process.
    const stale = `.deadbeef.emb.${2 ** 22 + 1}.tmp`;
    const live = `.cafe.emb.${process.pid}.tmp`;
    await writeFile(join(shardDir, stale), Buffer.alloc(7));
    await writeFile(join(shardDir, live), Buffer.alloc(7));
    const inner = countingEncoder();
    await new CachedEncoder(inner, dir).embed(['one', 'two']);
    expect(inner.calls).toEqual(['two']);
    const names = await readdir(shardDir);
    expect(names).not.toContain(stale);
    expect(names).toContain(live);
  });
});
