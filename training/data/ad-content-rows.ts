/**
 * The ad_content corpus, built at training time from the committed annotations plus the taxonomy
 * file: every node's hand-written queries, the polysemy queries (annotations/polysemy.json), and templated queries over its name (as written, with "&" as
 * "and", with its last word's other number, qualified by its parent or tier 1 before or after it), its aliases, and contrastive queries
 * that ask for the node while ruling out a neighbour ("{node}, not {sibling}").
 * Hand-written queries are split by hash (train / calibration / test); templated ones only train.
 * A templated text that several nodes would claim is dropped: it cannot teach either of them.
 */
import { Rng } from '../../shared/random.js';
import { splitOfGroup, type Split } from '../../shared/splits.js';
import { normaliseText } from '../../shared/text.js';
import type { Annotations } from '../../shared/taxonomy/annotations.js';
import type { Taxonomy, TaxonomyNode } from '../../shared/taxonomy/taxonomy.js';

export interface AdContentRow {
  text: string;
  ad_content_id: string;
  /** `polysemy`: a hand-written query using a node-name word in another sense (always a cross row). */
  source: 'annotation' | 'polysemy' | 'template';
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
  '{a} explained',
  'top rated {a}',
  'where do i start with {a}',
  'ideas for {a}',
  'deals on {a}',
  'reviews of {a}',
  'is {a} worth it',
  'pros and cons of {a}',
  'tell me about {a}',
  'most popular {a} right now',
  'questions about {a}',
] as const;

/** Queries that want `{a}` and rule out `{b}`; the row is labelled with a's node. */
export const CONTRAST_TEMPLATES = [
  '{a}, not {b}',
  '{a} instead of {b}',
  'i want {a} rather than {b}',
  'show me {a} but not {b}',
  'rather than {b}, what about {a}',
  'looking at {a} as opposed to {b}',
  'anything on {a}? not {b}',
  'more {a} and not {b} please',
] as const;

/** Templated texts per subject kind. */
const TEMPLATES_PER = { name: 4, spoken: 1, nameNumber: 2, qualified: 2, alias: 2 } as const;
/** Contrastive rows per node (each against a different neighbour when there are enough). */
const CONTRAST_ROWS = 3;

const fill = (template: string, a: string, b = '') => template.replace('{a}', a.toLowerCase()).replace('{b}', b.toLowerCase());

function templated(subject: string, count: number, rng: Rng): string[] {
  return rng.shuffle(AD_CONTENT_TEMPLATES).slice(0, count).map((t) => fill(t, subject));
}

/** The name with its last word in the other grammatical number ("auto body styles" -> "auto body style"). */
export function otherNumber(name: string): string | undefined {
  const match = /^(.*?)([a-z]{4,})$/iu.exec(name.trim());
  if (!match) return undefined;
  const [, head, word] = match as unknown as [string, string, string];
  const lower = word.toLowerCase();
  const swapped = lower.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : lower.endsWith('ss') || lower.endsWith('us') || lower.endsWith('is')
      ? undefined
      : lower.endsWith('s')
        ? word.slice(0, -1)
        : /[^aeiou]y$/u.test(lower)
          ? `${word.slice(0, -1)}ies`
          : /(?:ch|sh|x)$/u.test(lower)
            ? `${word}es`
            : `${word}s`;
  return swapped && `${head}${swapped}`;
}

/** A name as people type it: "&" spelled "and" ("style & fashion" -> "style and fashion"). */
export function spokenName(name: string): string {
  return name.replace(/\s*&\s*/gu, ' and ');
}

/**
 * Subjects and how many templated texts each gets. A node qualified by its parent or tier 1 is
 * written in both orders ("style & fashion body art", "body art style and fashion"), "&" spelled
 * either way, as people name a category with its parent.
 */
function subjectsOf(node: TaxonomyNode, taxonomy: Taxonomy, aliases: readonly string[], rng: Rng): Array<[string, number]> {
  const subjects: Array<[string, number]> = [[node.name, TEMPLATES_PER.name]];
  if (spokenName(node.name) !== node.name) subjects.push([spokenName(node.name), TEMPLATES_PER.spoken]);
  const number = otherNumber(node.name);
  if (number) subjects.push([number, TEMPLATES_PER.nameNumber]);
  const parent = node.parentId ? taxonomy.byId.get(node.parentId) : undefined;
  const tier1 = taxonomy.byPath.get(node.path[0] as string);
  for (const qualifier of new Set([parent, tier1])) {
    if (!qualifier || qualifier.id === node.id || node.name.toLowerCase().includes(qualifier.name.toLowerCase())) continue;
    const spelled = (name: string) => rng.pick([name, spokenName(name)]);
    subjects.push([`${spelled(qualifier.name)} ${spelled(node.name)}`, TEMPLATES_PER.qualified / 2]);
    subjects.push([`${spelled(node.name)} ${spelled(qualifier.name)}`, TEMPLATES_PER.qualified / 2]);
  }
  for (const alias of aliases) subjects.push([alias, TEMPLATES_PER.alias]);
  return subjects;
}

/** Nodes a query about `node` is easily confused with: its siblings first, then any other node. */
function contrastPartners(node: TaxonomyNode, taxonomy: Taxonomy, rng: Rng): TaxonomyNode[] {
  const siblings = (node.parentId ? (taxonomy.children.get(node.parentId) ?? []) : taxonomy.nodes.filter((n) => n.depth === 1).map((n) => n.id)).filter((id) => id !== node.id);
  const partners = rng.shuffle(siblings).slice(0, CONTRAST_ROWS - 1);
  const others = taxonomy.nodes.filter((n) => n.id !== node.id && !partners.includes(n.id) && !n.path.includes(node.name));
  while (partners.length < CONTRAST_ROWS && others.length) partners.push((others[rng.int(others.length)] as TaxonomyNode).id);
  return partners.map((id) => taxonomy.byId.get(id) as TaxonomyNode);
}

export function buildAdContentRows(taxonomy: Taxonomy, annotations: Annotations): AdContentRow[] {
  const extensions = new Map(annotations.extensions.map((e) => [e.id, e]));
  const rows: AdContentRow[] = [];
  const templateOwners = new Map<string, Set<string>>();
  const addTemplate = (text: string, id: string) => {
    rows.push({ text, ad_content_id: id, source: 'template', split: 'train' });
    const owners = templateOwners.get(normaliseText(text)) ?? new Set<string>();
    owners.add(id);
    templateOwners.set(normaliseText(text), owners);
  };
  for (const node of taxonomy.nodes) {
    const annotation = annotations.nodes.get(node.id) ?? extensions.get(node.id);
    const rng = Rng.fromName(`ad_content:${node.id}`);
    for (const query of annotation?.queries ?? []) {
      rows.push({ text: query, ad_content_id: node.id, source: 'annotation', split: splitOfGroup(`ad_content:${normaliseText(query)}`) });
    }
    for (const [subject, count] of subjectsOf(node, taxonomy, annotation?.aliases ?? [], rng)) {
      for (const text of templated(subject, count, rng)) addTemplate(text, node.id);
    }
    const contrasts = rng.shuffle(CONTRAST_TEMPLATES);
    contrastPartners(node, taxonomy, rng).forEach((partner, k) => {
      const wanted = k === 0 || !annotation?.aliases.length ? node.name : rng.pick(annotation.aliases);
      addTemplate(fill(contrasts[k % contrasts.length] as string, wanted, partner.name), node.id);
    });
  }
  for (const query of annotations.polysemy) {
    rows.push({ text: query.text, ad_content_id: query.node, source: 'polysemy', split: splitOfGroup(`ad_content:${normaliseText(query.text)}`) });
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
