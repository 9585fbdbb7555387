import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CachedEncoder } from '../../shared/encoder/embedding-cache.js';
import type { Encoder } from '../../shared/encoder/encoder.js';
import { l2NormaliseInPlace } from '../../shared/encoder/encoder.js';

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
});
