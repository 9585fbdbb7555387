import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseText } from '../../shared/text.js';
import type { LabelledIntentRow } from '../../training/data/intent-rows.js';
import { checkUnseenWriterRows, INTENT_NATURAL_EVAL_FILE, loadUnseenWriterRows, UNSEEN_WRITERS_FILE } from '../../training/unseen-writers.js';

const row = (text: string, writer: string): LabelledIntentRow =>
  ({ text, intent_type: 'informational', intent_subtype: 'education', decision_phase: 'awareness', writer }) as LabelledIntentRow;

describe('unseen-writer rows', () => {
  it('loads both files when present and leaves a missing one undefined', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'writers-'));
    await mkdir(join(dir, 'calibration'), { recursive: true });
    await writeFile(join(dir, UNSEEN_WRITERS_FILE), `${JSON.stringify(row('what is a heat pump', 'a'))}\n`);
    const rows = await loadUnseenWriterRows(dir);
    expect(rows.calibration?.map((r) => r.text)).toEqual(['what is a heat pump']);
    expect(rows.evaluation).toBeUndefined();
  });

  it('passes disjoint files by different writers and says how many rows and writers each has', () => {
    const check = checkUnseenWriterRows({ calibration: [row('one', 'a'), row('two', 'b')], evaluation: [row('three', 'c')] }, new Set(), new Map());
    expect(check.failures).toEqual([]);
    expect(check.summary).toContain(`data/${UNSEEN_WRITERS_FILE} 2 rows by 2 writers`);
    expect(check.summary).toContain(`data/${INTENT_NATURAL_EVAL_FILE} 1 rows by 1 writers`);
  });

  it('refuses texts shared with the corpus, the reference sets or the other file, a writer in both files, and a missing file', () => {
    const check = checkUnseenWriterRows(
      { calibration: [row('In the corpus', 'a'), row('in a reference set', 'a'), row('in both files', 'a')], evaluation: [row('in both files', 'a')] },
      new Set([normaliseText('in the corpus')]),
      new Map([[normaliseText('in a reference set'), 'intent_type.test.jsonl']]),
    );
    const messages = check.failures.map((f) => f.message).join('\n');
    expect(messages).toMatch(/"In the corpus" is also in the intent corpus/);
    expect(messages).toMatch(/"in a reference set" is also in reference set intent_type.test.jsonl/);
    expect(messages).toMatch(/"in both files" is also in data\/calibration\/unseen-writers.jsonl/);
    expect(messages).toMatch(/writers a wrote rows of both/);
    expect(checkUnseenWriterRows({ calibration: undefined, evaluation: [] }, new Set(), new Map()).failures.map((f) => f.message)).toContain(`data/${UNSEEN_WRITERS_FILE} is missing`);
  });
});
