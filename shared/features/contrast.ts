/**
 * What a query asks for versus what it rules out: "jazz clubs, not art museums", "a minivan instead of a
 * coupe", "rather than renting, should i buy". Conversational queries name the topic they do not want
 * as often as the one they do, and a bag of words (or an embedding) cannot tell the two apart.
 *
 * A contrast marker opens an excluded span that runs to the next clause punctuation or the end of the
 * query. Bare "not" counts only when it does not negate a verb ("why is it not starting", "how to not
 * overpay" keep their words), and a marker with nothing before it and no clause break after it is
 * left alone ("not sure which laptop to buy").
 */
import { tokenize } from './ngram-features.js';

export interface ContrastSplit {
  /** The query without its excluded spans (the whole query when nothing is excluded). */
  wanted: string;
  /** The excluded spans, joined by spaces ('' when none). */
  excluded: string;
}

const CONTRAST_MARKERS = ['instead of', 'rather than', 'as opposed to', 'other than', 'apart from', 'except for', 'excluding', 'but not', 'and not', 'not'] as const;

/** Words after which "not" negates a verb or adjective rather than contrasting two topics. */
const VERBAL_NOT_CONTEXT = new Set([
  'is', 'are', 'was', 'were', 'be', 'been', 'am', 'do', 'does', 'did', 'can', 'could', 'will', 'would', 'should', 'shall',
  'may', 'might', 'must', 'has', 'have', 'had', 'to', 'why', 'if', 'whether', 'or', 'i', 'it', 'you', 'we', 'they', 'he', 'she',
  'that', 'which', 'who', 'still', 'just', 'really', 'definitely', 'probably', 'maybe', 'yet',
]);

/** "not" before these negates a verb or an adjective ("not worth it", "not sure"), not a topic. */
const VERBAL_WORDS = 'work|works|be|get|go|have|worth|sure|enough|too|very|so|only|even|available|allowed|possible|included';
const VERBAL_WORD_AFTER_NOT = new RegExp(`^(?:${VERBAL_WORDS})$`, 'u');
/** The same without a comma before "not", plus any -ing or -ed word ("car not starting"). */
const VERBAL_AFTER_NOT = new RegExp(`^(?:\\p{L}+(?:ing|ed)|${VERBAL_WORDS})$`, 'u');

const MARKER_PATTERN = new RegExp(`(^|[\\s,;(])(${CONTRAST_MARKERS.map((m) => m.replace(' ', '\\s+')).join('|')})(?=\\s)`, 'giu');
const CLAUSE_END = /[,;.!?)]/u;

function precedingWord(text: string, end: number): string | undefined {
  return tokenize(text.slice(0, end)).at(-1);
}

export function splitContrast(query: string): ContrastSplit {
  const spans: Array<[number, number]> = [];
  for (const match of query.matchAll(MARKER_PATTERN)) {
    const markerStart = (match.index ?? 0) + (match[1] as string).length;
    if (spans.some(([, end]) => markerStart < end)) continue;
    const marker = (match[2] as string).toLowerCase().replace(/\s+/gu, ' ');
    const afterMarker = markerStart + (match[2] as string).length;
    const rest = query.slice(afterMarker);
    const clauseBreak = rest.search(CLAUSE_END);
    const spanEnd = clauseBreak < 0 ? query.length : afterMarker + clauseBreak;
    if (marker === 'not') {
      const previous = precedingWord(query, markerStart);
      const afterComma = /,\s*$/u.test(query.slice(0, markerStart));
      const next = tokenize(rest)[0];
      if (!previous || !next) continue;
      // After a comma an -ing or -ed word is a topic more often than a verb ("cigars, not beekeeping").
      const verbal = (afterComma ? VERBAL_WORD_AFTER_NOT : VERBAL_AFTER_NOT).test(next);
      if (verbal || (!afterComma && VERBAL_NOT_CONTEXT.has(previous))) continue;
    }
    const hasTopicElsewhere = tokenize(query.slice(0, markerStart)).length > 0 || (clauseBreak >= 0 && tokenize(query.slice(spanEnd)).length > 0);
    if (!hasTopicElsewhere) continue;
    spans.push([markerStart, spanEnd]);
  }
  if (spans.length === 0) return { wanted: query, excluded: '' };
  const excluded = spans.map(([start, end]) => query.slice(start, end).replace(MARKER_PATTERN, '$1')).join(' ');
  let wanted = '';
  let cursor = 0;
  for (const [start, end] of spans) {
    wanted += `${query.slice(cursor, start)} `;
    cursor = end;
  }
  wanted += query.slice(cursor);
  const tidy = (text: string) => text.replace(/\s+/gu, ' ').replace(/\s+([,;?!.])/gu, '$1').replace(/^[\s,;]+|[\s,;]+$/gu, '').trim();
  return tokenize(wanted).length ? { wanted: tidy(wanted), excluded: tidy(excluded) } : { wanted: query, excluded: '' };
}
