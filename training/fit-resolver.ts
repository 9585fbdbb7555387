/**
 * Choose the ad_content resolution parameters (index weight in the mixture, lexical rerank weight and
 * gate, top-down decoding, the tier-1 head's weight in it and whether queries that rule a topic out
 * decode node-first, walk-up threshold) on the ad_content
 * calibration split: the set with the best mean of exact-node and tier-1 accuracy (the vertical
 * decides most ad decisions, the node the targeting), ties broken by parent-safe accuracy (the
 * prediction is the gold node or one of its ancestors), then by simplicity (earlier in the grid). The
 * classifier, index and tier-1 head distributions of every row are computed once, and each scoring
 * stage once per prefix of the parameters it depends on.
 */
import { buildAdContentModel, candidatesOf, chooseAdContent, DEFAULT_RESOLVER_PARAMS, mixtureOf, winnerOf, type AdContentModel, type AdContentScores, type ResolverParams } from '../shared/ad-content/resolve-ad-content.js';
import type { StoredResolver } from '../shared/artifacts/layout.js';
import type { ResolverGridConfig } from '../shared/training-config.js';
import { lineage, type Taxonomy } from '../shared/taxonomy/taxonomy.js';
import { rowDistributions, type ResolverRows } from '../shared/ad-content/ad-content-distributions.js';

type ModelParts = Parameters<typeof buildAdContentModel>[0];

/** What accuracy needs of each row's gold node, computed once for the whole grid. */
interface Gold {
  id: string;
  tier1: string | undefined;
  lineage: ReadonlySet<string>;
}

function goldsOf(taxonomy: Taxonomy, goldIds: readonly string[]): Gold[] {
  return goldIds.map((id) => {
    const chain = lineage(taxonomy, id);
    return { id, tier1: chain[0]?.id, lineage: new Set(chain.map((n) => n.id)) };
  });
}

/** Exact, tier-1 and parent-safe accuracy of one parameter set, given each row's scores under it. */
function accuracyOf(model: AdContentModel, scores: readonly AdContentScores[], golds: readonly Gold[]): { exact: number; tier1: number; parent_safe: number } {
  let exact = 0;
  let tier1 = 0;
  let parentSafe = 0;
  scores.forEach((rowScores, i) => {
    const chosen = chooseAdContent(model, rowScores).node.id;
    const gold = golds[i] as Gold;
    if (chosen === gold.id) exact += 1;
    if (lineage(model.taxonomy, chosen)[0]?.id === gold.tier1) tier1 += 1;
    if (gold.lineage.has(chosen)) parentSafe += 1;
  });
  const n = Math.max(scores.length, 1);
  return { exact: exact / n, tier1: tier1 / n, parent_safe: parentSafe / n };
}

/** Tier-first decodings tried: each tier-1 head weight, with queries that rule a topic out decoded tier-first and node-first. */
function tierFirstDecodings(weights: readonly number[]): Array<readonly [number, boolean]> {
  return weights.flatMap((weight) => [[weight, false] as const, [weight, true] as const]);
}

/** `make()` once per key. */
function memo<T>(cache: Map<string, T>, key: string, make: () => T): T {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as T;
}

export function fitResolver(parts: Omit<ModelParts, 'params'>, rows: ResolverRows, grid: ResolverGridConfig): StoredResolver {
  const base = buildAdContentModel({ ...parts, params: DEFAULT_RESOLVER_PARAMS });
  const distributions = rowDistributions(base, rows);
  const golds = goldsOf(base.taxonomy, rows.goldIds);
  const withParams = (params: Partial<ResolverParams>): AdContentModel => ({ ...base, params: { ...DEFAULT_RESOLVER_PARAMS, ...params } });
  // Each stage depends on a prefix of the parameters only: computed once per prefix, shared by the sets that extend it.
  const mixtures = new Map<string, Float64Array[]>();
  const candidates = new Map<string, number[][]>();
  const winners = new Map<string, number[]>();
  const search: StoredResolver['search'] = [];
  for (const indexWeight of grid.indexWeights) {
    const mixture = memo(mixtures, `${indexWeight}`, () => distributions.map((d) => mixtureOf(withParams({ indexWeight }), d.classifier, d.index)));
    for (const lexicalWeight of grid.lexicalWeights) {
      for (const lexicalGate of lexicalWeight === 0 ? [0] : grid.lexicalGates) {
        for (const tierFirst of [false, true]) {
          for (const [tier1HeadWeight, contrastNodeFirst] of tierFirst ? tierFirstDecodings(base.tier1Head ? grid.tier1HeadWeights : [0]) : ([[0, false]] as const)) {
            const decoding = { indexWeight, tierFirst, tier1HeadWeight, contrastNodeFirst };
            const top = memo(candidates, JSON.stringify(decoding), () => distributions.map((d, i) => candidatesOf(withParams(decoding), d.words, mixture[i] as Float64Array, d.tier1)));
            const reranking = { ...decoding, lexicalWeight, lexicalGate };
            const winner = memo(winners, JSON.stringify(reranking), () => distributions.map((d, i) => winnerOf(withParams(reranking), d.words, mixture[i] as Float64Array, top[i] as number[])));
            const scores = distributions.map((_, i) => ({ mixture: mixture[i] as Float64Array, candidates: top[i] as number[], winner: winner[i] as number }));
            for (const walkUpThreshold of grid.walkUpThresholds) {
              const accuracy = accuracyOf(withParams({ ...reranking, walkUpThreshold }), scores, golds);
              search.push({ index_weight: indexWeight, lexical_weight: lexicalWeight, lexical_gate: lexicalGate, tier_first: tierFirst, tier1_head_weight: tier1HeadWeight, contrast_node_first: contrastNodeFirst, walk_up_threshold: walkUpThreshold, ...accuracy });
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
    contrast_node_first: best.contrast_node_first ?? false,
    walk_up_threshold: best.walk_up_threshold,
    search,
  };
}
