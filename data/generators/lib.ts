/**
 * Building blocks for the deterministic data generators: a seeded PRNG, template expansion and
 * surface noise (casing, punctuation, typos) so generated queries read like typed chat input.
 * Every generator receives its own Rng seeded from its name, so adding one generator never changes
 * the output of another.
 */
import { Rng, seedFromString } from '../../shared/random.js';
export { Rng, seedFromString };
import type { DecisionPhase, IntentSubtype, IntentType } from '../../shared/labels.js';

export interface IntentRow {
  text: string;
  intent_type?: IntentType;
  intent_subtype?: IntentSubtype;
  decision_phase?: DecisionPhase;
  /** Generator or hand-written file that produced the row, e.g. `gen/commercial` or `hand/chit-chat`. */
  source: string;
  /** Split key: every variant of one template or one hand-written idea shares it. */
  group: string;
}

export type Labels = Pick<IntentRow, 'intent_type' | 'intent_subtype' | 'decision_phase'>;

export interface IntentGenerator {
  /** Stable, unique name; also seeds the generator's Rng. */
  name: string;
  generate(rng: Rng): IntentRow[];
}

export type Slots = Readonly<Record<string, readonly string[]>>;

/**
 * Fill `{slot}` placeholders from `slots`. Returns up to `count` distinct texts; stops early when
 * the template cannot produce more distinct fillings (bounded number of attempts).
 */
export function expand(template: string, slots: Slots, rng: Rng, count: number): string[] {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  for (const name of names) {
    if (!slots[name] || slots[name].length === 0) throw new Error(`template "${template}" uses unknown slot {${name}}`);
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (let attempt = 0; attempt < count * 20 && out.length < count; attempt++) {
    const text = template.replace(/\{(\w+)\}/g, (_, name: string) => rng.pick(slots[name] as readonly string[]));
    if (!seen.has(text)) {
      seen.add(text);
      out.push(text);
    }
  }
  return out;
}

const KEYBOARD_NEIGHBOURS: Readonly<Record<string, string>> = {
  a: 's', e: 'r', i: 'o', o: 'p', n: 'm', r: 't', s: 'd', t: 'y', u: 'i', l: 'k',
};

/** One realistic typo: swap two adjacent letters, drop a letter, or hit a neighbouring key. */
export function addTypo(text: string, rng: Rng): string {
  const words = text.split(' ');
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => /^[a-z]{5,}$/i.test(w));
  if (candidates.length === 0) return text;
  const [word, index] = rng.pick(candidates);
  const pos = 1 + rng.int(word.length - 2);
  let typo: string;
  const kind = rng.int(3);
  if (kind === 0) typo = word.slice(0, pos) + word[pos + 1] + word[pos] + word.slice(pos + 2);
  else if (kind === 1) typo = word.slice(0, pos) + word.slice(pos + 1);
  else {
    const ch = word[pos]?.toLowerCase() ?? '';
    typo = word.slice(0, pos) + (KEYBOARD_NEIGHBOURS[ch] ?? ch) + word.slice(pos + 1);
  }
  words[index] = typo;
  return words.join(' ');
}

export interface NoiseOptions {
  lowercase?: number;
  dropPunctuation?: number;
  typo?: number;
  capitalise?: number;
}

const DEFAULT_NOISE: Required<NoiseOptions> = { lowercase: 0.45, dropPunctuation: 0.4, typo: 0.08, capitalise: 0.35 };

/** Surface variation the way people type into a chat box. Never changes the meaning. */
export function typeLikeAPerson(text: string, rng: Rng, options: NoiseOptions = {}): string {
  const p = { ...DEFAULT_NOISE, ...options };
  let out = text.trim();
  if (rng.chance(p.lowercase)) out = out.toLowerCase();
  else if (rng.chance(p.capitalise)) out = out.charAt(0).toUpperCase() + out.slice(1);
  if (rng.chance(p.dropPunctuation)) out = out.replace(/[?.!]+$/, '');
  if (rng.chance(p.typo)) out = addTypo(out, rng);
  return out.replace(/\s+/g, ' ');
}

/**
 * Expand several templates that share one labelling into rows. Each template is its own group, so
 * a template's variants never straddle splits.
 */
export function rowsFromTemplates(
  source: string,
  labels: Labels,
  templates: readonly string[],
  slots: Slots,
  rng: Rng,
  perTemplate: number,
  noise: NoiseOptions = {},
): IntentRow[] {
  const rows: IntentRow[] = [];
  templates.forEach((template) => {
    const group = `${source}#${seedFromString(template).toString(16)}`;
    for (const text of expand(template, slots, rng, perTemplate)) {
      rows.push({ text: typeLikeAPerson(text, rng, noise), ...labels, source, group });
    }
  });
  return rows;
}
