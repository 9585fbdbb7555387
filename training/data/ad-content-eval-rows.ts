/**
 * A labelled ad_content file (JSONL or CSV rows with `text` and `ad_content_path` or `ad_content_id`,
 * optionally `polysemy`) resolved against the loaded taxonomy. Rows whose gold node the taxonomy does
 * not know are counted, not scored. Used for held-out reporting (data/eval/ad_content.natural.jsonl).
 */
import { readLabelledFile } from '../../shared/labelled-file.js';
import type { Taxonomy } from '../../shared/taxonomy/taxonomy.js';

/** The held-out natural ad_content set (under data/): reported in the training report, never fitted on. */
export const NATURAL_EVAL_FILE = 'eval/ad_content.natural.jsonl';

export interface AdContentEvalRows {
  texts: string[];
  goldIds: string[];
  polysemy: boolean[];
  unknown: number;
}

export async function readAdContentEvalRows(path: string, taxonomy: Taxonomy): Promise<AdContentEvalRows> {
  const { lines } = await readLabelledFile(path);
  const rows: AdContentEvalRows = { texts: [], goldIds: [], polysemy: [], unknown: 0 };
  for (const { value } of lines) {
    const r = value as { text?: unknown; ad_content_path?: unknown; ad_content_id?: unknown; polysemy?: unknown };
    if (typeof r.text !== 'string') continue;
    const node = typeof r.ad_content_id === 'string' ? taxonomy.byId.get(r.ad_content_id) : typeof r.ad_content_path === 'string' ? taxonomy.byPath.get(r.ad_content_path) : undefined;
    if (!node) {
      rows.unknown += 1;
      continue;
    }
    rows.texts.push(r.text);
    rows.goldIds.push(node.id);
    rows.polysemy.push(r.polysemy === true || r.polysemy === 'true');
  }
  return rows;
}
