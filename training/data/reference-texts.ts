/** Normalised texts of the reference evaluation sets, so data checks can refuse any overlap. */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJsonl } from '../../shared/jsonl.js';
import { normaliseText } from '../../shared/text.js';

function textsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return typeof record.text === 'string' ? [record.text] : Object.values(record).flatMap(textsIn);
  }
  return [];
}

/** normalised text -> file name; empty when the folder is absent. */
export async function loadReferenceTexts(dir: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (!existsSync(dir)) return texts;
  for (const name of (await readdir(dir)).sort()) {
    const body = await readFile(join(dir, name), 'utf8');
    const values = name.endsWith('.jsonl') ? parseJsonl(body).lines.map((l) => l.value) : name.endsWith('.json') ? [JSON.parse(body) as unknown] : [];
    for (const text of values.flatMap(textsIn)) texts.set(normaliseText(text), name);
  }
  return texts;
}
