/** Adam as tfjs implements it (bias-corrected moments, epsilon outside the square root), on plain arrays. */
export interface AdamOptions {
  learningRate: number;
  beta1?: number;
  beta2?: number;
  epsilon?: number;
  /** Moment storage: float32 for the large head weight matrices, float64 for the few calibration parameters. */
  precision?: 'float32' | 'float64';
}

export class Adam {
  private readonly m: Float32Array | Float64Array;
  private readonly v: Float32Array | Float64Array;
  private readonly learningRate: number;
  private readonly beta1: number;
  private readonly beta2: number;
  private readonly epsilon: number;
  private step = 0;

  constructor(size: number, options: AdamOptions) {
    const Moments = options.precision === 'float64' ? Float64Array : Float32Array;
    this.m = new Moments(size);
    this.v = new Moments(size);
    this.learningRate = options.learningRate;
    this.beta1 = options.beta1 ?? 0.9;
    this.beta2 = options.beta2 ?? 0.999;
    this.epsilon = options.epsilon ?? 1e-7;
  }

  /**
   * One update of float32 `params` in place on the gradient `grads + decay * params` (an L2 penalty
   * `decay / 2 * |params|^2` the caller's gradient leaves out). Returns |params|^2 before the update.
   */
  applyDecayed(params: Float32Array, grads: Float32Array, decay: number): number {
    const { m, v } = this;
    if (!(m instanceof Float32Array && v instanceof Float32Array)) throw new Error('Adam.applyDecayed needs float32 moments');
    this.step += 1;
    const scale1 = 1 / (1 - this.beta1 ** this.step);
    const scale2 = 1 / (1 - this.beta2 ** this.step);
    return adamStepFloat32Decayed(params, grads, m, v, decay, this.learningRate, this.beta1, this.beta2, this.epsilon, scale1, scale2);
  }

  /** One update of `params` in place; parameters where `frozen(i)` is true keep their value and moments. */
  apply(params: Float32Array | Float64Array | number[], grads: ArrayLike<number>, frozen?: (i: number) => boolean): void {
    this.step += 1;
    const { beta1, beta2, epsilon, m, v } = this;
    const scale1 = 1 / (1 - beta1 ** this.step);
    const scale2 = 1 / (1 - beta2 ** this.step);
    const rate = this.learningRate;
    if (frozen === undefined && params instanceof Float32Array && grads instanceof Float32Array && m instanceof Float32Array && v instanceof Float32Array) {
      adamStepFloat32(params, grads, m, v, rate, beta1, beta2, epsilon, scale1, scale2);
      return;
    }
    for (let i = 0; i < params.length; i++) {
      if (frozen !== undefined && frozen(i)) continue;
      const g = grads[i] as number;
      const mi = beta1 * (m[i] as number) + (1 - beta1) * g;
      const vi = beta2 * (v[i] as number) + (1 - beta2) * g * g;
      m[i] = mi;
      v[i] = vi;
      params[i] = (params[i] as number) - (rate * mi * scale1) / (Math.sqrt(vi * scale2) + epsilon);
    }
  }
}

/**
 * Adam.applyDecayed's loop: the L2 term's gradient `decay * w` joins each gradient as the hand-written
 * objective adds it (rounded to float32, as a Float32Array gradient holds it), and the squared norm of
 * the weights before the update is summed in index order, so the result is the same bits as adding
 * the penalty in one pass over the weights and calling apply in another, in half the memory traffic.
 */
function adamStepFloat32Decayed(params: Float32Array, grads: Float32Array, m: Float32Array, v: Float32Array, decay: number, rate: number, beta1: number, beta2: number, epsilon: number, scale1: number, scale2: number): number {
  let squares = 0;
  for (let i = 0; i < params.length; i++) {
    const w = params[i] as number;
    squares += w * w;
    const g = Math.fround((grads[i] as number) + decay * w);
    const mi = beta1 * (m[i] as number) + (1 - beta1) * g;
    const vi = beta2 * (v[i] as number) + (1 - beta2) * g * g;
    m[i] = mi;
    v[i] = vi;
    params[i] = w - (rate * mi * scale1) / (Math.sqrt(vi * scale2) + epsilon);
  }
  return squares;
}

/**
 * Adam.apply's loop for the head weight matrices (millions of float32 parameters, no frozen ones),
 * in a function that only ever sees Float32Arrays: V8 then compiles monomorphic element access,
 * about 1.5x faster than the shared loop, which also serves float64 and plain-array parameters. The
 * same arithmetic in the same order, so the same bits.
 */
function adamStepFloat32(params: Float32Array, grads: Float32Array, m: Float32Array, v: Float32Array, rate: number, beta1: number, beta2: number, epsilon: number, scale1: number, scale2: number): void {
  for (let i = 0; i < params.length; i++) {
    const g = grads[i] as number;
    const mi = beta1 * (m[i] as number) + (1 - beta1) * g;
    const vi = beta2 * (v[i] as number) + (1 - beta2) * g * g;
    m[i] = mi;
    v[i] = vi;
    params[i] = (params[i] as number) - (rate * mi * scale1) / (Math.sqrt(vi * scale2) + epsilon);
  }
}
