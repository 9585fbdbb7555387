/**
 * Hashed lexical n-gram features: word and character n-grams of the lengths the spec names (the
 * training config sets them), signed feature hashing into a fixed number of buckets, log-scaled
 * counts, L2-normalised. Deterministic across platforms (FNV-1a over UTF-16 code units).
 */
import type { FromSchema } from 'json-schema-to-ts';
import type manifestSchema from '../../schemas/manifest.schema.js';

/** Buckets and n-gram lengths, as the manifest stores them (schemas/manifest.schema.ts, `featureSet.ngrams`). */
export type NgramSpec = NonNullable<FromSchema<typeof manifestSchema>['feature_sets'][string]['ngrams']>;

export interface SparseVector {
  indices: Int32Array;
  values: Float32Array;
}

function fnv1a(text: string, seed: number): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function tokenize(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}$%]+(?:['’][\p{L}]+)?/gu) ?? [];
}

function ngramsOf(tokens: readonly string[], spec: NgramSpec): string[] {
  const grams: string[] = [];
  for (const n of spec.wordNgrams) {
    for (let i = 0; i + n <= tokens.length; i++) grams.push(`w${n}:${tokens.slice(i, i + n).join(' ')}`);
  }
  for (const token of tokens) {
    const padded = ` ${token} `;
    for (const n of spec.charNgrams) {
      for (let i = 0; i + n <= padded.length; i++) grams.push(`c:${padded.slice(i, i + n)}`);
    }
  }
  return grams;
}

export function hashedNgrams(text: string, spec: NgramSpec): SparseVector {
  const counts = new Map<number, number>();
  for (const gram of ngramsOf(tokenize(text), spec)) {
    const hash = fnv1a(gram, 0);
    const index = hash % spec.buckets;
    const sign = fnv1a(gram, 0x5bd1e995) & 1 ? 1 : -1;
    counts.set(index, (counts.get(index) ?? 0) + sign);
  }
  const entries = [...counts.entries()].filter(([, c]) => c !== 0).sort((a, b) => a[0] - b[0]);
  const values = entries.map(([, c]) => Math.sign(c) * Math.log1p(Math.abs(c)));
  const norm = Math.sqrt(values.reduce((sum, v) => sum + v * v, 0)) || 1;
  return { indices: Int32Array.from(entries.map(([i]) => i)), values: Float32Array.from(values.map((v) => v / norm)) };
}
