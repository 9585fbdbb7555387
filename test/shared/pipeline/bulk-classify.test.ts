import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateEnvelope } from '../../../shared/envelope/validate-envelope.js';
import { classifyStream, countRows, CSV_COLUMNS, formatOf, type BulkOptions } from '../../../shared/pipeline/bulk-classify.js';
import { classifyBatch } from '../../../shared/pipeline/classify-query.js';
import { createTestRuntime, type TestRuntime } from '../../helpers/test-runtime.js';
import { runTsx } from '../../helpers/run-tsx.js';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';

async function run(test: TestRuntime, input: string, options: Partial<BulkOptions> & Pick<BulkOptions, 'inputFormat' | 'outputFormat'>) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const stats = await classifyStream(test.runtime, Readable.from([Buffer.from(input)]), out, { textField: 'text', progress: { update() {}, stop() {} }, ...options });
  return { stats, text };
}

describe('bulk classification (streaming, one record per input row)', () => {
  let test: TestRuntime;

  beforeAll(async () => {
    test = await createTestRuntime();
  });

  afterAll(async () => {
    await test?.cleanup();
  });

  it('JSONL: one record per line in input order, bad rows as error records in place', async () => {
    const lines = [
      JSON.stringify({ text: 'which laptop should I buy', id: 'a' }),
      '{"text": "broken',
      JSON.stringify({ query: 'no text field', id: 'c' }),
      '',
      JSON.stringify({ text: '   ', id: 'e' }),
      JSON.stringify({ text: 'x'.repeat(5001), id: 'f' }),
      JSON.stringify([1, 2]),
      JSON.stringify({ text: 42, id: 'h' }),
      ...Array.from({ length: 9 }, (_, i) => JSON.stringify({ text: `  book a flight to city ${i}  `, id: `r${i}` })),
    ];
    const { stats, text } = await run(test, `${lines.join('\r\n')}\n`, { inputFormat: 'jsonl', outputFormat: 'jsonl', idField: 'id', chunkRows: 4 });
    const records = text.trim().split('\n').map((l) => JSON.parse(l) as { row: number; id?: string; envelope?: unknown; error?: string });
    expect(records.map((r) => r.row)).toEqual(lines.map((_, i) => i + 1));
    expect(stats).toMatchObject({ rows: 17, classified: 10, errors: 7 });
    expect(records.slice(1, 8).map((r) => r.error)).toEqual([
      expect.stringMatching(/^invalid JSON/),
      'no "text" field',
      'empty line',
      'text is empty after trimming',
      'text too long: given 5001 characters, max 5000',
      'row is not a JSON object',
      '"text" is not a string',
    ]);
    expect(records[2]?.id).toBe('c');
    // Envelopes are the same ones classifyBatch gives for the trimmed texts.
    const expected = await classifyBatch(test.runtime, ['which laptop should I buy', ...Array.from({ length: 9 }, (_, i) => `book a flight to city ${i}`)]);
    const envelopes = records.filter((r) => r.envelope).map((r) => r.envelope);
    expect(envelopes).toEqual(JSON.parse(JSON.stringify(expected)));
    for (const envelope of envelopes) expect(() => validateEnvelope(envelope)).not.toThrow();
  });

  it('CSV in, CSV out: quoted commas and newlines, a malformed record in place, the text column by name', async () => {
    const input = ['id,query,note', '1,"cheap flights, to denver","two\nlines"', '2,,empty', '3,"too many",fields,here', '', '4,which crm for a small team,ok', '5,"héllo wörld café",ok'].join('\n');
    const { stats, text } = await run(test, input, { inputFormat: 'csv', outputFormat: 'csv', textField: 'query', idField: 'id', chunkRows: 2 });
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...CSV_COLUMNS]);
    expect(parsed.data.map((r) => [r.row, r.id, r.error])).toEqual([
      ['1', '1', ''],
      ['2', '2', 'text is empty after trimming'],
      ['3', '3', expect.stringMatching(/^CSV: Too many fields/)],
      ['4', '4', ''],
      ['5', '5', ''],
    ]);
    expect(stats).toMatchObject({ rows: 5, classified: 3, errors: 2 });
    const first = parsed.data[0] as Record<string, string>;
    expect(JSON.parse(first.envelope as string).model_output.classification.intent.type).toBe(first.intent_type);
  });

  it('CSV reading pauses the parser when the consumer is behind and keeps every row', async () => {
    const rows = Array.from({ length: 700 }, (_, i) => `${i},"query ${i}, with a comma"`);
    const { stats, text } = await run(test, ['id,text', ...rows].join('\n'), { inputFormat: 'csv', outputFormat: 'jsonl', idField: 'id', chunkRows: 50 });
    expect(stats.rows).toBe(700);
    expect(text.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(rows.map((_, i) => String(i)));
  });

  it('refuses to run when the CSV has no such column', async () => {
    await expect(run(test, 'id,query\n1,hello\n', { inputFormat: 'csv', outputFormat: 'jsonl' })).rejects.toThrow(/no "text" column/);
  });

  it('picks formats from names and counts rows for the ETA', async () => {
    expect(formatOf('a.CSV')).toBe('csv');
    expect(formatOf('-')).toBe('jsonl');
    expect(formatOf('a.txt', 'csv')).toBe('csv');
    const dir = await mkdtemp(join(tmpdir(), 'qi-bulk-'));
    try {
      await writeFile(join(dir, 'a.jsonl'), '{"text":"a"}\n{"text":"b"}\n{"text":"c"}');
      await writeFile(join(dir, 'b.csv'), 'text\na\nb\n');
      expect(await countRows(join(dir, 'a.jsonl'), 'jsonl')).toBe(3);
      expect(await countRows(join(dir, 'b.csv'), 'csv')).toBe(2);
      expect(await countRows(join(dir, 'missing.jsonl'), 'jsonl')).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('query-intent classify (bin/query-intent.js) with the committed artifacts and the real encoder', () => {
  const cli = (args: string[], stdin: string) =>
    runTsx(['bin/query-intent.js', ...args], Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'ARTIFACTS_DIR' && name !== 'QUIET')), stdin);

  it('reads stdin, writes stdout, reports progress and a summary on stderr', async () => {
    const input = ['which laptop should i buy for college', '{"oops"', 'cancel my subscription'].map((t, i) => (i === 1 ? t : JSON.stringify({ text: t }))).join('\n');
    const result = await cli(['classify', '--in', '-', '--out', '-'], input);
    expect(result.code, result.stderr).toBe(0);
    const records = result.stdout.trim().split('\n').map((l) => JSON.parse(l) as { row: number; envelope?: { model_output: unknown }; error?: string });
    expect(records.map((r) => [r.row, r.envelope !== undefined, r.error === undefined])).toEqual([
      [1, true, true],
      [2, false, false],
      [3, true, true],
    ]);
    expect(result.stderr).toMatch(/classify: 3 rows, [\d.]+ rows\/s/);
    expect(result.stderr).toMatch(/classified 3 rows \(2 envelopes, 1 error records\)/);
  });

  it('embed (npm run embed) prints dimension, norm and first values', async () => {
    const result = await cli(['embed', 'which laptop should i buy', '--values', '3'], '');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^encoder use-lite {2}dim 512 {2}fingerprint [0-9a-f]{16}\n"which laptop should i buy"\n {2}dim 512 {2}norm 1\.0000\d\d {2}first \[-?\d\.\d{5}, -?\d\.\d{5}, -?\d\.\d{5}\]\n$/);
  });

  it('keeps the one-query form and refuses both or neither', async () => {
    const one = await cli(['classify', 'book a table for two tonight'], '');
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout).meta.artifact_version).toMatch(/^v[0-9a-f]{12}$/);
    const neither = await cli(['classify'], '');
    expect(neither.code).not.toBe(0);
    expect(neither.stderr).toMatch(/give either one query or --in FILE/);
  });
});
