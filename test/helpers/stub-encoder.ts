/** A deterministic stand-in encoder for tests that must not load real weights: hashed bag of words. */
import { createHash } from 'node:crypto';
import { l2NormaliseInPlace, type Encoder } from '../../shared/encoder/encoder.js';

export const STUB_DIM = 64;

export function stubEncoder(fingerprint = 'a'.repeat(64)): Encoder & { calls: number } {
  const encoder = {
    id: 'stub',
    dim: STUB_DIM,
    fingerprint,
    calls: 0,
    async embed(texts: readonly string[]) {
      encoder.calls += texts.length;
      return texts.map((text) => {
        const vector = new Float32Array(STUB_DIM);
        for (const word of text.toLowerCase().split(/\W+/).filter(Boolean)) {
          const digest = createHash('sha256').update(word).digest();
          const [a = 0, b = 0, c = 0] = digest;
          vector[a % STUB_DIM] = (vector[a % STUB_DIM] as number) + 1;
          vector[b % STUB_DIM] = (vector[b % STUB_DIM] as number) + (c > 127 ? 0.5 : -0.5);
        }
        if (vector.every((v) => v === 0)) vector[0] = 1;
        return l2NormaliseInPlace(vector);
      });
    },
    async dispose() {},
  };
  return encoder;
}
