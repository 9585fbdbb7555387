/**
 * classify_query, the spec's seven steps: one encoder pass for the batch; the three heads on shared
 * features (label = argmax of calibrated scores); calibration and threshold gating; commercial score,
 * ad_content, fallback, policy and opportunity (buildEnvelope); schema validation before returning.
 */
import { TAXONOMY_NAME, TAXONOMY_VERSION } from '../../taxonomy/taxonomy.js';
import { resolveAdContent } from '../ad-content/resolve-ad-content.js';
import type { LoadedHead } from '../artifacts/load-artifacts.js';
import { buildEnvelope, PLACEHOLDER_AD_CONTENT } from '../envelope/build-envelope.js';
import type { AdContentResult, Envelope, HeadResult } from '../envelope/envelope-types.js';
import { validateEnvelope } from '../envelope/validate-envelope.js';
import { queryFeatures } from '../features/feature-set.js';
import { headLogits } from '../heads/linear-head.js';
import { INTENT_HEADS, type HeadName, type IntentHead } from '../labels.js';
import { calibratedProba } from '../math/calibration.js';
import { argmax, softmaxRow } from '../math/softmax.js';
import type { ClassifierRuntime } from './classifier-runtime.js';

export interface ClassifyOptions {
  /** Per-call threshold overrides by head. */
  thresholds?: Partial<Record<HeadName, number>>;
}

export function headResult(loaded: LoadedHead, text: string, embedding: Float32Array, threshold: number): HeadResult {
  const logits = headLogits(loaded.head, queryFeatures(loaded.featureSet, text, embedding));
  const raw = softmaxRow(logits);
  const calibrated = loaded.calibration ? calibratedProba(loaded.calibration, logits) : raw;
  const best = argmax(calibrated);
  const confidence = calibrated[best] as number;
  return {
    label: loaded.head.labels[best] as string,
    confidence,
    raw_confidence: raw[best] as number,
    confidence_threshold: threshold,
    calibrated: loaded.calibration !== undefined,
    meets_threshold: confidence >= threshold,
  };
}

function adContentResult(runtime: ClassifierRuntime, text: string, embedding: Float32Array): AdContentResult {
  if (!runtime.adContent) return PLACEHOLDER_AD_CONTENT;
  const resolved = resolveAdContent(runtime.adContent, text, embedding);
  return {
    taxonomy: TAXONOMY_NAME,
    taxonomy_version: TAXONOMY_VERSION,
    tiers: resolved.tiers,
    mapping_mode: resolved.mapping_mode,
    mapping_confidence: resolved.mapping_confidence,
    sensitive: resolved.sensitive,
    regulated: resolved.regulated,
    is_placeholder: false,
  };
}

/** Everything after the encoder, for one text and its embedding. */
export function envelopeFor(runtime: ClassifierRuntime, text: string, embedding: Float32Array, options: ClassifyOptions = {}): Envelope {
  const threshold = (head: HeadName) => options.thresholds?.[head] ?? runtime.thresholds[head];
  const heads = Object.fromEntries(
    INTENT_HEADS.map((head) => [head, headResult(runtime.artifacts.intentHeads[head], text, embedding, threshold(head))]),
  ) as Record<IntentHead, HeadResult>;
  const envelope = buildEnvelope({ heads, adContent: adContentResult(runtime, text, embedding) }, runtime.policy, {
    system_version: runtime.systemVersion,
    artifact_version: runtime.artifacts.version,
    encoder_id: runtime.encoder.id,
  });
  validateEnvelope(envelope);
  return envelope;
}

export async function classifyBatch(runtime: ClassifierRuntime, texts: readonly string[], options: ClassifyOptions = {}): Promise<Envelope[]> {
  const embeddings = await runtime.encoder.embed(texts);
  return texts.map((text, i) => envelopeFor(runtime, text, embeddings[i] as Float32Array, options));
}

export async function classifyQuery(runtime: ClassifierRuntime, text: string, options: ClassifyOptions = {}): Promise<Envelope> {
  return (await classifyBatch(runtime, [text], options))[0] as Envelope;
}
