/**
 * Everything classification needs, loaded once: the encoder, the verified artifacts, the taxonomy
 * for ad_content, and the decision policy. Serving, evaluation and the CLI all build this one object.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadArtifacts, type LoadedArtifacts } from '../artifacts/load-artifacts.js';
import { AD_CONTENT_HEAD } from '../artifacts/layout.js';
import { PROJECT_ROOT, type AppConfig } from '../config.js';
import { createEncoder } from '../encoder/create-encoder.js';
import type { Encoder } from '../encoder/encoder.js';
import { buildAdContentModel, resolverParamsOf, type AdContentModel } from '../ad-content/resolve-ad-content.js';
import { defaultPolicy, type DecisionPolicy } from '../policy/decision-policy.js';
import type { HeadName } from '../labels.js';
import { loadTaxonomySources, type TaxonomySources } from '../taxonomy/annotations.js';

let version: string | undefined;

/** package.json's version, read on first use. */
export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return version;
}

export interface ClassifierRuntime {
  encoder: Encoder;
  artifacts: LoadedArtifacts;
  adContent: AdContentModel | undefined;
  /** Why ad_content serves the placeholder, when it does. */
  adContentProblem: string | undefined;
  policy: DecisionPolicy;
  /** Threshold per head: trained value from the manifest, else the policy default. */
  thresholds: Record<HeadName, number>;
  systemVersion: string;
}

export interface RuntimeOptions {
  encoder?: Encoder;
  policy?: DecisionPolicy;
  /** Injected for tests: a taxonomy with its annotations instead of the configured files. */
  taxonomy?: TaxonomySources;
  /** A specific artifact version; default: the one artifacts/current.json names. */
  version?: string;
}

async function loadAdContentModel(
  config: AppConfig,
  artifacts: LoadedArtifacts,
  threshold: number,
  injected: RuntimeOptions['taxonomy'],
): Promise<{ model?: AdContentModel; problem?: string }> {
  if (!artifacts.adContent) return { problem: artifacts.adContentProblem ?? 'ad_content artifacts missing' };
  try {
    const { taxonomy, annotations } = injected ?? (await loadTaxonomySources(config.paths.taxonomyFile));
    if (taxonomy.sha256 !== artifacts.manifest.taxonomy_sha256) throw new Error(`taxonomy file ${config.paths.taxonomyFile} differs from the one the artifacts were trained on`);
    const { index, resolver, tier1Head, ...classifier } = artifacts.adContent;
    return { model: buildAdContentModel({ classifier, tier1Head, index, taxonomy, regulated: annotations.regulated, threshold, params: resolverParamsOf(resolver) }) };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

export async function loadClassifierRuntime(config: AppConfig, options: RuntimeOptions = {}): Promise<ClassifierRuntime> {
  const encoder = options.encoder ?? (await createEncoder(config.encoder));
  const artifacts = await loadArtifacts(config.paths.artifactsDir, { encoderFingerprint: encoder.fingerprint, ...(options.version ? { version: options.version } : {}) });
  const policy = options.policy ?? defaultPolicy();
  const trained = artifacts.manifest.thresholds;
  const thresholds = {
    intent_type: trained.intent_type?.threshold ?? policy.default_thresholds.intent_type,
    intent_subtype: trained.intent_subtype?.threshold ?? policy.default_thresholds.intent_subtype,
    decision_phase: trained.decision_phase?.threshold ?? policy.default_thresholds.decision_phase,
    ad_content: trained[AD_CONTENT_HEAD]?.threshold ?? policy.default_thresholds.ad_content,
  };
  const { model, problem } = await loadAdContentModel(config, artifacts, thresholds.ad_content, options.taxonomy);
  return { encoder, artifacts, adContent: model, adContentProblem: problem, policy, thresholds, systemVersion: `${packageVersion()}+${artifacts.version}` };
}
