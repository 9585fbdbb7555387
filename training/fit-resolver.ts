/**
 * Choose the ad_content resolution parameters (index weight in the mixture, lexical rerank weight,
 * walk-up threshold) on the ad_content calibration split: the set with the best exact-node accuracy,
 * ties broken by parent-safe accuracy (the prediction is the gold node or one of its ancestors), then
 * by simplicity (earlier in the grid).
 */
import { buildAdContentModel, chooseAdContent, DEFAULT_RESOLVER_PARAMS, scoreAdContent, type AdContentModel, type AdContentScores } from '../shared/ad-content/resolve-ad-content.js';
import type { StoredResolver } from '../shared/artifacts/layout.js';
import { lineage } from '../taxonomy/taxonomy.js';

export const INDEX_WEIGHTS = [0, 0.15, 0.3, 0.5] as const;
export const LEXICAL_WEIGHTS = [0, 0.1, 0.2] as const;
export const WALK_UP_THRESHOLDS = [0, 0.1, 0.2, 0.35, 0.5] as const;

export interface ResolverRows {
  texts: readonly string[];
  embeddings: readonly Float32Array[];
  goldIds: readonly string[];
}

type ModelParts = Parameters<typeof buildAdContentModel>[0];

function accuracyOf(model: AdContentModel, scores: readonly AdContentScores[], rows: ResolverRows): { exact: number; parent_safe: number } {
  let exact = 0;
  let parentSafe = 0;
  scores.forEach((score, i) => {
    const chosen = chooseAdContent(model, score).node.id;
    const gold = rows.goldIds[i] as string;
    if (chosen === gold) exact += 1;
    if (lineage(model.taxonomy, gold).some((n) => n.id === chosen)) parentSafe += 1;
  });
  const n = Math.max(rows.texts.length, 1);
  return { exact: exact / n, parent_safe: parentSafe / n };
}

export function fitResolver(parts: Omit<ModelParts, 'params'>, rows: ResolverRows): StoredResolver {
  const search: StoredResolver['search'] = [];
  for (const indexWeight of INDEX_WEIGHTS) {
    for (const lexicalWeight of LEXICAL_WEIGHTS) {
      const scored = buildAdContentModel({ ...parts, params: { ...DEFAULT_RESOLVER_PARAMS, indexWeight, lexicalWeight } });
      const scores = rows.texts.map((text, i) => scoreAdContent(scored, text, rows.embeddings[i] as Float32Array));
      for (const walkUpThreshold of WALK_UP_THRESHOLDS) {
        const model = { ...scored, params: { ...scored.params, walkUpThreshold } };
        search.push({ index_weight: indexWeight, lexical_weight: lexicalWeight, walk_up_threshold: walkUpThreshold, ...accuracyOf(model, scores, rows) });
      }
    }
  }
  const best = search.reduce((a, b) => (b.exact > a.exact || (b.exact === a.exact && b.parent_safe > a.parent_safe) ? b : a));
  return {
    index_weight: best.index_weight,
    index_temperature: DEFAULT_RESOLVER_PARAMS.indexTemperature,
    lexical_weight: best.lexical_weight,
    candidates: DEFAULT_RESOLVER_PARAMS.candidates,
    walk_up_threshold: best.walk_up_threshold,
    search,
  };
}
