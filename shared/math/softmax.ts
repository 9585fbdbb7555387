/** Row-wise softmax and argmax over flat row-major [n, c] matrices. */

export function softmaxRow(logits: ArrayLike<number>): Float64Array {
  return softmaxInPlace(Float64Array.from(logits));
}

/** Softmax of `values`, written over them (no allocation: for loops over many rows). */
export function softmaxInPlace(values: Float64Array): Float64Array {
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) max = Math.max(max, values[i] as number);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    const e = Math.exp((values[i] as number) - max);
    values[i] = e;
    sum += e;
  }
  for (let i = 0; i < values.length; i++) values[i] = (values[i] as number) / sum;
  return values;
}

export function argmax(values: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] as number) > (values[best] as number)) best = i;
  return best;
}
