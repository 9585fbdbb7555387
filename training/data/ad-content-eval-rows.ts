/**
 * A labelled ad_content file (JSONL or CSV rows with `text` and `ad_content_path` or `ad_content_id`,
 * optionally `polysemy` and `excluded_path` or `excluded_id`) resolved against the loaded taxonomy. Rows whose gold node
 * the taxonomy does not know are counted, not scored. Used for the held-out sets under data/eval/.
 */
import { readLabelledFile } from '../../shared/labelled-file.js';
import type { Taxonomy, TaxonomyNode } from '../../shared/taxonomy/taxonomy.js';

/** The held-out natural ad_content set (under data/): reported in the training report, never fitted on. */
export const NATURAL_EVAL_FILE = 'eval/ad_content.natural.jsonl';
/** Held-out queries that name a topic they want and one they rule out (`excluded_path`, or `excluded_id` by Unique ID). */
export const CONTRAST_EVAL_FILE = 'eval/ad_content.contrast.jsonl';

/** What a held-out set must hold (checked by data:check). */
export interface HeldOutSetRules {
  minRows: number;
  minTier1: number;
  minPolysemyShare: number;
  /** Every row names the ruled-out topic's path, a node other than its gold one. */
  requiresExcluded: boolean;
}

/** An ad_content set outside the corpus, written by people who never saw the annotations; never trained on. */
export interface HeldOutAdContentSet {
  file: string;
  name: string;
  rules: HeldOutSetRules;
}

/** The evaluation sets: reported, never trained, calibrated or tuned on. */
export const HELD_OUT_AD_CONTENT_SETS: readonly HeldOutAdContentSet[] = [
  { file: NATURAL_EVAL_FILE, name: 'natural set', rules: { minRows: 400, minTier1: 30, minPolysemyShare: 1 / 3, requiresExcluded: false } },
  { file: CONTRAST_EVAL_FILE, name: 'contrast set', rules: { minRows: 300, minTier1: 30, minPolysemyShare: 0, requiresExcluded: true } },
];

/**
 * Contrast queries by another writer that the resolver search scores beside the ad_content calibration
 * split (the hash-split annotations hold few of them), so that how such queries decode is chosen on
 * queries the evaluation contrast set does not share. Never trained on.
 */
export const CONTRAST_CALIBRATION_SET: HeldOutAdContentSet = {
  file: 'calibration/ad_content.contrast.jsonl',
  name: 'contrast calibration set',
  rules: { minRows: 300, minTier1: 30, minPolysemyShare: 0, requiresExcluded: true },
};

export interface AdContentEvalRows {
  texts: string[];
  goldIds: string[];
  polysemy: boolean[];
  /** The ruled-out topic's node id, when the row names one the taxonomy knows (`excluded_path`, or `excluded_id` by Unique ID). */
  excludedIds: Array<string | undefined>;
  unknown: number;
}

/** The node a row names by Unique ID (`<field>_id`) or by path (`<field>_path`), when the taxonomy knows it. */
function namedNode(taxonomy: Taxonomy, id: unknown, path: unknown): TaxonomyNode | undefined {
  if (typeof id === 'string') return taxonomy.byId.get(id);
  return typeof path === 'string' ? taxonomy.byPath.get(path) : undefined;
}

export async function readAdContentEvalRows(path: string, taxonomy: Taxonomy): Promise<AdContentEvalRows> {
  const { lines } = await readLabelledFile(path);
  const rows: AdContentEvalRows = { texts: [], goldIds: [], polysemy: [], excludedIds: [], unknown: 0 };
  for (const { value } of lines) {
    const r = value as { text?: unknown; ad_content_path?: unknown; ad_content_id?: unknown; polysemy?: unknown; excluded_path?: unknown; excluded_id?: unknown };
    if (typeof r.text !== 'string') continue;
    const node = namedNode(taxonomy, r.ad_content_id, r.ad_content_path);
    if (!node) {
      rows.unknown += 1;
      continue;
    }
    rows.texts.push(r.text);
    rows.goldIds.push(node.id);
    rows.polysemy.push(r.polysemy === true || r.polysemy === 'true');
    rows.excludedIds.push(namedNode(taxonomy, r.excluded_id, r.excluded_path)?.id);
  }
  return rows;
}
