/**
 * Model selection for the intent heads on topics the heads never saw: every feature set of the
 * selection config is fitted on train and scored by macro-F1 on the topic-held-out selection split
 * (mean over the heads); the winner then tries every L2 of the grid, chosen per head by macro-F1 with
 * near-ties settled by held-out NLL (chooseL2).
 * The whole comparison is kept for the training report.
 */
import type { FeatureCandidate, HeadTrainingConfig, IntentSelectionConfig } from '../shared/config.js';
import type { LinearHead } from '../shared/heads/linear-head.js';
import type { FeatureSpec } from '../shared/features/feature-set.js';
import { bestByF1ThenNll, featureSpecOf, fitAtL2s, fitGrid, heldOutScore, splitFeatures, type GroupOptions, type HeadSpec, type HeldOutScore, type LabelledSplit } from './fit-head-group.js';

export interface SelectionRow {
  candidate: string;
  l2: number;
  scores: Record<string, HeldOutScore>;
  mean_macro_f1: number;
}

export interface IntentSelection {
  candidate: FeatureCandidate;
  config: HeadTrainingConfig;
  /** Chosen L2 per head. */
  l2: Record<string, number>;
  /** Each head as fitted on train alone at its chosen L2 (for choices scored on the same held-out split). */
  heads: Record<string, LinearHead>;
  table: SelectionRow[];
  /** Which split scored the candidates. */
  scoredOn: string;
  /** The macro-F1 within which L2 values count as tied (IntentSelectionConfig.l2Tolerance). */
  tolerance: number;
}

export function candidateConfig(base: HeadTrainingConfig, candidate: FeatureCandidate): HeadTrainingConfig {
  const { name: _name, ...features } = candidate;
  return { ...base, ...features };
}

function scoreFits(fits: ReadonlyArray<{ l2: number; heads: Record<string, LinearHead> }>, held: LabelledSplit, headSpecs: readonly HeadSpec[], spec: FeatureSpec, name: string): SelectionRow[] {
  const features = splitFeatures(spec, held);
  return fits.map(({ l2, heads }) => {
    const scores = Object.fromEntries(headSpecs.map((h) => [h.name, heldOutScore(heads[h.name] as LinearHead, l2, features, held.targets[h.name] as Int32Array)]));
    const mean = headSpecs.reduce((sum, h) => sum + (scores[h.name] as HeldOutScore).macro_f1, 0) / headSpecs.length;
    return { candidate: name, l2, scores, mean_macro_f1: mean };
  });
}

/**
 * The L2 of one head: among the scores whose macro-F1 is within `tolerance` of the best, the lowest
 * held-out NLL. Differences of a few thousandths of macro-F1 on the selection split are noise, while a
 * weaker penalty that only ties on F1 is more confident where it is wrong, which calibration then
 * carries to other people's text. Ties on both keep the earlier score (the grid's order).
 */
export function chooseL2(scores: readonly HeldOutScore[], tolerance: number): number {
  return bestByF1ThenNll(scores, (score) => score, tolerance).l2;
}

export async function selectIntentModel(
  train: LabelledSplit,
  held: { split: LabelledSplit; name: string },
  heads: readonly HeadSpec[],
  base: HeadTrainingConfig,
  selection: IntentSelectionConfig,
  options: GroupOptions,
): Promise<IntentSelection> {
  const specs = selection.candidates.map((candidate) => featureSpecOf(candidateConfig(base, candidate)));
  options.onProgress?.(`selection: ${selection.candidates.map((c) => c.name).join(', ')} at L2 ${selection.comparisonL2}`);
  const fitted = await fitGrid(train, heads, selection.candidates.map((c, i) => ({ label: c.name, spec: specs[i] as FeatureSpec, l2: selection.comparisonL2 })), { ...options, config: base });
  const table = selection.candidates.flatMap((c, i) => scoreFits([{ l2: selection.comparisonL2, heads: fitted[i] as Record<string, LinearHead> }], held.split, heads, specs[i] as FeatureSpec, c.name));
  const best = table.reduce((a, b) => (b.mean_macro_f1 > a.mean_macro_f1 ? b : a));
  const candidate = selection.candidates.find((c) => c.name === best.candidate) as FeatureCandidate;
  const config = candidateConfig(base, candidate);
  const spec = featureSpecOf(config);
  const otherL2 = base.l2Grid.filter((l2) => l2 !== selection.comparisonL2);
  options.onProgress?.(`selection: ${candidate.name} at L2 ${otherL2.join(', ')}`);
  const byL2 = await fitAtL2s(train, heads, spec, otherL2, { ...options, config });
  const l2Rows = [best, ...scoreFits([...byL2].map(([l2, h]) => ({ l2, heads: h })), held.split, heads, spec, candidate.name)];
  table.push(...l2Rows.slice(1));
  const l2 = Object.fromEntries(heads.map((h) => [h.name, chooseL2(l2Rows.map((row) => row.scores[h.name] as HeldOutScore), selection.l2Tolerance)]));
  const bestFit = fitted[selection.candidates.indexOf(candidate)] as Record<string, LinearHead>;
  const fittedAt = (head: string, at: number) => (at === selection.comparisonL2 ? bestFit : (byL2.get(at) as Record<string, LinearHead>))[head] as LinearHead;
  const chosenHeads = Object.fromEntries(heads.map((h) => [h.name, fittedAt(h.name, l2[h.name] as number)]));
  return { candidate, config, l2, heads: chosenHeads, table, scoredOn: held.name, tolerance: selection.l2Tolerance };
}

/** The selection table as Markdown: one row per fit, macro-F1 per head and their mean. */
export function selectionMarkdown(selection: IntentSelection, heads: readonly string[]): string[] {
  const f = (x: number) => x.toFixed(3);
  return [
    `## Feature and regularisation selection (macro-F1 on the topic-held-out ${selection.scoredOn} split)`,
    '',
    `| features | L2 | ${heads.join(' | ')} | mean |`,
    `|---|---|${heads.map(() => '---|').join('')}---|`,
    ...selection.table.map((r) => `| ${r.candidate} | ${r.l2} | ${heads.map((h) => f(r.scores[h]?.macro_f1 ?? 0)).join(' | ')} | ${f(r.mean_macro_f1)} |`),
    '',
    `Chosen: ${selection.candidate.name}; L2 ${heads.map((h) => `${h} ${selection.l2[h]}`).join(', ')} (per head, of the L2 values within ${selection.tolerance} of its best macro-F1, the lowest held-out NLL: ${heads.map((h) => `${h} ${selection.table.filter((r) => r.candidate === selection.candidate.name).map((r) => `${r.l2} ${(r.scores[h]?.nll ?? 0).toFixed(3)}`).join(', ')}`).join('; ')}). The chosen heads are refitted on train + selection before calibration.`,
    '',
  ];
}
