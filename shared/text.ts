/** Text normalisation used wherever two queries must be judged "the same text". */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s?.!,;:]+$/u, '');
}
