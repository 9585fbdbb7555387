/**
 * The ad_content corpus, built at training time from the committed annotations plus the taxonomy
 * file: every node's hand-written queries, and templated queries over its aliases and its name.
 * Hand-written queries are split by hash (train / calibration / test); templated ones only train.
 * A templated text that several nodes would claim is dropped: it cannot teach either of them.
 */
import { Rng } from '../../shared/random.js';
import { splitOfGroup, type Split } from '../../shared/splits.js';
import { normaliseText } from '../../shared/text.js';
import type { Annotations } from '../../taxonomy/annotations.js';
import type { Taxonomy } from '../../taxonomy/taxonomy.js';

export interface AdContentRow {
  text: string;
  ad_content_id: string;
  source: 'annotation' | 'template';
  split: Split;
}

export const AD_CONTENT_TEMPLATES = [
  '{a}',
  'best {a}',
  '{a} recommendations',
  'tips for {a}',
  'what should i know about {a}',
  'looking for {a}',
  'latest on {a}',
  'help me find {a}',
  '{a} for beginners',
  'how much does {a} cost',
  'compare {a} options',
  'i want to learn about {a}',
  'good resources on {a}?',
  'anything new with {a}',
] as const;

/** Templated texts per alias and for the node name. */
const TEMPLATES_PER_ALIAS = 2;
const TEMPLATES_PER_NAME = 3;

function templated(subject: string, count: number, rng: Rng): string[] {
  return rng.shuffle(AD_CONTENT_TEMPLATES).slice(0, count).map((t) => t.replace('{a}', subject.toLowerCase()));
}

export function buildAdContentRows(taxonomy: Taxonomy, annotations: Annotations): AdContentRow[] {
  const extensions = new Map(annotations.extensions.map((e) => [e.id, e]));
  const rows: AdContentRow[] = [];
  const templateOwners = new Map<string, Set<string>>();
  for (const node of taxonomy.nodes) {
    const annotation = annotations.nodes.get(node.id) ?? extensions.get(node.id);
    const rng = Rng.fromName(`ad_content:${node.id}`);
    for (const query of annotation?.queries ?? []) {
      rows.push({ text: query, ad_content_id: node.id, source: 'annotation', split: splitOfGroup(`ad_content:${normaliseText(query)}`) });
    }
    const subjects: Array<[string, number]> = [[node.name, TEMPLATES_PER_NAME], ...(annotation?.aliases ?? []).map((a): [string, number] => [a, TEMPLATES_PER_ALIAS])];
    for (const [subject, count] of subjects) {
      for (const text of templated(subject, count, rng)) {
        rows.push({ text, ad_content_id: node.id, source: 'template', split: 'train' });
        const owners = templateOwners.get(normaliseText(text)) ?? new Set<string>();
        owners.add(node.id);
        templateOwners.set(normaliseText(text), owners);
      }
    }
  }
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = normaliseText(row.text);
    if (row.source === 'template' && (templateOwners.get(key)?.size ?? 0) > 1) return false;
    const unique = `${key}\0${row.ad_content_id}`;
    if (seen.has(unique)) return false;
    seen.add(unique);
    return true;
  });
}
