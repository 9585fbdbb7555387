import { describe, expect, it } from 'vitest';
import { Rng } from '../../shared/random.js';
import { Adam } from '../../training/adam.js';

const SIZE = 1000;

function randomArray(rng: Rng, scale: number): Float32Array {
  return Float32Array.from({ length: SIZE }, () => (rng.next() - 0.5) * scale);
}

describe('Adam.applyDecayed', () => {
  it('gives the same bits and |w|^2 as adding the L2 gradient first and calling apply, step after step', () => {
    const rng = Rng.fromName('adam-decayed');
    const decay = 2e-3;
    const separate = { params: randomArray(rng, 2), adam: new Adam(SIZE, { learningRate: 0.01 }) };
    const fused = { params: Float32Array.from(separate.params), adam: new Adam(SIZE, { learningRate: 0.01 }) };
    for (let step = 0; step < 5; step++) {
      const grads = randomArray(rng, 0.2);
      let squares = 0;
      const withPenalty = Float32Array.from(grads, (g, i) => {
        const w = separate.params[i] as number;
        squares += w * w;
        return g + decay * w;
      });
      separate.adam.apply(separate.params, withPenalty);
      expect(fused.adam.applyDecayed(fused.params, grads, decay)).toBe(squares);
      expect(Buffer.from(fused.params.buffer).equals(Buffer.from(separate.params.buffer))).toBe(true);
    }
  });

  it('refuses float64 moments', () => {
    expect(() => new Adam(SIZE, { learningRate: 0.01, precision: 'float64' }).applyDecayed(new Float32Array(SIZE), new Float32Array(SIZE), 0)).toThrow(/float32/);
  });
});
