/**
 * A row's sentence frame: its text with the topic masked (the row's own span and every registered
 * topic term or brand), lowercased and reduced to letters. Two rows with one frame differ only in
 * what they are about; the corpus allows few of them so the heads cannot learn frames.
 */
import { registeredNames, type TopicRegistry } from './topic-registry.js';

export const TOPIC_MASK = '<t>';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type FrameOf = (row: { text: string; span?: string }) => string;

export function frameMasker(registry: TopicRegistry): FrameOf {
  const names = registeredNames(registry);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return ({ text, span }) => {
    let lower = text.toLowerCase();
    if (span) lower = lower.split(span.toLowerCase()).join(` ${TOPIC_MASK} `);
    return lower
      .replace(pattern, ` ${TOPIC_MASK} `)
      .replace(/[^\p{L}<>]+/gu, ' ')
      .replace(/(?:<t>\s*)+/g, `${TOPIC_MASK} `)
      .trim();
  };
}
