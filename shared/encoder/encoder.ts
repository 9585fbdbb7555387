/** The one interface every frozen text encoder implements; heads only ever see its vectors. */

export interface EmbedOptions {
  /** Texts per forward pass; defaults to the encoder's configured batch size. */
  batchSize?: number;
  /** Called after every batch with the number of texts embedded so far. */
  onProgress?: (done: number, total: number) => void;
}

export interface Encoder {
  /** Stable id, e.g. `use-lite` or `transformers:Xenova/all-MiniLM-L6-v2`. */
  readonly id: string;
  readonly dim: number;
  /** SHA-256 over the weight files and tokenizer config: proves which encoder an artifact was trained on. */
  readonly fingerprint: string;
  /** L2-normalised float32 vectors, one per text, in input order. */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}

/** Scale a vector to unit length in place (a zero vector is left as is). */
export function l2NormaliseInPlace(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) / norm;
  return vector;
}

/** Split a flat [n * dim] buffer into n normalised row views. */
export function rowsOf(flat: Float32Array, n: number, dim: number): Float32Array[] {
  const rows: Float32Array[] = [];
  for (let i = 0; i < n; i++) rows.push(l2NormaliseInPlace(flat.slice(i * dim, (i + 1) * dim)));
  return rows;
}

/** Run `embedBatch` over bounded batches, keeping input order and reporting progress. */
export async function embedInBatches(
  texts: readonly string[],
  batchSize: number,
  embedBatch: (batch: readonly string[]) => Promise<Float32Array[]>,
  onProgress?: (done: number, total: number) => void,
): Promise<Float32Array[]> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`batch size must be a positive integer, given ${batchSize}`);
  const out: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    const batch = texts.slice(start, start + batchSize);
    out.push(...(await embedBatch(batch)));
    onProgress?.(out.length, texts.length);
  }
  return out;
}
