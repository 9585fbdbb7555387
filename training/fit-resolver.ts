/**
 * Choose the ad_content resolution parameters (index weight in the mixture, lexical rerank weight) on
 * the ad_content calibration split: the set with the best exact-node accuracy, ties broken by
 * parent-safe accuracy (the prediction is the gold node or one of its ancestors), then by simplicity.
 */
import { buildAdContentModel, DEFAULT_RESOLVER_PARAMS, resolveAdContent, type AdContentModel } from '../shared/ad-content/resolve-ad-content.js';
import type { StoredResolver } from '../shared/artifacts/layout.js';
import { lineage } from '../taxonomy/taxonomy.js';

export const INDEX_WEIGHTS = [0, 0.15, 0.3, 0.5] as const;
export const LEXICAL_WEIGHTS = [0, 0.1, 0.2] as const;

export interface ResolverRows {
  texts: readonly string[];
  embeddings: readonly Float32Array[];
  goldIds: readonly string[];
}

type ModelParts = Parameters<typeof buildAdContentModel>[0];

function accuracyOf(model: AdContentModel, rows: ResolverRows): { exact: number; parent_safe: number } {
  let exact = 0;
  let parentSafe = 0;
  rows.texts.forEach((text, i) => {
    const chosen = resolveAdContent(model, text, rows.embeddings[i] as Float32Array).node.id;
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
      const model = buildAdContentModel({ ...parts, params: { ...DEFAULT_RESOLVER_PARAMS, indexWeight, lexicalWeight } });
      search.push({ index_weight: indexWeight, lexical_weight: lexicalWeight, ...accuracyOf(model, rows) });
    }
  }
  const best = search.reduce((a, b) => (b.exact > a.exact || (b.exact === a.exact && b.parent_safe > a.parent_safe) ? b : a));
  return {
    index_weight: best.index_weight,
    index_temperature: DEFAULT_RESOLVER_PARAMS.indexTemperature,
    lexical_weight: best.lexical_weight,
    candidates: DEFAULT_RESOLVER_PARAMS.candidates,
    search,
  };
}
