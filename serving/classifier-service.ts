/**
 * The classifier as the HTTP service sees it: a runtime that may still be loading, a warm-up
 * inference, and the dynamic batcher in front of the encoder (each coalesced batch is one encoder
 * call plus one batched ad_content scoring pass, the batched half of classifyBatch). /health reads `state`; the classify
 * routes call `classify`, which answers 503 not_ready until the warm-up has succeeded.
 */
import type { Envelope } from '../shared/envelope/envelope-types.js';
import type { ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { scoreAdContentBatch, type AdContentScores } from '../shared/ad-content/resolve-ad-content.js';
import { classifyBatch, envelopeFromInput, envelopeInputFor } from '../shared/pipeline/classify-query.js';
import { createBatcher, type Batcher } from './batcher.js';

export const WARM_UP_TEXT = 'which laptop should i buy for college';

export type ServiceState = 'loading' | 'ready' | 'failed';

export interface BatchInfo {
  size: number;
  durationMs: number;
  error?: unknown;
}

export interface ClassifierServiceOptions {
  /** A loaded runtime, or the promise of one (the service answers /health while it loads). */
  runtime: ClassifierRuntime | Promise<ClassifierRuntime>;
  batchMaxSize: number;
  batchMaxWaitMs: number;
  onBatch?: (info: BatchInfo) => void;
}

export interface ClassifierService {
  readonly state: ServiceState;
  /** Set once loaded (even when the warm-up then failed). */
  readonly runtime: ClassifierRuntime | undefined;
  /** Why loading or the warm-up failed. */
  readonly failure: Error | undefined;
  /** Resolves when the service is ready or has failed; never rejects. */
  readonly settled: Promise<ServiceState>;
  /** Envelopes for texts (already trimmed and validated), in order; throws NotReadyError before ready. */
  classify(texts: readonly string[], signal?: AbortSignal): Promise<Envelope[]>;
  /** Stop taking work and wait for queued and running batches to finish. */
  drain(): Promise<void>;
}

/** What one batch computes per text: the embedding (one encoder call) and the ad_content scores (one matrix product). */
interface BatchedText {
  embedding: Float32Array;
  adScores: AdContentScores | undefined;
}

/** The batched part of classifyBatch: one encoder call and one ad_content scoring pass for every coalesced text. */
async function embedAndScore(runtime: ClassifierRuntime, texts: readonly string[]): Promise<BatchedText[]> {
  const embeddings = await runtime.encoder.embed(texts, { batchSize: Math.max(texts.length, 1) });
  const scores = runtime.adContent ? await scoreAdContentBatch(runtime.adContent, texts, embeddings) : undefined;
  return embeddings.map((embedding, i) => ({ embedding, adScores: scores?.[i] }));
}

export class NotReadyError extends Error {
  override readonly name = 'NotReadyError';
}

export function createClassifierService(options: ClassifierServiceOptions): ClassifierService {
  let state: ServiceState = 'loading';
  let runtime: ClassifierRuntime | undefined;
  let failure: Error | undefined;
  let batcher: Batcher<string, BatchedText> | undefined;

  const settled = (async (): Promise<ServiceState> => {
    try {
      runtime = await options.runtime;
      // One inference through the whole pipeline (encoder, heads, ad_content, policy, validation).
      const loaded = runtime;
      await classifyBatch(loaded, [WARM_UP_TEXT]);
      batcher = createBatcher<string, BatchedText>({
        maxBatchSize: options.batchMaxSize,
        maxWaitMs: options.batchMaxWaitMs,
        run: (texts) => embedAndScore(loaded, texts),
        onBatch: options.onBatch,
      });
      state = 'ready';
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      state = 'failed';
    }
    return state;
  })();

  return {
    get state() {
      return state;
    },
    get runtime() {
      return runtime;
    },
    get failure() {
      return failure;
    },
    settled,
    async classify(texts, signal) {
      if (state !== 'ready' || !runtime || !batcher) {
        throw new NotReadyError(state === 'loading' ? 'the classifier is still loading' : 'the classifier failed to load');
      }
      const loaded = runtime;
      const ready = batcher;
      const batched = await ready.submitAll(texts, signal);
      // The rest is per text, as in classifyBatch: one envelope that fails validation fails its own request only.
      return texts.map((text, i) => {
        const { embedding, adScores } = batched[i] as BatchedText;
        return envelopeFromInput(loaded, envelopeInputFor(loaded, text, embedding, {}, adScores));
      });
    },
    async drain() {
      await settled;
      await batcher?.drain();
    },
  };
}
