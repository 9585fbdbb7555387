/**
 * The batched half of classification: one encoder call and one ad_content scoring pass for every
 * coalesced text. Runs in an encoder worker (serving/encoder-worker.ts) or, with ENCODER_WORKERS=0,
 * on the main thread. Heads, policy and the envelope stay on the main thread.
 */
import { scoreAdContentBatch, type AdContentScores } from '../shared/ad-content/resolve-ad-content.js';
import type { ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';

/** What one batch computes per text: the embedding and the ad_content scores (one matrix product for the batch). */
export interface BatchedText {
  embedding: Float32Array;
  adScores: AdContentScores | undefined;
}

export async function embedAndScore(runtime: ClassifierRuntime, texts: readonly string[]): Promise<BatchedText[]> {
  const embeddings = await runtime.encoder.embed(texts, { batchSize: Math.max(texts.length, 1) });
  const scores = runtime.adContent ? await scoreAdContentBatch(runtime.adContent, texts, embeddings) : undefined;
  return embeddings.map((embedding, i) => ({ embedding, adScores: scores?.[i] }));
}
