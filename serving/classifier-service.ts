/**
 * The classifier as the HTTP service sees it: a runtime that may still be loading, a warm-up
 * inference, and the adaptive batcher in front of the encoder. Each batch (serving/embed-and-score.ts:
 * one encoder call plus one batched ad_content scoring pass) runs on an idle encoder worker
 * (serving/encoder-pool.ts), or on the main thread when there is no pool (ENCODER_WORKERS=0, tests).
 * Heads, policy and the envelope run here, per text, yielding to the event loop between texts so
 * /health and /metrics stay responsive during large batches. /health reads `state` and
 * `degradedReasons`; the classify routes call `classify`, which answers 503 not_ready until the
 * warm-up has succeeded.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Envelope } from '../shared/envelope/envelope-types.js';
import type { ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { envelopeFromInput, envelopeInputFor } from '../shared/pipeline/classify-query.js';
import { INTENT_HEADS } from '../shared/labels.js';
import { createBatcher, type Batcher } from './batcher.js';
import { embedAndScore, type BatchedText } from './embed-and-score.js';
import type { EncoderPool, EncoderPoolStats } from './encoder-pool.js';

export const WARM_UP_TEXT = 'which laptop should i buy for college';
/** Envelope building yields to the event loop after this much main-thread time. */
const YIELD_EVERY_MS = 4;

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
  /** Encoder worker threads; without one the batches run on runtime.encoder in this thread. */
  encoderPool?: EncoderPool;
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
  /** The encoder pool's state, when there is one. */
  workers(): EncoderPoolStats | undefined;
  /** Envelopes for texts (already trimmed and validated), in order; throws NotReadyError before ready. */
  classify(texts: readonly string[], signal?: AbortSignal): Promise<Envelope[]>;
  /** Stop taking work and wait for queued and running batches to finish. */
  drain(): Promise<void>;
}

export class NotReadyError extends Error {
  override readonly name = 'NotReadyError';
}

/**
 * Why a loaded runtime serves less than everything, one line per missing part (no filesystem paths):
 * ad_content on the placeholder, heads without calibration.
 */
export function degradedReasons(runtime: ClassifierRuntime): string[] {
  const reasons: string[] = [];
  for (const head of INTENT_HEADS) {
    if (runtime.artifacts.intentHeads[head].calibration === undefined) reasons.push(`${head}: no calibration file (calibration/${head}.json); confidences are uncalibrated softmax`);
  }
  if (!runtime.adContent) {
    reasons.push(`ad_content: placeholder mapping (${redactPaths(runtime.adContentProblem ?? 'ad_content model not loaded', runtime.artifacts.dir)})`);
  } else if (runtime.artifacts.adContent?.calibration === undefined) {
    reasons.push('ad_content: no calibration file (calibration/ad_content.json); confidences are uncalibrated softmax');
  }
  return reasons;
}

/** A message with the artifact folder made relative and any other absolute path cut to its file name. */
export function redactPaths(message: string, artifactsDir: string): string {
  return message
    .split(`${artifactsDir}/`)
    .join('')
    .replace(/(?:[A-Za-z]:|\.{1,2})?(?:[\\/][^\s\\/'"`:,()]+){2,}/g, (path) => path.split(/[\\/]/).pop() ?? '');
}

export function createClassifierService(options: ClassifierServiceOptions): ClassifierService {
  let state: ServiceState = 'loading';
  let runtime: ClassifierRuntime | undefined;
  let failure: Error | undefined;
  let batcher: Batcher<string, BatchedText> | undefined;
  const pool = options.encoderPool;

  const settled = (async (): Promise<ServiceState> => {
    try {
      runtime = await options.runtime;
      const loaded = runtime;
      const run = pool ? (texts: readonly string[]) => pool.run(texts) : (texts: readonly string[]) => embedAndScore(loaded, texts);
      // One inference through the whole pipeline (encoder, heads, ad_content, policy, validation).
      const [warm] = await run([WARM_UP_TEXT]);
      envelopeFromInput(loaded, envelopeInputFor(loaded, WARM_UP_TEXT, (warm as BatchedText).embedding, {}, warm?.adScores));
      const ready = createBatcher<string, BatchedText>({
        maxBatchSize: options.batchMaxSize,
        capacity: pool ? () => pool.live : 1,
        run,
        onBatch: options.onBatch,
      });
      pool?.onCapacity(() => ready.kick());
      batcher = ready;
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
    workers: () => pool?.stats(),
    async classify(texts, signal) {
      if (state !== 'ready' || !runtime || !batcher) {
        throw new NotReadyError(state === 'loading' ? 'the classifier is still loading' : 'the classifier failed to load');
      }
      const loaded = runtime;
      const batched = await batcher.submitAll(texts, signal);
      // The rest is per text, as in classifyBatch: one envelope that fails validation fails its own request only.
      const envelopes: Envelope[] = [];
      let since = performance.now();
      for (const [i, text] of texts.entries()) {
        const { embedding, adScores } = batched[i] as BatchedText;
        envelopes.push(envelopeFromInput(loaded, envelopeInputFor(loaded, text, embedding, {}, adScores)));
        if (i < texts.length - 1 && performance.now() - since >= YIELD_EVERY_MS) {
          await yieldToEventLoop();
          if (signal?.aborted) throw signal.reason;
          since = performance.now();
        }
      }
      return envelopes;
    },
    async drain() {
      await settled;
      await batcher?.drain();
    },
  };
}
