import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../shared/config.js';
import type { Encoder } from '../../../shared/encoder/encoder.js';
import { createEncoder } from '../../../shared/encoder/create-encoder.js';
import { MODEL_LOAD_TIMEOUT_MS } from '../../helpers/timeouts.js';

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

function norm(a: Float32Array): number {
  return Math.sqrt(dot(a, a));
}

describe('use-lite encoder on the real USE lite weights', () => {
  let encoder: Encoder;

  beforeAll(async () => {
    encoder = await createEncoder({ ...DEFAULT_CONFIG.encoder, tfjsBackend: 'wasm' });
  }, MODEL_LOAD_TIMEOUT_MS);

  afterAll(async () => {
    await encoder?.dispose();
  });

  it('reports a stable id, 512 dimensions and a SHA-256 fingerprint', () => {
    expect(encoder.id).toBe('use-lite');
    expect(encoder.dim).toBe(512);
    expect(encoder.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('returns unit-norm 512-d float32 vectors', async () => {
    const vectors = await encoder.embed(['which laptop should I buy for college?', 'hi', '']);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector.length).toBe(512);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
  });

  it('keeps input order', async () => {
    const [a, b] = await encoder.embed(['book a flight to denver', 'my router keeps dropping wifi']);
    const [b2, a2] = await encoder.embed(['my router keeps dropping wifi', 'book a flight to denver']);
    expect(Array.from(a2 as Float32Array)).toEqual(Array.from(a as Float32Array));
    expect(Array.from(b2 as Float32Array)).toEqual(Array.from(b as Float32Array));
  });

  it('puts paraphrases closer than unrelated pairs', async () => {
    const [reset, forgot, pizza, weather] = await encoder.embed([
      'how do I reset my password',
      'I forgot my password, how can I change it',
      'best pizza toppings for a party',
      'will it rain in london tomorrow',
    ]);
    const paraphrase = dot(reset!, forgot!);
    expect(paraphrase).toBeGreaterThan(dot(reset!, pizza!));
    expect(paraphrase).toBeGreaterThan(dot(reset!, weather!));
    expect(paraphrase).toBeGreaterThan(dot(forgot!, pizza!));
  });

  it('gives identical vectors for the same text in a batch of 1 and a batch of 64', async () => {
    const texts = Array.from({ length: 64 }, (_, i) => `query ${i}: compare plans for a small team of ${i + 2}`);
    const batch = await encoder.embed(texts, { batchSize: 64 });
    for (const index of [0, 17, 63]) {
      const [single] = await encoder.embed([texts[index] as string], { batchSize: 1 });
      expect(Array.from(single as Float32Array)).toEqual(Array.from(batch[index] as Float32Array));
    }
  });

  it('batches internally and reports progress', async () => {
    const seen: number[] = [];
    const texts = Array.from({ length: 10 }, (_, i) => `text number ${i}`);
    const vectors = await encoder.embed(texts, { batchSize: 4, onProgress: (done) => seen.push(done) });
    expect(vectors).toHaveLength(10);
    expect(seen).toEqual([4, 8, 10]);
  });

  it('gives a text the same bits whatever its batch neighbours and batch size (cold and warm caches agree)', async () => {
    const target = 'which laptop should i buy for college';
    const [alone] = await encoder.embed([target]);
    const longer = Array.from({ length: 20 }, (_, i) => `a much longer neighbouring query number ${i} about flights, hotels and rental cars in ${i + 3} cities`);
    const shorter = ['hi', 'vpn', 'cheap flights', 'reset password'];
    for (const [batch, batchSize] of [
      [[...longer.slice(0, 5), target, ...shorter], 64],
      [[...shorter, target, ...longer], 7],
      [[target, ...longer], 2],
      [[...longer, ...shorter, target].reverse(), 128],
    ] as Array<[string[], number]>) {
      const vectors = await encoder.embed(batch, { batchSize });
      expect(Array.from(vectors[batch.indexOf(target)] as Float32Array)).toEqual(Array.from(alone as Float32Array));
    }
  });

  it('encodes the first 128 tokens of a longer text, with the same bits alone and beside short texts', async () => {
    const sentence = 'the quick brown fox jumps over the lazy dog while the band plays on';
    const long = Array.from({ length: 12 }, () => sentence).join(' ');
    const longer = `${long} and then a tail that only changes tokens past the limit`;
    const [alone, tailed] = await encoder.embed([long, longer], { batchSize: 1 });
    const mixed = await encoder.embed(['hi', longer, 'cheap flights to rome', long], { batchSize: 8 });
    expect(Array.from(tailed as Float32Array)).toEqual(Array.from(alone as Float32Array));
    expect(Array.from(mixed[3] as Float32Array)).toEqual(Array.from(alone as Float32Array));
    expect(Array.from(mixed[1] as Float32Array)).toEqual(Array.from(alone as Float32Array));
    const [short] = await encoder.embed([sentence]);
    expect(dot(alone as Float32Array, short as Float32Array)).toBeLessThan(0.9999);
  });

  it('gives the same bits in a worker thread (thread-encoder.ts, used by bulk classification)', async () => {
    const { createThreadEncoder } = await import('../../../shared/encoder/thread-encoder.js');
    const threaded = await createThreadEncoder({ ...DEFAULT_CONFIG.encoder, tfjsBackend: 'wasm' });
    try {
      expect([threaded.id, threaded.dim, threaded.fingerprint]).toEqual([encoder.id, encoder.dim, encoder.fingerprint]);
      const texts = ['book a flight to denver', 'hi', '', 'which crm should a five person sales team use this year'];
      const [here, there] = await Promise.all([encoder.embed(texts), threaded.embed(texts)]);
      expect(there.map((v) => Array.from(v))).toEqual(here.map((v) => Array.from(v)));
      expect(threaded.busyMs).toBeGreaterThan(0);
    } finally {
      await threaded.dispose();
    }
  });

  it('gives the same bits and order over several encoder threads (parallel-encoder.ts, used by training)', async () => {
    const { createParallelEncoder } = await import('../../../shared/encoder/parallel-encoder.js');
    const parallel = await createParallelEncoder({ ...DEFAULT_CONFIG.encoder, tfjsBackend: 'wasm' }, 2);
    try {
      expect([parallel.id, parallel.dim, parallel.fingerprint]).toEqual([encoder.id, encoder.dim, encoder.fingerprint]);
      // More texts than one chunk, so both threads take chunks and the vectors must be put back in order.
      const texts = Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? `plan ${i}` : `is the ${i} series laptop good for video editing and school work`));
      const seen: number[] = [];
      const [here, there] = await Promise.all([encoder.embed(texts), parallel.embed(texts, { onProgress: (done) => seen.push(done) })]);
      expect(there.map((v) => Array.from(v))).toEqual(here.map((v) => Array.from(v)));
      expect(seen.at(-1)).toBe(texts.length);
    } finally {
      await parallel.dispose();
    }
  });
});
