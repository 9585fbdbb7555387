/**
 * The corpus v2 rules (pure over rows and the registry, so tests can run them on fixtures): size and
 * hand share, topics per label, product and shopping words in non-commercial rows, commercial rows
 * in personal topics, cross rows, frame repeats. Per label it also measures how well a topic-only
 * baseline (the majority label of the row's other topic rows) predicts the label: lower is better.
 */
import { HEAD_LABELS, INTENT_HEADS, type IntentHead, type IntentType } from '../../../shared/labels.js';
import { textTable } from '../../../shared/text-table.js';
import { WRITING_STYLES, type CorpusRow } from './corpus-row.js';
import { frameMasker } from './frames.js';
import { allBrands, type TopicRegistry } from './topic-registry.js';

export const CORPUS_RULES = {
  minTopics: 150,
  minDomains: 12,
  minRows: 12_000,
  minHandShare: 0.6,
  minTopicsPerLabel: { intent_type: 40, intent_subtype: 25, decision_phase: 40 } as Record<IntentHead, number>,
  /** Share of rows of each non-commercial intent type that name a product, brand, price or shopping word. */
  minCommerceWordShare: 0.25,
  nonCommercialTypes: ['informational', 'exploratory', 'creative_generation', 'personal_reflection', 'chit_chat', 'ambiguous', 'prohibited'] as IntentType[],
  /** Commercial, transactional and support rows must also live in these domains. */
  personalDomains: ['personal_life', 'hobbies'],
  commercialTypes: ['commercial', 'transactional', 'support'] as IntentType[],
  minRowsPerPersonalDomain: 20,
  minCrossRows: 3_000,
  maxFrameRepeats: 3,
} as const;

export interface LabelStats {
  head: IntentHead;
  label: string;
  rows: number;
  topics: number;
  handShare: number;
  crossShare: number;
  styleShares: Record<string, number>;
  worstFrame: { frame: string; count: number };
  /** F1 of the topic-only baseline for this label. */
  topicBaselineF1: number;
}

export interface CorpusCheck {
  rows: number;
  topics: number;
  domains: number;
  handShare: number;
  crossRows: number;
  commerceShare: Partial<Record<IntentType, number>>;
  labels: LabelStats[];
  topicBaselineAccuracy: Record<IntentHead, number>;
  failures: string[];
}

const PRICE_OR_SHOPPING = /\$\s?\d|\d\s?(?:dollars|bucks|usd|eur|euros|pounds)\b|\b(?:price[sd]?|pricing|cost[s]?|cheap(?:er|est)?|expensive|afford(?:able)?|budget|buy(?:ing)?|bought|purchas\w*|order(?:ed|ing)?|shop(?:ping)?|store|deal[s]?|discount\w*|sale|coupon\w*|promo\w*|subscri\w*|checkout|cart|refund\w*|trial|premium|upgrade\w*|membership|warranty|brand[s]?|product[s]?)\b/i;

export function commerceWordMatcher(registry: TopicRegistry): (text: string) => boolean {
  const brands = allBrands(registry).map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const brandPattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${brands.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
  return (text) => PRICE_OR_SHOPPING.test(text) || brandPattern.test(text);
}

/** Leave-one-out majority label of the row's topic, per head (undefined when the topic has no other labelled row). */
function topicBaseline(rows: readonly CorpusRow[], head: IntentHead): Array<string | undefined> {
  const counts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const label = row[head];
    if (!label) continue;
    const byLabel = counts.get(row.topic) ?? new Map<string, number>();
    byLabel.set(label, (byLabel.get(label) ?? 0) + 1);
    counts.set(row.topic, byLabel);
  }
  return rows.map((row) => {
    let best: string | undefined;
    let bestCount = 0;
    for (const [label, n] of [...(counts.get(row.topic) ?? new Map<string, number>())].sort((a, b) => a[0].localeCompare(b[0]))) {
      const c = n - (label === row[head] ? 1 : 0);
      if (c > bestCount) [best, bestCount] = [label, c];
    }
    return best;
  });
}

function f1(predicted: ReadonlyArray<string | undefined>, truth: ReadonlyArray<string | undefined>, label: string): number {
  let tp = 0, fp = 0, fn = 0;
  predicted.forEach((p, i) => {
    const t = truth[i];
    if (t === undefined) return;
    if (p === label && t === label) tp++;
    else if (p === label) fp++;
    else if (t === label) fn++;
  });
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

export function checkCorpus(rows: readonly CorpusRow[], registry: TopicRegistry): CorpusCheck {
  const failures: string[] = [];
  const R = CORPUS_RULES;
  const frameOf = frameMasker(registry);
  const frames = rows.map((r) => frameOf(r));
  const frameCounts = new Map<string, number>();
  for (const f of frames) frameCounts.set(f, (frameCounts.get(f) ?? 0) + 1);
  const hand = rows.filter((r) => r.source === 'hand').length;
  const crossRows = rows.filter((r) => r.cross).length;
  const domains = new Set(registry.topics.map((t) => t.domain)).size;

  if (registry.topics.length < R.minTopics) failures.push(`${registry.topics.length} topics, at least ${R.minTopics} required`);
  if (domains < R.minDomains) failures.push(`${domains} domains, at least ${R.minDomains} required`);
  if (rows.length < R.minRows) failures.push(`${rows.length} rows, at least ${R.minRows} required`);
  if (share(hand, rows.length) < R.minHandShare) failures.push(`hand-written share ${share(hand, rows.length).toFixed(3)}, at least ${R.minHandShare} required`);
  if (crossRows < R.minCrossRows) failures.push(`${crossRows} cross rows, at least ${R.minCrossRows} required`);
  rows.forEach((r, i) => {
    if (!registry.byId.has(r.topic)) failures.push(`row ${JSON.stringify(r.text)}: unknown topic ${JSON.stringify(r.topic)}`);
    if (!r.source) failures.push(`row ${JSON.stringify(r.text)}: no source`);
    if (!r.decision_phase || !r.intent_type) failures.push(`row ${JSON.stringify(r.text)}: needs intent_type and decision_phase`);
    if ((frameCounts.get(frames[i] as string) ?? 0) > R.maxFrameRepeats && frames.indexOf(frames[i] as string) === i) {
      failures.push(`frame "${frames[i]}" occurs ${frameCounts.get(frames[i] as string)} times, at most ${R.maxFrameRepeats} allowed`);
    }
  });

  const isCommerce = commerceWordMatcher(registry);
  const commerceShare: Partial<Record<IntentType, number>> = {};
  for (const type of R.nonCommercialTypes) {
    const ofType = rows.filter((r) => r.intent_type === type);
    commerceShare[type] = share(ofType.filter((r) => isCommerce(r.text)).length, ofType.length);
    if ((commerceShare[type]) < R.minCommerceWordShare) {
      failures.push(`${type}: ${((commerceShare[type]) * 100).toFixed(1)}% of rows name a product, brand, price or shopping word, at least ${R.minCommerceWordShare * 100}% required`);
    }
  }
  const domainOf = (topic: string) => registry.byId.get(topic)?.domain;
  for (const type of R.commercialTypes) {
    for (const domain of R.personalDomains) {
      const n = rows.filter((r) => r.intent_type === type && domainOf(r.topic) === domain).length;
      if (n < R.minRowsPerPersonalDomain) failures.push(`${type}: ${n} rows in domain ${domain}, at least ${R.minRowsPerPersonalDomain} required`);
    }
  }

  const labels: LabelStats[] = [];
  const topicBaselineAccuracy = {} as Record<IntentHead, number>;
  for (const head of INTENT_HEADS) {
    const baseline = topicBaseline(rows, head);
    const truth = rows.map((r) => r[head] as string | undefined);
    const labelled = truth.filter((t) => t !== undefined).length;
    topicBaselineAccuracy[head] = share(baseline.filter((p, i) => truth[i] !== undefined && p === truth[i]).length, labelled);
    for (const label of HEAD_LABELS[head]) {
      const idx = rows.flatMap((r, i) => (r[head] === label ? [i] : []));
      const ofLabel = idx.map((i) => rows[i] as CorpusRow);
      const labelFrames = new Map<string, number>();
      for (const i of idx) labelFrames.set(frames[i] as string, (labelFrames.get(frames[i] as string) ?? 0) + 1);
      const worst = [...labelFrames].reduce<[string, number]>((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
      const topics = new Set(ofLabel.map((r) => r.topic)).size;
      if (topics < R.minTopicsPerLabel[head]) failures.push(`${head}=${label}: ${topics} topics, at least ${R.minTopicsPerLabel[head]} required`);
      labels.push({
        head,
        label,
        rows: ofLabel.length,
        topics,
        handShare: share(ofLabel.filter((r) => r.source === 'hand').length, ofLabel.length),
        crossShare: share(ofLabel.filter((r) => r.cross).length, ofLabel.length),
        styleShares: Object.fromEntries(WRITING_STYLES.map((s) => [s, share(ofLabel.filter((r) => r.style === s).length, ofLabel.length)])),
        worstFrame: { frame: worst[0], count: worst[1] },
        topicBaselineF1: f1(baseline, truth, label),
      });
    }
  }
  return { rows: rows.length, topics: registry.topics.length, domains, handShare: share(hand, rows.length), crossRows, commerceShare, labels, topicBaselineAccuracy, failures };
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

export function formatCorpusCheck(check: CorpusCheck): string {
  const out = [
    `corpus v2: ${check.rows} rows, ${check.topics} topics in ${check.domains} domains; hand-written ${pct(check.handShare)}; cross rows ${check.crossRows}`,
    `non-commercial rows naming a product, brand, price or shopping word: ${Object.entries(check.commerceShare).map(([t, s]) => `${t} ${pct(s)}`).join(', ')}`,
    `topic-only baseline accuracy (lower is better): ${INTENT_HEADS.map((h) => `${h} ${check.topicBaselineAccuracy[h].toFixed(3)}`).join(', ')}`,
  ];
  for (const head of INTENT_HEADS) {
    const header = [head, 'rows', 'topics', 'hand', 'cross', ...WRITING_STYLES, 'topic-F1', 'worst frame'];
    const rows = check.labels
      .filter((l) => l.head === head)
      .map((l) => [l.label, String(l.rows), String(l.topics), pct(l.handShare), pct(l.crossShare), ...WRITING_STYLES.map((s) => pct(l.styleShares[s] ?? 0)), l.topicBaselineF1.toFixed(2), `${l.worstFrame.count}x "${l.worstFrame.frame.slice(0, 50)}"`]);
    out.push('', ...textTable(header, rows));
  }
  return out.join('\n');
}
