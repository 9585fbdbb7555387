/**
 * The classifier as the HTTP service sees it: a runtime that may still be loading, a warm-up
 * inference, and the adaptive batcher in front of the encoder. Each batch (serving/embed-and-score.ts:
 * one encoder call plus one batched ad_content scoring pass) runs on an idle encoder worker
 * (serving/encoder-pool.ts), or on the main thread when there is no pool (ENCODER_WORKERS=0, tests).
 * Heads, policy and the envelope run here, per text, yielding to the event loop between texts so
 * /health and /metrics stay responsive during large batches. /health reads `state` and
 * `degradedReasons`; the classify routes call `classify`, which answers 503 not_ready until the
 * warm-up has succeeded. `reload` (SIGHUP, POST /admin/reload) loads the version
 * artifacts/current.json names on the same encoder, verifies it completely (checksums and schemas
 * while loading, then a smoke classification through the encoder workers and the envelope schema)
 * and only then swaps it in; requests already queued or running finish on the version they started
 * with (each version has its own batcher; the workers hold both versions until the old one drains).
 * A failed reload leaves the active version serving and says why.
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

export interface ReloadResult {
  /** reloaded: the new version serves; unchanged: current.json names the active version; failed: the active version keeps serving. */
  outcome: 'reloaded' | 'unchanged' | 'failed';
  previous_version: string | undefined;
  active_version: string | undefined;
  /** Why a reload failed (no filesystem paths). */
  error?: string;
}

export interface ClassifierServiceOptions {
  /** A loaded runtime, or the promise of one (the service answers /health while it loads). */
  runtime: ClassifierRuntime | Promise<ClassifierRuntime>;
  /** Load the version artifacts/current.json names now, on the active runtime's encoder (hot reload; absent: no reload). */
  reloadRuntime?: (active: ClassifierRuntime) => Promise<ClassifierRuntime>;
  onReload?: (result: ReloadResult) => void;
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
  /** Swap in the version artifacts/current.json names, once it has proved itself; never rejects. */
  reload(): Promise<ReloadResult>;
  /** Stop taking work and wait for queued and running batches to finish. */
  drain(): Promise<void>;
}

/** Texts the smoke classification of a reloaded version runs (the warm-up text and two more kinds of query). */
export const SMOKE_TEXTS = [WARM_UP_TEXT, 'my router keeps dropping wifi every hour', 'write a short poem about the sea'];

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
  let failure: Error | undefined;
  /** The version serving new requests, and its batcher. */
  let active: { runtime: ClassifierRuntime; batcher: Batcher<string, BatchedText> } | undefined;
  let loadedRuntime: ClassifierRuntime | undefined;
  /** Batchers of replaced versions still finishing their requests. */
  const retiring = new Set<Promise<void>>();
  let reloading: Promise<ReloadResult> | undefined;
  const pool = options.encoderPool;

  /** The batched half of classification on one version: a worker (holding that version) or this thread. */
  const runOn = (runtime: ClassifierRuntime) =>
    pool ? (texts: readonly string[]) => pool.run(texts, runtime.artifacts.version) : (texts: readonly string[]) => embedAndScore(runtime, texts);

  /** One batch through the whole pipeline on `runtime`: encoder, ad_content, heads, policy, envelope validation. */
  async function smokeTest(runtime: ClassifierRuntime, texts: readonly string[]): Promise<void> {
    const batched = await runOn(runtime)(texts);
    texts.forEach((text, i) => envelopeFromInput(runtime, envelopeInputFor(runtime, text, (batched[i] as BatchedText).embedding, {}, batched[i]?.adScores)));
  }

  const batcherFor = (runtime: ClassifierRuntime) => {
    const batcher = createBatcher<string, BatchedText>({
      maxBatchSize: options.batchMaxSize,
      capacity: pool ? () => pool.live : 1,
      // The in-process encoder blocks this thread: let every request read in this poll phase queue first.
      deferDispatch: !pool,
      run: runOn(runtime),
      onBatch: options.onBatch,
    });
    pool?.onCapacity(() => batcher.kick());
    return batcher;
  };

  const settled = (async (): Promise<ServiceState> => {
    try {
      loadedRuntime = await options.runtime;
      const runtime = loadedRuntime;
      // The workers loaded the version current.json named when they started; the main thread may have read a newer one.
      await pool?.load(runtime.artifacts.version);
      await smokeTest(runtime, [WARM_UP_TEXT]);
      active = { runtime, batcher: batcherFor(runtime) };
      state = 'ready';
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      state = 'failed';
    }
    return state;
  })();

  async function reload(): Promise<ReloadResult> {
    const current = active;
    const previous = current?.runtime.artifacts.version;
    const result = (outcome: ReloadResult['outcome'], error?: string): ReloadResult => ({
      outcome,
      previous_version: previous,
      active_version: active?.runtime.artifacts.version,
      ...(error ? { error } : {}),
    });
    if (!current || state !== 'ready' || closed) return result('failed', state === 'loading' ? 'the service is still loading' : 'the service is not serving');
    if (!options.reloadRuntime) return result('failed', 'this service was started without hot reload');
    let next: ClassifierRuntime;
    try {
      next = await options.reloadRuntime(current.runtime);
    } catch (error) {
      return result('failed', `the new version failed to load: ${redactPaths((error as Error).message, current.runtime.artifacts.dir.replace(/[\\/][^\\/]+$/, ''))}`);
    }
    const version = next.artifacts.version;
    if (version === previous) return result('unchanged');
    try {
      await pool?.load(version);
      await smokeTest(next, SMOKE_TEXTS);
    } catch (error) {
      if (pool?.versions.has(version)) pool.unload(version);
      return result('failed', `version ${version} failed its smoke classification: ${redactPaths((error as Error).message, next.artifacts.dir)}`);
    }
    if (closed) {
      pool?.unload(version);
      return result('failed', 'the service is shutting down');
    }
    active = { runtime: next, batcher: batcherFor(next) };
    loadedRuntime = next;
    // Requests queued or running on the old version finish on it; then the workers drop it.
    const finished = current.batcher.drain().then(() => {
      if (pool && active?.runtime.artifacts.version !== previous && previous) pool.unload(previous);
    });
    retiring.add(finished);
    void finished.finally(() => retiring.delete(finished));
    return result('reloaded');
  }

  let closed = false;
  return {
    get state() {
      return state;
    },
    get runtime() {
      return active?.runtime ?? loadedRuntime;
    },
    get failure() {
      return failure;
    },
    settled,
    workers: () => pool?.stats(),
    async classify(texts, signal) {
      const serving = active;
      if (state !== 'ready' || !serving) {
        throw new NotReadyError(state === 'loading' ? 'the classifier is still loading' : 'the classifier failed to load');
      }
      // The version this request started on: its batch and its envelope both use it, whatever reloads meanwhile.
      const { runtime, batcher } = serving;
      const batched = await batcher.submitAll(texts, signal);
      // The rest is per text, as in classifyBatch: one envelope that fails validation fails its own request only.
      const envelopes: Envelope[] = [];
      let since = performance.now();
      for (const [i, text] of texts.entries()) {
        const { embedding, adScores } = batched[i] as BatchedText;
        envelopes.push(envelopeFromInput(runtime, envelopeInputFor(runtime, text, embedding, {}, adScores)));
        if (i < texts.length - 1 && performance.now() - since >= YIELD_EVERY_MS) {
          await yieldToEventLoop();
          if (signal?.aborted) throw signal.reason;
          since = performance.now();
        }
      }
      return envelopes;
    },
    reload() {
      reloading ??= reload()
        .then((outcome) => {
          options.onReload?.(outcome);
          return outcome;
        })
        .finally(() => (reloading = undefined));
      return reloading;
    },
    async drain() {
      await settled;
      closed = true;
      await reloading;
      await Promise.all([active?.batcher.drain(), ...retiring]);
    },
  };
}
