import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserFacingError } from '../../shared/errors.js';
import { readEvalRows, validateEvalRow, type AdContentGoldSource } from '../../evaluation/eval-rows.js';
import { taxonomyFixture } from '../helpers/training-fixture.js';

// Fixture taxonomy: 1 Technology, 2 Technology > Laptops, 3 Travel, 4 Travel > Hotels.
const source: AdContentGoldSource = { taxonomy: taxonomyFixture().taxonomy };

describe('evaluation rows: skip and report', () => {
  let dir = '';
  const file = (name: string) => join(dir, name);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-eval-rows-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps good JSONL rows and reports each bad one with file and line, counted in skipped', async () => {
    const lines = [
      JSON.stringify({ text: 'buy a laptop', intent_type: 'transactional', ad_content_path: 'Technology > Laptops', difficulty: 'easy' }), // 1 ok
      '{"text": "broken', // 2 malformed JSON
      JSON.stringify({ text: 'hello there', intent_type: 'greeting' }), // 3 unknown label
      JSON.stringify({ text: 'cheap motel', ad_content_path: 'Travel > Motels' }), // 4 unknown taxonomy path
      '', // 5 blank: ignored
      JSON.stringify({ text: 'hotel deals', ad_content_id: '4' }), // 6 ok, by id
      JSON.stringify({ text: '   ', intent_type: 'support' }), // 7 empty text
      JSON.stringify({ text: 'no labels here' }), // 8 no label
      JSON.stringify({ text: 'gadgets', ad_content_id: '99' }), // 9 unknown id
      JSON.stringify({ text: 'trips', ad_content_id: '1', ad_content_path: 'Travel' }), // 10 id and path disagree
      '[1, 2]', // 11 not an object
      JSON.stringify({ text: 'travel tips', ad_content_path: ' Travel >Hotels ', decision_phase: 'research' }), // 12 ok, path normalised
    ];
    await writeFile(file('mixed.jsonl'), lines.join('\n') + '\n');
    const { rows, problems, datasets } = await readEvalRows([file('mixed.jsonl')], source);
    expect(rows.map((r) => r.line)).toEqual([1, 6, 12]);
    expect(rows[0]).toEqual({ file: file('mixed.jsonl'), line: 1, text: 'buy a laptop', gold: { intent_type: 'transactional' }, adContent: { id: '2', path: ['Technology', 'Laptops'] }, difficulty: 'easy' });
    expect(rows[1]?.adContent).toEqual({ id: '4', path: ['Travel', 'Hotels'] });
    expect(rows[2]?.adContent?.id).toBe('4');
    expect(problems.map((p) => [p.line, p.message.replace(/:.*/s, '')])).toEqual([
      [2, 'invalid JSON'],
      [3, 'unknown intent_type label "greeting" (known'],
      [4, 'unknown taxonomy path "Travel > Motels"'],
      [7, 'missing or empty "text"'],
      [8, 'row carries no label'],
      [9, 'unknown taxonomy id "99"'],
      [10, 'ad_content_id 1 and ad_content_path "Travel" name different nodes'],
      [11, 'row is not a JSON object'],
    ]);
    expect(problems.every((p) => p.file === file('mixed.jsonl'))).toBe(true);
    expect(datasets).toEqual([{ path: file('mixed.jsonl'), rows: 3, skipped: 8 }]);
  });

  it('reads CSV with header-row line numbers and reports bad rows', async () => {
    const brokenCsv = ['text,intent_type', 'compare two laptops,commercial', '"unterminated,commercial', ''].join('\n');
    await writeFile(file('rows.csv'), ['text,intent_type,ad_content_path,difficulty', 'compare two laptops,commercial,Technology > Laptops,hard', 'book a hotel,booking,,', 'plan a trip,exploratory,Travel,'].join('\n'));
    const { rows, problems } = await readEvalRows([file('rows.csv')], source);
    expect(rows.map((r) => [r.line, r.gold.intent_type, r.adContent?.id, r.difficulty])).toEqual([
      [2, 'commercial', '2', 'hard'],
      [4, 'exploratory', '3', undefined],
    ]);
    expect(problems).toEqual([{ file: file('rows.csv'), line: 3, message: expect.stringContaining('unknown intent_type label "booking"') }]);
    await writeFile(file('broken.csv'), brokenCsv);
    const broken = await readEvalRows([file('broken.csv'), file('rows.csv')], source);
    expect(broken.problems.some((p) => p.file === file('broken.csv') && p.message.startsWith('CSV:'))).toBe(true);
  });

  it('is an error when no row is usable, naming the first problem', async () => {
    await writeFile(file('bad.jsonl'), '{"text": "x", "intent_type": "nope"}\nnot json\n');
    const attempt = readEvalRows([file('bad.jsonl')], source);
    await expect(attempt).rejects.toBeInstanceOf(UserFacingError);
    await expect(readEvalRows([file('bad.jsonl')], source)).rejects.toThrow(`no usable rows in ${file('bad.jsonl')} (2 skipped; first: ${file('bad.jsonl')}:1: unknown intent_type label "nope"`);
    await writeFile(file('empty.jsonl'), '\n');
    await expect(readEvalRows([file('empty.jsonl')], source)).rejects.toThrow('(the files are empty)');
  });

  it('without an ad_content model, drops ad_content labels and skips rows that have nothing else', () => {
    const unavailable: AdContentGoldSource = { unavailable: 'ad_content artifacts missing' };
    expect(validateEvalRow({ text: 'hotels', ad_content_path: 'Travel > Hotels' }, 'f.jsonl', 3, unavailable)).toEqual({
      file: 'f.jsonl',
      line: 3,
      message: 'only an ad_content label, and ad_content cannot be evaluated: ad_content artifacts missing',
    });
    expect(validateEvalRow({ text: 'hotels', intent_type: 'commercial', ad_content_path: 'Travel > Hotels' }, 'f.jsonl', 4, unavailable)).toEqual({
      file: 'f.jsonl',
      line: 4,
      text: 'hotels',
      gold: { intent_type: 'commercial' },
    });
  });
});
