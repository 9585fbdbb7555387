/**
 * Choose the ad_content resolution parameters (index weight in the mixture, lexical rerank weight and
 * gate, top-down decoding and the tier-1 head's weight in it, walk-up threshold) on the ad_content calibration split: the set with the
 * best mean of exact-node and tier-1 accuracy (the vertical decides most ad decisions, the node the
 * targeting), ties broken by parent-safe accuracy (the prediction is the gold node or one of its
 * ancestors), then by simplicity (earlier in the grid). The classifier and index distributions of
 * every row are computed once; each parameter set only remixes and reranks them.
 */
import { buildAdContentModel, chooseAdContent, DEFAULT_RESOLVER_PARAMS, rerankedScores, type AdContentModel, type ResolverParams } from '../shared/ad-content/resolve-ad-content.js';
import type { StoredResolver } from '../shared/artifacts/layout.js';
import type { ResolverGridConfig } from '../shared/training-config.js';
import { lineage } from '../shared/taxonomy/taxonomy.js';
import { rowDistributions, type ResolverRows, type RowDistributions } from '../shared/ad-content/ad-content-distributions.js';


type ModelParts = Parameters<typeof buildAdContentModel>[0];

/** Exact and parent-safe accuracy of one parameter set over precomputed distributions. */
export function resolverAccuracy(model: AdContentModel, rows: readonly RowDistributions[], goldIds: readonly string[]): { exact: number; tier1: number; parent_safe: number } {
  let exact = 0;
  let tier1 = 0;
  let parentSafe = 0;
  rows.forEach((row, i) => {
    const scores = rerankedScores(model, row.words, row.classifier, row.index, row.tier1);
    const chosen = chooseAdContent(model, scores).node.id;
    const gold = goldIds[i] as string;
    const goldLineage = lineage(model.taxonomy, gold);
    if (chosen === gold) exact += 1;
    if (lineage(model.taxonomy, chosen)[0]?.id === goldLineage[0]?.id) tier1 += 1;
    if (goldLineage.some((n) => n.id === chosen)) parentSafe += 1;
  });
  const n = Math.max(rows.length, 1);
  return { exact: exact / n, tier1: tier1 / n, parent_safe: parentSafe / n };
}

export function fitResolver(parts: Omit<ModelParts, 'params'>, rows: ResolverRows, grid: ResolverGridConfig): StoredResolver {
  const base = buildAdContentModel({ ...parts, params: DEFAULT_RESOLVER_PARAMS });
  const distributions = rowDistributions(base, rows);
  const search: StoredResolver['search'] = [];
  for (const indexWeight of grid.indexWeights) {
    for (const lexicalWeight of grid.lexicalWeights) {
      for (const lexicalGate of lexicalWeight === 0 ? [0] : grid.lexicalGates) {
        for (const tierFirst of [false, true]) {
          for (const tier1HeadWeight of tierFirst && base.tier1Head ? grid.tier1HeadWeights : [0]) {
            for (const walkUpThreshold of grid.walkUpThresholds) {
              const params: ResolverParams = { ...DEFAULT_RESOLVER_PARAMS, indexWeight, lexicalWeight, lexicalGate, tierFirst, tier1HeadWeight, walkUpThreshold };
              const accuracy = resolverAccuracy({ ...base, params }, distributions, rows.goldIds);
              search.push({ index_weight: indexWeight, lexical_weight: lexicalWeight, lexical_gate: lexicalGate, tier_first: tierFirst, tier1_head_weight: tier1HeadWeight, walk_up_threshold: walkUpThreshold, ...accuracy });
            }
          }
        }
      }
    }
  }
  const score = (r: (typeof search)[number]) => (r.exact + (r.tier1 ?? 0)) / 2;
  const best = search.reduce((a, b) => (score(b) > score(a) || (score(b) === score(a) && b.parent_safe > a.parent_safe) ? b : a));
  return {
    index_weight: best.index_weight,
    index_temperature: DEFAULT_RESOLVER_PARAMS.indexTemperature,
    lexical_weight: best.lexical_weight,
    lexical_gate: best.lexical_gate ?? 0,
    candidates: DEFAULT_RESOLVER_PARAMS.candidates,
    tier_first: best.tier_first ?? false,
    tier1_head_weight: best.tier1_head_weight ?? 0,
    walk_up_threshold: best.walk_up_threshold,
    search,
  };
}
