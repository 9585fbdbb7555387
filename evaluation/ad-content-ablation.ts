/**
 * Which scoring stage causes which ad_content misses: the same held-out rows resolved by each source
 * alone and by the resolver with one stage changed at a time (no rerank, an ungated rerank, no tier-1
 * head, contrast queries decoded like the rest, the classifier without its n-gram block). Exact-node and tier-1 accuracy, overall and on polysemy rows
 * (a word of some node name used in another sense).
 */
import { chooseAdContent, rerankedScores, type AdContentModel, type ResolverParams } from '../shared/ad-content/resolve-ad-content.js';
import { textTable } from '../shared/text-table.js';
import { lineage } from '../shared/taxonomy/taxonomy.js';
import { rowDistributions, withoutNgramClassifier, type ResolverRows, type RowDistributions } from '../shared/ad-content/ad-content-distributions.js';

export interface AblationRows extends ResolverRows {
  /** True for polysemy rows; absent when the set does not mark them. */
  polysemy?: readonly boolean[];
}

export interface AblationRow {
  variant: string;
  n: number;
  exact: number;
  tier1: number;
  polysemy_n: number;
  polysemy_tier1: number;
}

/** Lexical weight the "rerank without gate" row uses when the served resolver turned the rerank off. */
const ABLATION_LEXICAL_WEIGHT = 0.1;

const argmax = (values: Float64Array) => values.reduce((best, v, i) => (v > (values[best] as number) ? i : best), 0);

export function adContentAblation(model: AdContentModel, rows: AblationRows): AblationRow[] {
  const full = rowDistributions(model, rows);
  const noNgrams = withoutNgramClassifier(model, rows, full);
  const labels = model.classifier.head.labels;
  const resolve = (distributions: readonly RowDistributions[], params: ResolverParams) => {
    const m = { ...model, params };
    return distributions.map((d) => chooseAdContent(m, rerankedScores(m, d.words, d.classifier, d.index, d.tier1)).node.id);
  };
  const served = model.params;
  const variants: Array<[string, string[]]> = [
    ['classifier alone (argmax)', full.map((d) => labels[argmax(d.classifier)] as string)],
    ['index alone (nearest node)', full.map((d) => labels[argmax(d.index)] as string)],
    ['mixture, no lexical rerank', resolve(full, { ...served, lexicalWeight: 0 })],
    ['mixture + lexical rerank, no gate', resolve(full, { ...served, lexicalWeight: served.lexicalWeight || ABLATION_LEXICAL_WEIGHT, lexicalGate: 0 })],
    ...(served.tierFirst ? [['served resolver, node-first decoding', resolve(full, { ...served, tierFirst: false })] as [string, string[]]] : []),
    ...(served.tierFirst && served.tier1HeadWeight > 0 ? [['served resolver, no tier-1 head', resolve(full, { ...served, tier1HeadWeight: 0 })] as [string, string[]]] : []),
    ...(served.contrastNodeFirst ? [['served resolver, contrast queries tier-first too', resolve(full, { ...served, contrastNodeFirst: false })] as [string, string[]]] : []),
    ['served resolver', resolve(full, served)],
    ['served resolver, classifier without n-grams', resolve(noNgrams, served)],
  ];
  const tier1Of = (id: string) => lineage(model.taxonomy, id)[0]?.id;
  return variants.map(([variant, predicted]) => {
    let exact = 0;
    let tier1 = 0;
    let polyN = 0;
    let polyTier1 = 0;
    predicted.forEach((id, i) => {
      const gold = rows.goldIds[i] as string;
      const tierHit = tier1Of(id) === tier1Of(gold);
      if (id === gold) exact += 1;
      if (tierHit) tier1 += 1;
      if (rows.polysemy?.[i]) {
        polyN += 1;
        if (tierHit) polyTier1 += 1;
      }
    });
    const n = predicted.length;
    return { variant, n, exact: n ? exact / n : 0, tier1: n ? tier1 / n : 0, polysemy_n: polyN, polysemy_tier1: polyN ? polyTier1 / polyN : 0 };
  });
}

export function ablationTable(rows: readonly AblationRow[]): string[] {
  const f = (x: number) => x.toFixed(3);
  return textTable(
    ['variant', 'n', 'exact', 'tier1', 'polysemy n', 'polysemy tier1'],
    rows.map((r) => [r.variant, String(r.n), f(r.exact), f(r.tier1), String(r.polysemy_n), r.polysemy_n ? f(r.polysemy_tier1) : '-']),
  );
}

export function ablationMarkdown(rows: readonly AblationRow[], on: string): string[] {
  const f = (x: number) => x.toFixed(3);
  return [
    `## ad_content ablation (${on})`,
    '',
    '| variant | n | exact | tier1 | polysemy n | polysemy tier1 |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.variant} | ${r.n} | ${f(r.exact)} | ${f(r.tier1)} | ${r.polysemy_n} | ${r.polysemy_n ? f(r.polysemy_tier1) : '-'} |`),
    '',
  ];
}
