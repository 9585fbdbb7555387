/**
 * Checks of the ad_content corpus: annotations keyed by ids the taxonomy has, at least the minimum
 * number of training queries for every node, no annotated text in the reference evaluation sets.
 */
import type { Annotations } from '../../shared/taxonomy/annotations.js';
import type { Taxonomy } from '../../shared/taxonomy/taxonomy.js';
import { normaliseText } from '../../shared/text.js';
import type { AdContentRow } from './ad-content-rows.js';
import type { CheckFailure } from './check-intent-data.js';
import type { AdContentEvalRows, HeldOutAdContentSet } from './ad-content-eval-rows.js';

export const MIN_AD_CONTENT_ROWS_PER_NODE = 12;
export const MIN_POLYSEMY_ROWS = 600;

export interface AdContentCheckReport {
  failures: CheckFailure[];
  nodes: number;
  rowsPerSplit: Record<string, number>;
  minRowsPerNode: number;
  medianRowsPerNode: number;
  /**
   * Templated training texts that also occur in the reference sets. Not a failure: templates are built
   * from the taxonomy's own names, as name-based evaluation sets are, so some strings coincide; the
   * ad_content comparison reports accuracy on the evaluation rows no training text matches.
   */
  templatesInReference: number;
}

export function checkAdContentRows(
  taxonomy: Taxonomy,
  annotations: Annotations,
  rows: readonly AdContentRow[],
  referenceTexts: ReadonlyMap<string, string>,
  minRows = MIN_AD_CONTENT_ROWS_PER_NODE,
  minPolysemy = MIN_POLYSEMY_ROWS,
): AdContentCheckReport {
  const failures: CheckFailure[] = [];
  for (const id of annotations.nodes.keys()) {
    if (!taxonomy.byId.has(id)) failures.push({ kind: 'unknown_label', message: `annotations name node ${id}, which the taxonomy does not have` });
  }
  if (annotations.polysemy.length < minPolysemy) failures.push({ kind: 'below_minimum', message: `${annotations.polysemy.length} polysemy queries, at least ${minPolysemy} required` });
  for (const q of annotations.polysemy) {
    if (!taxonomy.byId.has(q.node)) failures.push({ kind: 'unknown_label', message: `polysemy query ${JSON.stringify(q.text)} names node ${q.node}, which the taxonomy does not have` });
  }
  const perNode = new Map<string, number>(taxonomy.nodes.map((n) => [n.id, 0]));
  const rowsPerSplit: Record<string, number> = { train: 0, calibration: 0, test: 0 };
  let templatesInReference = 0;
  for (const row of rows) {
    perNode.set(row.ad_content_id, (perNode.get(row.ad_content_id) ?? 0) + 1);
    rowsPerSplit[row.split] = (rowsPerSplit[row.split] ?? 0) + 1;
    const reference = referenceTexts.get(normaliseText(row.text));
    if (reference && row.source === 'template') templatesInReference += 1;
    if (reference && row.source !== 'template') {
      failures.push({ kind: 'reference_overlap', message: `ad_content ${row.ad_content_id}: text also in reference set ${reference}: ${JSON.stringify(row.text)}` });
    }
  }
  for (const [id, count] of perNode) {
    if (count < minRows) failures.push({ kind: 'below_minimum', message: `ad_content node ${id} "${taxonomy.byId.get(id)?.name}": ${count} queries, minimum ${minRows}` });
  }
  const counts = [...perNode.values()].sort((a, b) => a - b);
  return { failures, nodes: perNode.size, rowsPerSplit, minRowsPerNode: counts[0] ?? 0, medianRowsPerNode: counts[Math.floor(counts.length / 2)] ?? 0, templatesInReference };
}

export interface HeldOutSetReport {
  failures: CheckFailure[];
  rows: number;
  tier1: number;
  polysemyRows: number;
}

/**
 * A held-out set: every gold path known to the taxonomy, enough rows and tier-1 categories, its share
 * of polysemy rows, a ruled-out path other than the gold one where the set requires it, and no text
 * that the ad_content corpus trains or calibrates on.
 */
export function checkHeldOutSet(taxonomy: Taxonomy, set: HeldOutAdContentSet, rows: AdContentEvalRows, corpus: readonly AdContentRow[]): HeldOutSetReport {
  const failures: CheckFailure[] = [];
  const { name, rules: R } = set;
  if (rows.unknown > 0) failures.push({ kind: 'unknown_label', message: `${name}: ${rows.unknown} rows name a path the taxonomy does not have` });
  const tier1 = new Set(rows.goldIds.map((id) => taxonomy.byId.get(id)?.path[0])).size;
  const polysemyRows = rows.polysemy.filter(Boolean).length;
  if (rows.texts.length < R.minRows) failures.push({ kind: 'below_minimum', message: `${name}: ${rows.texts.length} rows, at least ${R.minRows} required` });
  if (tier1 < R.minTier1) failures.push({ kind: 'below_minimum', message: `${name}: ${tier1} tier-1 categories, at least ${R.minTier1} required` });
  if (polysemyRows < rows.texts.length * R.minPolysemyShare) failures.push({ kind: 'below_minimum', message: `${name}: ${polysemyRows} polysemy rows, at least ${(R.minPolysemyShare * 100).toFixed(0)}% required` });
  if (R.requiresExcluded) {
    const without = rows.excludedIds.filter((id, i) => id === undefined || id === rows.goldIds[i]).length;
    if (without > 0) failures.push({ kind: 'unknown_label', message: `${name}: ${without} rows lack a known excluded path or id other than their gold node` });
  }
  const fitted = new Set(corpus.map((r) => normaliseText(r.text)));
  for (const text of rows.texts) {
    if (fitted.has(normaliseText(text))) failures.push({ kind: 'reference_overlap', message: `${name} text also in the ad_content corpus: ${JSON.stringify(text)}` });
  }
  return { failures, rows: rows.texts.length, tier1, polysemyRows };
}

/** A failure for every text that two of the sets share (after normalising case and punctuation). */
export function sharedAcross(sets: ReadonlyArray<{ name: string; texts: readonly string[] }>): CheckFailure[] {
  const owner = new Map<string, string>();
  const failures: CheckFailure[] = [];
  for (const { name, texts } of sets) {
    for (const text of new Set(texts.map(normaliseText))) {
      const first = owner.get(text);
      if (first && first !== name) failures.push({ kind: 'reference_overlap', message: `${name} and ${first} share a text: ${JSON.stringify(text)}` });
      else owner.set(text, name);
    }
  }
  return failures;
}
