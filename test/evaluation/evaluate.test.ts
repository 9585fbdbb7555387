import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserFacingError } from '../../shared/errors.js';
import { INTENT_HEADS } from '../../shared/labels.js';
import { argmax } from '../../shared/math/softmax.js';
import { round4 } from '../../shared/policy/commercial-score.js';
import { evaluate, parseThresholds, writeEvalOutputs } from '../../evaluation/evaluate.js';
import { readEvalRows } from '../../evaluation/eval-rows.js';
import { formatEvalTable } from '../../evaluation/format-table.js';
import { runPipeline } from '../../evaluation/run-pipeline.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';
import { writeIntentFixture } from '../helpers/training-fixture.js';

const BATCH = 16;

describe('evaluate on fixture artifacts', () => {
  let test: TestRuntime;
  let dir = '';
  let intentFile = '';
  let mixedFile = '';
  let csvFile = '';

  beforeAll(async () => {
    test = await createTestRuntime();
    dir = await mkdtemp(join(tmpdir(), 'qi-evaluate-'));
    intentFile = await writeIntentFixture(dir);
    mixedFile = join(dir, 'mixed.jsonl');
    await writeFile(
      mixedFile,
      [
        JSON.stringify({ text: 'best laptop for college students', intent_type: 'commercial', ad_content_path: 'Technology > Laptops', difficulty: 'easy' }),
        '{"text": oops}',
        JSON.stringify({ text: 'cheap hotel in paris', intent_type: 'transactional', ad_content_path: 'Travel > Hotels', difficulty: 'hard' }),
        JSON.stringify({ text: 'a motel by the sea', ad_content_path: 'Travel > Motels' }),
        JSON.stringify({ text: 'latest tech news', ad_content_id: '1', intent_type: 'chit_chat', difficulty: 'hard' }),
      ].join('\n') + '\n',
    );
    csvFile = join(dir, 'rows.csv');
    await writeFile(csvFile, 'text,intent_type\nbuy router now with fast shipping,transactional\nwhat is a tent,greeting\n');
  });

  afterAll(async () => {
    await test?.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it('scores several files, counts skipped rows and names them by file and line', async () => {
    const report = await evaluate(test.runtime, { dataFiles: [intentFile, mixedFile, csvFile], batchSize: BATCH });
    expect(report.rows).toBe(108 + 3 + 1);
    expect(report.skipped).toBe(3);
    expect(report.problems.map((p) => `${p.file}:${p.line}`)).toEqual([`${mixedFile}:2`, `${mixedFile}:4`, `${csvFile}:3`]);
    expect(report.problems[1]?.message).toBe('unknown taxonomy path "Travel > Motels"');
    expect(report.datasets).toEqual([
      { path: intentFile, rows: 108, skipped: 0 },
      { path: mixedFile, rows: 3, skipped: 2 },
      { path: csvFile, rows: 1, skipped: 1 },
    ]);
    expect(Object.keys(report.heads)).toEqual(['intent_type', 'intent_subtype', 'decision_phase', 'ad_content']);
    expect(report.heads.intent_type?.n).toBe(108 + 3 + 1);
    expect(report.heads.intent_subtype?.n).toBe(108);
    expect(report.heads.ad_content).toMatchObject({ n: 3, tier_rows: { tier1: 3, tier2: 2, tier3: 0, tier4: 0 } });
    expect(report.heads.intent_type?.by_difficulty && Object.keys(report.heads.intent_type.by_difficulty)).toEqual(['(none)', 'easy', 'hard']);
    expect(report.envelope.rows).toBe(112);
    expect(Object.values(report.envelope.monetization_eligibility).reduce((a, b) => a + b, 0)).toBe(112);
    expect(report.definitions.ece).toContain('10 equal-width');
    const table = formatEvalTable(report);
    expect(table).toContain('F1 all = macro-F1 over every label');
    expect(table).toContain(`${mixedFile}:4: unknown taxonomy path "Travel > Motels"`);
  });

  it('includes a head only when the data carries its label', async () => {
    const report = await evaluate(test.runtime, { dataFiles: [csvFile], batchSize: BATCH });
    expect(Object.keys(report.heads)).toEqual(['intent_type']);
  });

  it('scores exactly what the envelope serves: labels, confidences and threshold gating', async () => {
    const { rows } = await readEvalRows([intentFile], { taxonomy: test.runtime.adContent!.taxonomy });
    const evaluated = await runPipeline(test.runtime, rows.slice(0, 20), { batchSize: 7 });
    for (const { envelope, probabilities } of evaluated) {
      const components = envelope.model_output.classification.intent.component_confidence;
      for (const head of INTENT_HEADS) {
        const { raw, calibrated } = probabilities[head];
        const best = argmax(calibrated);
        expect(components[head].label).toBe(test.runtime.artifacts.intentHeads[head].head.labels[best]);
        expect(components[head].confidence).toBe(round4(calibrated[best] as number));
        expect(components[head].raw_confidence).toBe(round4(raw[best] as number));
      }
    }
  });

  it('applies --thresholds overrides to gating and reports them', async () => {
    const base = await evaluate(test.runtime, { dataFiles: [intentFile], batchSize: BATCH });
    const strict = await evaluate(test.runtime, { dataFiles: [intentFile], batchSize: BATCH, thresholds: parseThresholds(['intent_type=1', 'ad_content=0.9']) });
    expect(strict.thresholds.intent_type).toBe(1);
    expect(strict.thresholds.ad_content).toBe(0.9);
    expect(strict.heads.intent_type?.threshold).toBe(1);
    expect(strict.heads.intent_type?.coverage).toBeLessThan(base.heads.intent_type!.coverage);
    expect(strict.envelope.fallback_rate).toBeGreaterThan(base.envelope.fallback_rate);
    // ad_content: the override reaches the resolver (the report re-resolves at 0.99 and checks the served node).
    const adStrict = await evaluate(test.runtime, { dataFiles: [mixedFile], batchSize: BATCH, thresholds: { ad_content: 0.99 } });
    expect(adStrict.heads.ad_content?.threshold).toBe(0.99);
  });

  it('writes the JSON report with the documented top level and a self-contained HTML report', async () => {
    const report = await evaluate(test.runtime, { dataFiles: [intentFile, mixedFile], batchSize: BATCH });
    const json = join(dir, 'out', 'report.json');
    const html = join(dir, 'out', 'report.html');
    expect(await writeEvalOutputs(report, { json, html })).toEqual([json, html]);
    const parsed = JSON.parse(await readFile(json, 'utf8')) as Record<string, unknown> & { heads: Record<string, Record<string, unknown>> };
    expect(parsed).toMatchObject({ datasets: expect.any(Array), rows: 111, skipped: 2 });
    for (const key of ['n', 'accuracy', 'macro_f1', 'macro_f1_present', 'ece', 'ece_raw', 'nll', 'brier', 'coverage', 'accepted_accuracy', 'fallback_rate', 'per_label', 'confusion']) {
      expect(parsed.heads.intent_type).toHaveProperty(key);
    }
    for (const key of ['n', 'exact', 'tier1', 'tier2', 'tier3', 'tier4', 'parent_safe', 'average_depth', 'mapping_mode']) expect(parsed.heads.ad_content).toHaveProperty(key);

    const page = await readFile(html, 'utf8');
    // 3 charts per intent head and for ad_content, 2 for the envelope.
    expect(page.match(/<svg[\s>]/g)).toHaveLength(3 * 4 + 2);
    expect(page).not.toMatch(/<script|<link|@import/i);
    expect(page).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect(page).not.toMatch(/url\(\s*["']?(https?:)?\/\//i);
    const ids = [...page.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(page).toContain(`${mixedFile}:4: unknown taxonomy path`);
  });

  it('refuses data without a usable row', async () => {
    const empty = join(dir, 'bad.jsonl');
    await writeFile(empty, '{"text": "x"}\n');
    await expect(evaluate(test.runtime, { dataFiles: [empty], batchSize: BATCH })).rejects.toThrow(`no usable rows in ${empty} (1 skipped; first: ${empty}:1: row carries no label)`);
  });
});

describe('--thresholds parsing', () => {
  it('reads head=x pairs, comma separated or repeated', () => {
    expect(parseThresholds('intent_type=0.6, ad_content=0.35')).toEqual({ intent_type: 0.6, ad_content: 0.35 });
    expect(parseThresholds(['decision_phase=0', 'intent_subtype=1'])).toEqual({ decision_phase: 0, intent_subtype: 1 });
    expect(parseThresholds(undefined)).toEqual({});
  });

  it.each(['intent=0.5', 'intent_type=1.5', 'intent_type=', 'intent_type', 'intent_type=x', 'intent_type=0.5=0.6'])('refuses %s', (value) => {
    expect(() => parseThresholds(value)).toThrow(UserFacingError);
  });
});
