/** `npm run data:check`: counts per head, label and split; non-zero exit listing every failing row. */
import { join } from 'node:path';
import { UserFacingError } from '../../shared/errors.js';
import { readJsonl } from '../../shared/jsonl.js';
import { CORPUS_SPLITS } from './corpus/topic-splits.js';
import { INTENT_DATA_DIR } from './build-intent-data.js';
import { type CheckFailure, type LocatedRow } from './check-intent-data.js';

export async function readSplitRows(dataDir: string): Promise<{ rows: LocatedRow[]; failures: CheckFailure[] }> {
  const rows: LocatedRow[] = [];
  const failures: CheckFailure[] = [];
  for (const split of CORPUS_SPLITS) {
    const file = join(dataDir, INTENT_DATA_DIR, `${split}.jsonl`);
    const { lines, errors } = await readJsonl(file).catch(() => {
      throw new UserFacingError(`cannot read ${file}; run npm run data`);
    });
    failures.push(...errors.map((e) => ({ kind: 'malformed' as const, message: `${file}:${e.line}: ${e.message}` })));
    rows.push(...lines.map(({ line, value }) => ({ file, line, split, value })));
  }
  return { rows, failures };
}
