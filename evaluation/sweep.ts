/**
 * `npm run sweep -- --data FILE --head HEAD [--target-precision p] [--apply] [--json OUT]` (also
 * `query-intent sweep`): for thresholds 0..1 (step 0.01) of one head, its coverage and accepted
 * accuracy, and on the whole envelope (rebuilt by the served decision code at each threshold) the
 * fallback rate, the share of commercial rows sent to fallback and of safe rows allowed.
 *
 * Objective of the recommendation: the most coverage (the lowest threshold at or above the floor)
 * whose accepted accuracy reaches the target precision on at least MIN_ACCEPTED_ROWS accepted rows,
 * the rule training uses (training/pick-threshold.ts). `--apply` writes it into a new artifact version.
 */
import { textTable } from '../shared/text-table.js';
import { chooseAdContent } from '../shared/ad-content/resolve-ad-content.js';
import { type AppConfig } from '../shared/config.js';
import type { EnvelopeInput } from '../shared/envelope/envelope-types.js';
import { UserFacingError } from '../shared/errors.js';
import { SUBTYPE_FAMILY, type HeadName, type IntentSubtype } from '../shared/labels.js';
import { type ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { adContentFromResolution, envelopeFromInput, withThreshold } from '../shared/pipeline/classify-query.js';
import { MIN_ACCEPTED_ROWS, pickFromCurve, thresholdCurve, thresholdSteps, type ThresholdChoice, type ThresholdCurvePoint } from '../shared/math/pick-threshold.js';
import { adContentCurve } from './eval-report.js';
import { formatProblem, readEvalRows, type EvalRow, type RowProblem } from './eval-rows.js';
import { adContentGoldSource, HEAD_NAMES } from './evaluate.js';
import { runPipeline, type EvaluatedRow } from './run-pipeline.js';

export type RowCategory = 'commercial' | 'safe';

const COMMERCIAL_TYPES: readonly string[] = ['commercial', 'transactional'];
const SAFE_TYPES: readonly string[] = ['support', 'personal_reflection', 'ambiguous', 'prohibited'];
const COMMERCIAL_FAMILIES: readonly string[] = ['commercial', 'transactional'];
const SAFE_FAMILIES: readonly string[] = ['support', 'reflection', 'ambiguous'];
const ALLOWED: readonly string[] = ['allowed', 'allowed_with_caution'];

export const SWEEP_DEFINITIONS = {
  commercial_row: 'gold intent_type commercial or transactional (without an intent_type: a subtype of the commercial or transactional family)',
  safe_row: 'gold intent_type support, personal_reflection, ambiguous or prohibited (without an intent_type: a subtype of the support, reflection or ambiguous family)',
  coverage: "share of the head's labelled rows meeting the threshold (ad_content: mapping_confidence at or above it after re-resolving at that threshold)",
  accepted_accuracy: 'accuracy of the accepted rows (ad_content: exact node)',
  fallback_rate: 'share of all rows whose envelope applies a fallback',
  commercial_to_fallback: 'share of commercial rows whose envelope applies a fallback',
  safe_allowed: 'share of safe rows whose monetization_eligibility is allowed or allowed_with_caution',
} as const;

/** The row's place in the envelope-level figures, from its gold labels. */
export function rowCategory(gold: EvalRow['gold']): RowCategory | undefined {
  if (gold.intent_type !== undefined) {
    if (COMMERCIAL_TYPES.includes(gold.intent_type)) return 'commercial';
    if (SAFE_TYPES.includes(gold.intent_type)) return 'safe';
    return undefined;
  }
  if (gold.intent_subtype !== undefined) {
    const family = SUBTYPE_FAMILY[gold.intent_subtype as IntentSubtype];
    if (COMMERCIAL_FAMILIES.includes(family)) return 'commercial';
    if (SAFE_FAMILIES.includes(family)) return 'safe';
  }
  return undefined;
}

export interface SweepPoint {
  threshold: number;
  coverage: number;
  accepted_accuracy: number;
  /** ad_content only: parent-safe accuracy of the accepted rows. */
  accepted_parent_safe?: number;
  fallback_rate: number;
  commercial_to_fallback: number;
  safe_allowed: number;
}

export interface SweepReport {
  dataset: string;
  head: HeadName;
  rows: number;
  head_rows: number;
  commercial_rows: number;
  safe_rows: number;
  skipped: number;
  problems: RowProblem[];
  artifact_version: string;
  current_threshold: number;
  target_precision: number;
  floor: number;
  objective: string;
  definitions: typeof SWEEP_DEFINITIONS;
  points: SweepPoint[];
  recommendation: { threshold: number; target_met: boolean; coverage: number; accepted_accuracy: number };
}

export interface SweepOptions {
  dataFile: string;
  head: HeadName;
  targetPrecision?: number;
  batchSize: number;
  config: AppConfig;
}

function headCurve(evaluated: readonly EvaluatedRow[], head: HeadName, runtime: ClassifierRuntime): Array<ThresholdCurvePoint & { acceptedParentSafe?: number }> {
  if (head === 'ad_content') {
    const model = runtime.adContent;
    if (!model) throw new UserFacingError(`ad_content cannot be swept: ${runtime.adContentProblem ?? 'no ad_content model'}`);
    const rows = evaluated.filter((r) => r.row.adContent).map((r) => ({ row: r, gold: r.row.adContent as { id: string; path: readonly string[] } }));
    return adContentCurve(rows, model).map((p) => ({ threshold: p.threshold, coverage: p.coverage, acceptedAccuracy: p.accepted_accuracy, acceptedParentSafe: p.accepted_parent_safe }));
  }
  const labelled = evaluated.filter((r) => r.row.gold[head] !== undefined);
  const results = labelled.map((r) => (r.input as EnvelopeInput).heads[head]);
  return thresholdCurve(
    results.map((h) => h.confidence),
    results.map((h, i) => h.label === labelled[i]?.row.gold[head]),
  );
}

/** The envelope input with one head re-gated (intent heads) or re-resolved (ad_content) at `threshold`. */
function inputAt(runtime: ClassifierRuntime, row: EvaluatedRow, head: HeadName, threshold: number): EnvelopeInput {
  const input = row.input as EnvelopeInput;
  if (head !== 'ad_content') return { ...input, heads: { ...input.heads, [head]: withThreshold(input.heads[head], threshold) } };
  if (!runtime.adContent || !row.adScores) return input;
  return { ...input, adContent: adContentFromResolution(chooseAdContent(runtime.adContent, row.adScores, threshold)) };
}

export async function sweep(runtime: ClassifierRuntime, options: SweepOptions): Promise<SweepReport> {
  const { head } = options;
  if (!HEAD_NAMES.includes(head)) throw new UserFacingError(`unknown head "${head}" (heads: ${HEAD_NAMES.join(', ')})`);
  if (head === 'ad_content' && !runtime.adContent) throw new UserFacingError(`ad_content cannot be swept: ${runtime.adContentProblem ?? 'no ad_content model'}`);
  const { rows, problems } = await readEvalRows([options.dataFile], adContentGoldSource(runtime));
  const headRows = rows.filter((r) => (head === 'ad_content' ? r.adContent !== undefined : r.gold[head] !== undefined)).length;
  if (headRows === 0) throw new UserFacingError(`${options.dataFile}: no usable row carries a ${head} label`);
  const evaluated = await runPipeline(runtime, rows, { batchSize: options.batchSize, keepInputs: true, adScoresFor: head === 'ad_content' ? 'all' : 'gold', label: 'sweep' });

  const record = runtime.artifacts.manifest.thresholds[head];
  const targetPrecision = options.targetPrecision ?? record?.target_precision ?? options.config.training.targetPrecision[head];
  const floor = record?.floor ?? options.config.training.thresholdFloor;
  const curve = headCurve(evaluated, head, runtime);
  const categories = evaluated.map((r) => rowCategory(r.row.gold));
  const commercialRows = categories.filter((c) => c === 'commercial').length;
  const safeRows = categories.filter((c) => c === 'safe').length;
  const share = (n: number, of: number) => (of === 0 ? 0 : n / of);

  const points = thresholdSteps(0).map((threshold, step): SweepPoint => {
    let fallback = 0;
    let commercialFallback = 0;
    let safeAllowed = 0;
    evaluated.forEach((row, i) => {
      const envelope = envelopeFromInput(runtime, inputAt(runtime, row, head, threshold));
      const fellBack = envelope.model_output.fallback !== null;
      if (fellBack) fallback += 1;
      if (categories[i] === 'commercial' && fellBack) commercialFallback += 1;
      if (categories[i] === 'safe' && ALLOWED.includes(envelope.system_decision.policy.monetization_eligibility)) safeAllowed += 1;
    });
    const point = curve[step] as ThresholdCurvePoint & { acceptedParentSafe?: number };
    return {
      threshold,
      coverage: point.coverage,
      accepted_accuracy: point.acceptedAccuracy,
      ...(point.acceptedParentSafe !== undefined ? { accepted_parent_safe: point.acceptedParentSafe } : {}),
      fallback_rate: share(fallback, evaluated.length),
      commercial_to_fallback: share(commercialFallback, commercialRows),
      safe_allowed: share(safeAllowed, safeRows),
    };
  });
  const choice: ThresholdChoice = pickFromCurve(curve, headRows, targetPrecision, floor);
  return {
    dataset: options.dataFile,
    head,
    rows: evaluated.length,
    head_rows: headRows,
    commercial_rows: commercialRows,
    safe_rows: safeRows,
    skipped: problems.length,
    problems,
    artifact_version: runtime.artifacts.version,
    current_threshold: runtime.thresholds[head],
    target_precision: targetPrecision,
    floor,
    objective: `maximise coverage subject to accepted accuracy >= ${targetPrecision} on at least ${MIN_ACCEPTED_ROWS} accepted rows, threshold >= ${floor}`,
    definitions: SWEEP_DEFINITIONS,
    points,
    recommendation: { threshold: choice.threshold, target_met: choice.targetMet, coverage: choice.coverage, accepted_accuracy: choice.acceptedAccuracy },
  };
}

/** Why the sweep has nothing to recommend, or undefined when the target is met. */
export function missedTarget(report: SweepReport): string | undefined {
  const r = report.recommendation;
  if (r.target_met) return undefined;
  if (r.coverage === 0) return `no threshold at or above ${report.floor} accepts at least ${MIN_ACCEPTED_ROWS} of the ${report.head_rows} ${report.head} rows`;
  return `no threshold reaches accepted accuracy ${report.target_precision} (best ${r.accepted_accuracy.toFixed(3)} at ${r.threshold.toFixed(2)}, coverage ${r.coverage.toFixed(3)})`;
}

/** Thresholds printed on the console: every 0.05, plus the current and the recommended one. */
const PRINT_EVERY = 5;

export function formatSweepTable(report: SweepReport): string {
  const f3 = (x: number) => x.toFixed(3);
  const marks = (t: number) => [Math.abs(t - report.current_threshold) < 1e-9 ? 'current' : '', Math.abs(t - report.recommendation.threshold) < 1e-9 ? 'recommended' : ''].filter(Boolean).join(', ');
  const adContent = report.head === 'ad_content';
  const header = ['thr', 'coverage', 'acc@thr', ...(adContent ? ['parent-safe@thr'] : []), 'fallback', 'commercial->fallback', 'safe->allowed', ''];
  const rows = report.points
    .filter((p, i) => i % PRINT_EVERY === 0 || marks(p.threshold) !== '')
    .map((p) => [p.threshold.toFixed(2), f3(p.coverage), f3(p.accepted_accuracy), ...(adContent ? [f3(p.accepted_parent_safe ?? 0)] : []), f3(p.fallback_rate), f3(p.commercial_to_fallback), f3(p.safe_allowed), marks(p.threshold)]);
  const r = report.recommendation;
  const out = [
    `${report.head} on ${report.dataset}: ${report.head_rows} labelled rows of ${report.rows} (${report.commercial_rows} commercial, ${report.safe_rows} safe), ${report.skipped} skipped; artifacts ${report.artifact_version}`,
    `objective: ${report.objective}`,
    '',
    ...textTable(header, rows, { align: [...header.slice(0, -1).map(() => 'right' as const), 'left'] }),
    '',
    r.target_met
      ? `recommended threshold ${r.threshold.toFixed(2)} (current ${report.current_threshold.toFixed(2)}): coverage ${f3(r.coverage)}, accepted accuracy ${f3(r.accepted_accuracy)}`
      : `no recommendation: ${missedTarget(report)}; nothing to apply`,
  ];
  if (report.problems.length > 0) out.push('', `skipped rows (${report.problems.length}):`, ...report.problems.slice(0, 20).map((p) => `  ${formatProblem(p)}`));
  return out.join('\n');
}
