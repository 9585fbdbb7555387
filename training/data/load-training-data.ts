/** The rows a training run uses: the project's intent splits, or a user's labelled file split by group. */
import { join } from 'node:path';
import { UserFacingError } from '../../shared/errors.js';
import { sha256File } from '../../shared/hash.js';
import { readLabelledFile } from '../../shared/labelled-file.js';
import { splitOfGroup } from '../../shared/splits.js';
import { normaliseText } from '../../shared/text.js';
import { INTENT_DATA_DIR } from './build-intent-data.js';
import { CORPUS_SPLITS, type CorpusSplit } from './corpus/topic-splits.js';
import { isRowProblem, validateIntentRow, type LabelledIntentRow } from './intent-rows.js';

export interface TrainingFile {
  path: string;
  sha256: string;
  rows: number;
}

/** The manifest's record of a project data file (path relative to the project). */
export async function trainingFileOf(dataDir: string, file: string, rows: number): Promise<TrainingFile> {
  return { path: `data/${file}`, sha256: await sha256File(join(dataDir, file)), rows };
}

export interface IntentSplits {
  /** `selection` picks features and regularisation; a user file without `split: "selection"` rows leaves it empty and selection uses calibration. */
  splits: Record<CorpusSplit, LabelledIntentRow[]>;
  files: TrainingFile[];
}

/** A labelled intent file (JSONL or CSV); the first bad row is a one-line error naming file and line. */
export async function readIntentRows(path: string): Promise<LabelledIntentRow[]> {
  const { lines, errors } = await readLabelledFile(path);
  const rows: LabelledIntentRow[] = [];
  const problems = [...errors];
  for (const { line, value } of lines) {
    const row = validateIntentRow(value, line);
    if (isRowProblem(row)) problems.push(row);
    else rows.push(row);
  }
  if (problems.length > 0) throw new UserFacingError(`${path}:${problems[0]!.line}: ${problems[0]!.message} (${problems.length} bad rows in all)`);
  if (rows.length === 0) throw new UserFacingError(`${path}: no labelled rows`);
  return rows;
}

/** data/intent/{train,selection,calibration,test}.jsonl, or one user file whose rows carry `split` or are split by `group` (else by text). */
export async function loadIntentSplits(dataDir: string, userFile?: string): Promise<IntentSplits> {
  const splits: Record<CorpusSplit, LabelledIntentRow[]> = { train: [], selection: [], calibration: [], test: [] };
  const files: TrainingFile[] = [];
  if (userFile) {
    const rows = await readIntentRows(userFile);
    for (const row of rows) {
      const declared = (row as { split?: string }).split;
      const split = CORPUS_SPLITS.includes(declared as CorpusSplit) ? (declared as CorpusSplit) : splitOfGroup(row.group ?? normaliseText(row.text));
      splits[split].push(row);
    }
    files.push({ path: userFile, sha256: await sha256File(userFile), rows: rows.length });
  } else {
    for (const split of CORPUS_SPLITS) {
      const path = join(dataDir, INTENT_DATA_DIR, `${split}.jsonl`);
      splits[split] = await readIntentRows(path);
      files.push(await trainingFileOf(dataDir, `${INTENT_DATA_DIR}/${split}.jsonl`, splits[split].length));
    }
  }
  for (const split of ['train', 'calibration'] as const) {
    if (splits[split].length === 0) throw new UserFacingError(`no ${split} rows in the training data`);
  }
  return { splits, files };
}
