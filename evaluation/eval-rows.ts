/**
 * Labelled evaluation rows from one or more JSONL / CSV files: `text` plus any of the intent labels,
 * `ad_content_path` (Tier cells joined with " > ") or `ad_content_id`, and `difficulty`. A row that
 * cannot be scored (malformed, no text, an unknown label, a taxonomy path or id the loaded taxonomy
 * lacks, no usable label) is reported with its file and line and skipped; zero usable rows is an error.
 */
import { UserFacingError } from '../shared/errors.js';
import { readLabelledFile } from '../shared/labelled-file.js';
import { HEAD_LABELS, INTENT_HEADS, isLabelOf, type IntentHead } from '../shared/labels.js';
import { PATH_SEPARATOR, type Taxonomy } from '../shared/taxonomy/taxonomy.js';

export interface EvalRow {
  file: string;
  line: number;
  text: string;
  gold: Partial<Record<IntentHead, string>>;
  /** The gold taxonomy node, when the row names one the loaded taxonomy knows. */
  adContent?: { id: string; path: readonly string[] };
  difficulty?: string;
}

export interface RowProblem {
  file: string;
  line: number;
  message: string;
}

export interface DatasetSummary {
  path: string;
  rows: number;
  skipped: number;
}

export interface EvalRows {
  rows: EvalRow[];
  problems: RowProblem[];
  datasets: DatasetSummary[];
}

/**
 * What the loaded artifacts can score: the taxonomy for ad_content gold labels, or why ad_content
 * cannot be evaluated (the runtime serves the placeholder).
 */
export type AdContentGoldSource = { taxonomy: Pick<Taxonomy, 'byId' | 'byPath'> } | { unavailable: string };

const AD_CONTENT_FIELDS = ['ad_content_path', 'ad_content_id'] as const;

function adContentGold(row: Record<string, unknown>, source: AdContentGoldSource): { gold?: EvalRow['adContent']; problem?: string } {
  const path = row.ad_content_path;
  const id = row.ad_content_id;
  if (path === undefined && id === undefined) return {};
  if (path !== undefined && (typeof path !== 'string' || path.trim() === '')) return { problem: '"ad_content_path" must be a non-empty string' };
  if (id !== undefined && (typeof id !== 'string' || id.trim() === '') && typeof id !== 'number') return { problem: '"ad_content_id" must be a non-empty string' };
  if ('unavailable' in source) return {};
  const byPath = typeof path === 'string' ? normalisedPath(path) : undefined;
  const nodeByPath = byPath === undefined ? undefined : source.taxonomy.byPath.get(byPath);
  if (byPath !== undefined && !nodeByPath) return { problem: `unknown taxonomy path ${JSON.stringify(byPath)}` };
  const nodeById = id === undefined ? undefined : source.taxonomy.byId.get(String(id).trim());
  if (id !== undefined && !nodeById) return { problem: `unknown taxonomy id ${JSON.stringify(String(id))}` };
  if (nodeByPath && nodeById && nodeByPath.id !== nodeById.id) {
    return { problem: `ad_content_id ${nodeById.id} and ad_content_path ${JSON.stringify(byPath)} name different nodes` };
  }
  const node = (nodeByPath ?? nodeById)!;
  return { gold: { id: node.id, path: node.path } };
}

/** "A >B >  C" -> "A > B > C": cells trimmed, empty cells dropped. */
function normalisedPath(path: string): string {
  return path
    .split('>')
    .map((cell) => cell.trim())
    .filter((cell) => cell !== '')
    .join(PATH_SEPARATOR);
}

/** One parsed record -> a scorable row, or the reason it is skipped. */
export function validateEvalRow(value: unknown, file: string, line: number, source: AdContentGoldSource): EvalRow | RowProblem {
  const problem = (message: string): RowProblem => ({ file, line, message });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return problem('row is not a JSON object');
  const row = value as Record<string, unknown>;
  if (typeof row.text !== 'string' || row.text.trim() === '') return problem('missing or empty "text"');
  const gold: Partial<Record<IntentHead, string>> = {};
  for (const head of INTENT_HEADS) {
    const label = row[head];
    if (label === undefined) continue;
    if (!isLabelOf(head, label)) return problem(`unknown ${head} label ${JSON.stringify(label)} (known: ${HEAD_LABELS[head].join(', ')})`);
    gold[head] = label as string;
  }
  const ad = adContentGold(row, source);
  if (ad.problem) return problem(ad.problem);
  if (Object.keys(gold).length === 0 && !ad.gold) {
    const hasAd = AD_CONTENT_FIELDS.some((f) => row[f] !== undefined);
    return problem(hasAd && 'unavailable' in source ? `only an ad_content label, and ad_content cannot be evaluated: ${source.unavailable}` : 'row carries no label');
  }
  const difficulty = row.difficulty;
  if (difficulty !== undefined && (typeof difficulty !== 'string' || difficulty.trim() === '')) return problem('"difficulty" must be a non-empty string');
  return {
    file,
    line,
    text: row.text.trim(),
    gold,
    ...(ad.gold ? { adContent: ad.gold } : {}),
    ...(typeof difficulty === 'string' ? { difficulty: difficulty.trim() } : {}),
  };
}

export function isRowProblem(value: EvalRow | RowProblem): value is RowProblem {
  return 'message' in value;
}

export async function readEvalRows(files: readonly string[], source: AdContentGoldSource): Promise<EvalRows> {
  const rows: EvalRow[] = [];
  const problems: RowProblem[] = [];
  const datasets: DatasetSummary[] = [];
  for (const file of files) {
    const { lines, errors } = await readLabelledFile(file);
    const fileProblems: RowProblem[] = errors.map((e) => ({ file, line: e.line, message: e.message }));
    const unparsed = new Set(errors.map((e) => e.line));
    let usable = 0;
    for (const { line, value } of lines) {
      if (unparsed.has(line)) continue; // already reported (a CSV row with the wrong number of fields)
      const row = validateEvalRow(value, file, line, source);
      if (isRowProblem(row)) fileProblems.push(row);
      else {
        rows.push(row);
        usable += 1;
      }
    }
    fileProblems.sort((a, b) => a.line - b.line);
    problems.push(...fileProblems);
    datasets.push({ path: file, rows: usable, skipped: fileProblems.length });
  }
  if (rows.length === 0) {
    const first = problems[0];
    throw new UserFacingError(
      `no usable rows in ${files.join(', ')}${first ? ` (${problems.length} skipped; first: ${first.file}:${first.line}: ${first.message})` : ' (the files are empty)'}`,
    );
  }
  return { rows, problems, datasets };
}

export const formatProblem = (p: RowProblem): string => `${p.file}:${p.line}: ${p.message}`;
