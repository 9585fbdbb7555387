/**
 * Counterfactual topic swaps: a hand row whose span is one of its topic's registered names gets the
 * span replaced by a name of the same kind (brand for brand, term for term) from another topic of the
 * same domain, labels kept. Only train topics are swapped among each other, so no held-out topic
 * leaks into train. A row gets at most `perRow` swaps and only while its frame stays within the
 * corpus limit.
 */
import { Rng } from '../../../shared/random.js';
import type { CorpusRow } from './corpus-row.js';
import type { Topic, TopicRegistry } from './topic-registry.js';

export interface SwapOptions {
  /** Topics rows may be swapped from and to. */
  eligibleTopics: ReadonlySet<string>;
  perRow: number;
  seed: string;
}

type NameKind = 'brands' | 'terms';

function kindOf(topic: Topic, span: string): NameKind | undefined {
  const lower = span.toLowerCase();
  if (topic.brands.some((b) => b.toLowerCase() === lower)) return 'brands';
  if (topic.terms.some((t) => t.toLowerCase() === lower)) return 'terms';
  return undefined;
}

/** Keep the span's casing style: all-lowercase stays lowercase. */
function styled(name: string, span: string): string {
  return span === span.toLowerCase() ? name.toLowerCase() : name;
}

export function topicSwaps(rows: readonly CorpusRow[], registry: TopicRegistry, options: SwapOptions): CorpusRow[] {
  const out: CorpusRow[] = [];
  for (const row of rows) {
    if (row.source !== 'hand' || !row.span || !options.eligibleTopics.has(row.topic)) continue;
    // One stream per row, named by its text: adding or editing a row leaves every other row's swaps as they were.
    const rng = Rng.fromName(`${options.seed}\u0000${row.text}`);
    const own = registry.byId.get(row.topic) as Topic;
    const kind = kindOf(own, row.span);
    if (!kind) continue;
    const candidates = registry.topics.filter((t) => t.domain === own.domain && t.id !== own.id && options.eligibleTopics.has(t.id) && t[kind].length > 0);
    const chosen = new Set<string>();
    for (let i = 0; i < options.perRow && chosen.size < candidates.length; i++) {
      let target = rng.pick(candidates);
      while (chosen.has(target.id)) target = rng.pick(candidates);
      chosen.add(target.id);
      const name = styled(rng.pick(target[kind]), row.span);
      out.push({ ...row, text: row.text.split(row.span).join(name), topic: target.id, source: 'augmented', span: name, origin: row.text });
    }
  }
  return out;
}
