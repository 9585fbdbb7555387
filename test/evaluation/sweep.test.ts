import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentVersion, loadArtifacts } from '../../shared/artifacts/load-artifacts.js';
import { headWeightsFile } from '../../shared/artifacts/layout.js';
import { loadClassifierRuntime } from '../../shared/pipeline/classifier-runtime.js';
import { classifyBatch } from '../../shared/pipeline/classify-query.js';
import { readEvalRows } from '../../evaluation/eval-rows.js';
import { runPipeline } from '../../evaluation/run-pipeline.js';
import { formatSweepTable, rowCategory, sweep, type SweepReport } from '../../evaluation/sweep.js';
import { applySweep } from '../../training/apply-sweep.js';
import { MIN_ACCEPTED_ROWS, pickFromCurve, pickThreshold } from '../../shared/math/pick-threshold.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';
import { stubEncoder } from '../helpers/stub-encoder.js';
import { taxonomyFixture, writeIntentFixture } from '../helpers/training-fixture.js';

const BATCH = 32;
const TARGET = 0.95;
/** Made-up words the fixture never saw, labelled with an intent type the fixture never teaches: always wrong. */
const NOISE = ['zq xv kk', 'lorem ipsum dolor', 'qwerty asdf', 'blorp', 'florb quux', 'snarf wibble', 'gazorp', 'plumbus fleeb', 'grok zorp', 'vim vom'];

describe('rowCategory', () => {
  it.each([
    [{ intent_type: 'commercial' }, 'commercial'],
    [{ intent_type: 'transactional', intent_subtype: 'troubleshooting' }, 'commercial'],
    [{ intent_type: 'personal_reflection' }, 'safe'],
    [{ intent_type: 'prohibited' }, 'safe'],
    [{ intent_type: 'informational' }, undefined],
    [{ intent_subtype: 'purchase' }, 'commercial'],
    [{ intent_subtype: 'billing_help' }, 'safe'],
    [{ intent_subtype: 'follow_up' }, 'safe'],
    [{ intent_subtype: 'education' }, undefined],
    [{ decision_phase: 'action' }, undefined],
  ] as const)('%o -> %s', (gold, expected) => {
    expect(rowCategory(gold)).toBe(expected);
  });
});

describe('pickFromCurve', () => {
  const curve = [0.2, 0.3, 0.4, 0.5].map((threshold, i) => ({ threshold, coverage: 1 - i * 0.2, acceptedAccuracy: [0.7, 0.85, 0.9, 0.95][i] as number }));

  it('takes the lowest threshold at or above the floor that meets the target (the most coverage)', () => {
    expect(pickFromCurve(curve, 100, 0.85, 0.2)).toEqual({ threshold: 0.3, targetMet: true, acceptedAccuracy: 0.85, coverage: 0.8 });
    expect(pickFromCurve(curve, 100, 0.85, 0.4)).toMatchObject({ threshold: 0.4, targetMet: true });
  });

  it('falls back to the floor when no threshold meets the target, and ignores thresholds accepting too few rows', () => {
    expect(pickFromCurve(curve, 100, 0.99, 0.2)).toMatchObject({ threshold: 0.2, targetMet: false });
    // 20 rows: coverage 0.4 = 8 accepted rows < MIN_ACCEPTED_ROWS at 0.5, so 0.5 cannot meet a target of 0.95.
    expect(MIN_ACCEPTED_ROWS).toBe(10);
    expect(pickFromCurve(curve, 100, 0.95, 0.2)).toMatchObject({ threshold: 0.5, targetMet: true });
    expect(pickFromCurve(curve, 20, 0.95, 0.2)).toMatchObject({ threshold: 0.2, targetMet: false });
  });
});

describe('sweep on fixture artifacts', () => {
  let test: TestRuntime;
  let data = '';
  let report: SweepReport;

  beforeAll(async () => {
    test = await createTestRuntime();
    const fixture = await writeIntentFixture(join(test.versionDir, '..', '..'));
    data = join(test.versionDir, '..', '..', 'sweep.jsonl');
    const noise = NOISE.map((text) => JSON.stringify({ text, intent_type: 'chit_chat' }));
    await writeFile(data, (await readFile(fixture, 'utf8')) + noise.join('\n') + '\n{broken\n');
    report = await sweep(test.runtime, { dataFile: data, head: 'intent_type', targetPrecision: TARGET, batchSize: BATCH, config: test.config });
  });

  afterAll(async () => {
    await test?.cleanup();
  });

  it('covers thresholds 0..1 in steps of 0.01 with monotone coverage', () => {
    expect(report.points).toHaveLength(101);
    expect(report.points.map((p) => p.threshold)).toEqual(Array.from({ length: 101 }, (_, i) => i / 100));
    report.points.slice(1).forEach((p, i) => expect(p.coverage).toBeLessThanOrEqual((report.points[i] as { coverage: number }).coverage));
    expect(report).toMatchObject({ rows: 118, head_rows: 118, skipped: 1, commercial_rows: 54, safe_rows: 36 });
    expect(report.problems[0]).toMatchObject({ file: data, line: 119 });
    expect(report.objective).toBe(`maximise coverage subject to accepted accuracy >= ${TARGET} on at least 10 accepted rows, threshold >= 0.2`);
  });

  it('recommends what training would pick on the same confidences', async () => {
    const { rows } = await readEvalRows([data], { unavailable: 'not needed' });
    const evaluated = await runPipeline(test.runtime, rows, { batchSize: BATCH });
    const labels = test.runtime.artifacts.intentHeads.intent_type.head.labels;
    const confidences = evaluated.map((r) => Math.max(...r.probabilities.intent_type.calibrated));
    const correct = evaluated.map((r) => labels[r.probabilities.intent_type.calibrated.indexOf(Math.max(...r.probabilities.intent_type.calibrated))] === r.row.gold.intent_type);
    const expected = pickThreshold(confidences, correct, TARGET, 0.2);
    expect(report.recommendation).toEqual({ threshold: expected.threshold, target_met: true, coverage: expected.coverage, accepted_accuracy: expected.acceptedAccuracy });
    expect(report.recommendation.threshold).toBeGreaterThan(report.current_threshold);
    expect(report.points[Math.round(report.recommendation.threshold * 100)]?.accepted_accuracy).toBeGreaterThanOrEqual(TARGET);
  });

  it('rebuilds each envelope exactly as the pipeline serves it at that threshold', async () => {
    const texts = (await readEvalRows([data], { unavailable: 'not needed' })).rows.map((r) => r.text);
    for (const threshold of [0.5, 0.99, 1]) {
      const served = await classifyBatch(test.runtime, texts, { thresholds: { intent_type: threshold } });
      const point = report.points[Math.round(threshold * 100)]!;
      expect(point.fallback_rate).toBeCloseTo(served.filter((e) => e.model_output.fallback !== null).length / served.length, 12);
    }
    expect(report.points[100]).toMatchObject({ coverage: 0, fallback_rate: 1, commercial_to_fallback: 1 });
    expect(formatSweepTable(report)).toContain(`recommended threshold ${report.recommendation.threshold.toFixed(2)}`);
  });

  it('--apply writes a new version with the recommended threshold, leaves the rest, and makes it current', async () => {
    const dir = test.config.paths.artifactsDir;
    const result = await applySweep(test.config, report);
    expect(result.base).toBe(test.runtime.artifacts.version);
    expect(result.version).not.toBe(result.base);
    expect(await currentVersion(dir)).toBe(result.version);
    const [before, after] = await Promise.all([loadArtifacts(dir, { version: result.base }), loadArtifacts(dir, { version: result.version })]);
    expect(after.manifest.thresholds.intent_type).toEqual({ ...before.manifest.thresholds.intent_type, threshold: report.recommendation.threshold, target_precision: TARGET, target_met: true });
    expect(after.manifest.thresholds.decision_phase).toEqual(before.manifest.thresholds.decision_phase);
    const weights = await Promise.all([before.dir, after.dir].map((d) => readFile(join(d, headWeightsFile('intent_type')))));
    expect(weights[1]?.equals(weights[0] as Buffer)).toBe(true);
    expect(await readFile(join(after.dir, 'report.md'), 'utf8')).toContain(`Derived from ${result.base}: intent_type threshold 0.20 -> ${report.recommendation.threshold.toFixed(2)}`);
    const reloaded = await loadClassifierRuntime(test.config, { encoder: stubEncoder(), taxonomy: taxonomyFixture() });
    expect(reloaded.thresholds.intent_type).toBe(report.recommendation.threshold);
  });

  it('refuses to apply when the target is out of reach, and sweeps ad_content by re-resolving', async () => {
    const missed = { ...report, recommendation: { threshold: 0.97, target_met: false, coverage: 0.5, accepted_accuracy: 0.9 } };
    await expect(applySweep(test.config, missed)).rejects.toThrow(`not applying the intent_type sweep on ${data}: no threshold reaches accepted accuracy ${TARGET} (best 0.900 at 0.97, coverage 0.500)`);
    const tooFew = { ...report, recommendation: { threshold: 0.2, target_met: false, coverage: 0, accepted_accuracy: 0 } };
    await expect(applySweep(test.config, tooFew)).rejects.toThrow('no threshold at or above 0.2 accepts at least 10 of the 118 intent_type rows');
    const adFile = join(test.versionDir, '..', '..', 'ad.jsonl');
    const adRows = ['cheap hotel in paris', 'best laptop for college', 'plan a trip to spain', 'gaming laptop deals', 'book a motel tonight', 'latest tech news', 'hotel with pool', 'macbook air', 'vacation ideas', 'gadget reviews', 'road trip', 'cheap notebook'];
    const gold = ['Travel > Hotels', 'Technology > Laptops', 'Travel', 'Technology > Laptops', 'Travel > Hotels', 'Technology', 'Travel > Hotels', 'Technology > Laptops', 'Travel', 'Technology', 'Travel', 'Technology > Laptops'];
    await writeFile(adFile, adRows.map((text, i) => JSON.stringify({ text, ad_content_path: gold[i] })).join('\n') + '\n');
    const ad = await sweep(test.runtime, { dataFile: adFile, head: 'ad_content', batchSize: BATCH, config: test.config });
    expect(ad.head_rows).toBe(12);
    expect(ad.points).toHaveLength(101);
    expect(ad.points[0]?.coverage).toBe(1);
    expect(ad.points.every((p) => p.accepted_parent_safe !== undefined)).toBe(true);
  });
});
