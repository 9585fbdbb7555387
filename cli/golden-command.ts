/**
 * Golden predictions: the committed artifact version's decisions on the fixed, project-written queries
 * of test/golden/queries.txt, recorded in test/golden/predictions.json together with the artifact
 * version and encoder fingerprint they came from. test/golden/golden.test.ts (part of `npm test`) runs
 * the real encoder and the committed artifacts on the same queries and fails on any difference: an
 * edit to tokenisation, n-gram hashing, the stemmer, calibration or policy code shows up here. When
 * artifacts/current.json names another version the test says so and asks for regeneration.
 *
 *   npm run golden            compare and print every difference (exit 1 on any)
 *   npm run golden:update     regenerate test/golden/predictions.json for the current version
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT, type AppConfig } from '../shared/config.js';
import { defineCommand } from './define-command.js';
import { modelConfig, withModelFlags } from './encoder-flags.js';
import type { Envelope } from '../shared/envelope/envelope-types.js';
import { UserFacingError } from '../shared/errors.js';
import { loadClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { classifyBatch } from '../shared/pipeline/classify-query.js';

export const GOLDEN_DIR = join(PROJECT_ROOT, 'test', 'golden');
export const GOLDEN_QUERIES = join(GOLDEN_DIR, 'queries.txt');
export const GOLDEN_PREDICTIONS = join(GOLDEN_DIR, 'predictions.json');
export const REGENERATE_COMMAND = 'npm run golden:update';
/** Confidences and scores (already rounded to 4 decimals in the envelope) may differ by this much. */
export const NUMBER_TOLERANCE = 2e-4;

/** The decisions of one query: every label and decision exactly, every confidence and score within the tolerance. */
export interface GoldenPrediction {
  text: string;
  intent_type: string;
  intent_subtype: string;
  decision_phase: string;
  confidence: { intent_type: number; intent_subtype: number; decision_phase: number; ad_content: number };
  commercial_score: number;
  ad_content: string;
  mapping_mode: string;
  monetization_eligibility: string;
  eligibility_reason: string;
  opportunity: string;
  fallback: string | null;
}

export interface GoldenFile {
  artifact_version: string;
  encoder_fingerprint: string;
  regenerate: string;
  predictions: GoldenPrediction[];
}

export async function readGoldenQueries(path = GOLDEN_QUERIES): Promise<string[]> {
  return (await readFile(path, 'utf8'))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

export function predictionOf(text: string, envelope: Envelope): GoldenPrediction {
  const { intent, ad_content: ad } = envelope.model_output.classification;
  const components = intent.component_confidence;
  const tiers = [ad.tier1, ad.tier2, ad.tier3, ad.tier4].filter((t) => t !== undefined && t !== null) as Array<{ id: string; label: string }>;
  return {
    text,
    intent_type: components.intent_type.label,
    intent_subtype: components.intent_subtype.label,
    decision_phase: components.decision_phase.label,
    confidence: {
      intent_type: components.intent_type.confidence,
      intent_subtype: components.intent_subtype.confidence,
      decision_phase: components.decision_phase.confidence,
      ad_content: ad.mapping_confidence,
    },
    commercial_score: intent.commercial_score,
    ad_content: tiers.map((t) => `${t.id} ${t.label}`).join(' > '),
    mapping_mode: ad.mapping_mode,
    monetization_eligibility: envelope.system_decision.policy.monetization_eligibility,
    eligibility_reason: envelope.system_decision.policy.eligibility_reason,
    opportunity: envelope.system_decision.opportunity.type,
    fallback: envelope.model_output.fallback?.reason ?? null,
  };
}

/** Run the configured encoder and artifacts on the golden queries. */
export async function computeGolden(config: AppConfig, queries: readonly string[]): Promise<GoldenFile> {
  const runtime = await loadClassifierRuntime(config);
  try {
    const envelopes = await classifyBatch(runtime, queries);
    return {
      artifact_version: runtime.artifacts.version,
      encoder_fingerprint: runtime.encoder.fingerprint,
      regenerate: REGENERATE_COMMAND,
      predictions: queries.map((text, i) => predictionOf(text, envelopes[i] as Envelope)),
    };
  } finally {
    await runtime.encoder.dispose();
  }
}

/** One prediction per line, so a regenerated file diffs line by line. */
export function goldenBytes(golden: GoldenFile): string {
  const head = JSON.stringify({ artifact_version: golden.artifact_version, encoder_fingerprint: golden.encoder_fingerprint, regenerate: golden.regenerate });
  return `${head.slice(0, -1)},\n"predictions": [\n${golden.predictions.map((p) => JSON.stringify(p)).join(',\n')}\n]}\n`;
}

export async function readGoldenFile(path = GOLDEN_PREDICTIONS): Promise<GoldenFile> {
  return JSON.parse(await readFile(path, 'utf8')) as GoldenFile;
}

/** Every difference between the recorded and the computed predictions, one line each (empty: none). */
export function compareGolden(recorded: GoldenFile, computed: GoldenFile): string[] {
  const problems: string[] = [];
  if (recorded.artifact_version !== computed.artifact_version) {
    return [
      `test/golden/predictions.json records artifact version ${recorded.artifact_version}, but the artifacts in use are ${computed.artifact_version}: ` +
        `a new version changes predictions on purpose; review them and regenerate with \`${REGENERATE_COMMAND}\``,
    ];
  }
  if (recorded.encoder_fingerprint !== computed.encoder_fingerprint) problems.push(`encoder fingerprint ${computed.encoder_fingerprint} differs from the recorded ${recorded.encoder_fingerprint}`);
  if (recorded.predictions.length !== computed.predictions.length) {
    problems.push(`${computed.predictions.length} queries, ${recorded.predictions.length} recorded: queries.txt changed; regenerate with \`${REGENERATE_COMMAND}\``);
    return problems;
  }
  recorded.predictions.forEach((want, i) => {
    const got = computed.predictions[i] as GoldenPrediction;
    if (want.text !== got.text) {
      problems.push(`query ${i + 1}: recorded text ${JSON.stringify(want.text)}, queries.txt has ${JSON.stringify(got.text)}`);
      return;
    }
    const differences: string[] = [];
    for (const key of ['intent_type', 'intent_subtype', 'decision_phase', 'ad_content', 'mapping_mode', 'monetization_eligibility', 'eligibility_reason', 'opportunity', 'fallback'] as const) {
      if (want[key] !== got[key]) differences.push(`${key} ${JSON.stringify(want[key])} -> ${JSON.stringify(got[key])}`);
    }
    const numbers: Array<[string, number, number]> = [
      ...(Object.keys(want.confidence) as Array<keyof GoldenPrediction['confidence']>).map((k) => [`confidence.${k}`, want.confidence[k], got.confidence[k]] as [string, number, number]),
      ['commercial_score', want.commercial_score, got.commercial_score],
    ];
    for (const [name, a, b] of numbers) if (!(Math.abs(a - b) <= NUMBER_TOLERANCE)) differences.push(`${name} ${a} -> ${b}`);
    if (differences.length > 0) problems.push(`query ${i + 1} ${JSON.stringify(want.text)}: ${differences.join('; ')}`);
  });
  if (problems.length > 0) {
    problems.push(
      `the artifacts are still ${recorded.artifact_version}, so these changes come from code (features, tokenisation, calibration, resolver, policy, encoder): ` +
        `if they are not intended, fix the code; if they are (or after a retrain), review them and regenerate with \`${REGENERATE_COMMAND}\``,
    );
  }
  return problems;
}

export const goldenCommand = defineCommand({
  command: 'golden',
  describe: "compare the current artifacts' decisions on test/golden/queries.txt with test/golden/predictions.json (--update regenerates that file)",
  examples: [['query-intent golden --update', 'rewrite test/golden/predictions.json for the current artifact version']],
  builder: (y) =>
    withModelFlags(y)
      .option('update', { type: 'boolean', default: false, describe: 'write test/golden/predictions.json for the current artifact version' }),
  handler: async (args) => {
    const config = modelConfig(args);
    const computed = await computeGolden(config, await readGoldenQueries());
    if (args.update) {
      await writeFile(GOLDEN_PREDICTIONS, goldenBytes(computed));
      console.log(`wrote ${computed.predictions.length} golden predictions of ${computed.artifact_version} to test/golden/predictions.json`);
      return;
    }
    const problems = compareGolden(await readGoldenFile(), computed);
    for (const line of problems) console.log(line);
    if (problems.length > 0) throw new UserFacingError(`golden predictions differ (${problems.length} lines above)`);
    console.log(`golden predictions match: ${computed.predictions.length} queries, artifact version ${computed.artifact_version}`);
  },
});

