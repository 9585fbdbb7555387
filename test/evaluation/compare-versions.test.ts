import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareHead, compareVersions, formatComparison, type ServedAnswer } from '../../evaluation/compare-versions.js';
import { evaluate } from '../../evaluation/evaluate.js';
import { INTENT_HEADS } from '../../shared/labels.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';
import { writeIntentFixture } from '../helpers/training-fixture.js';

const answers = (pairs: ReadonlyArray<[string, number]>): ServedAnswer[] => pairs.map(([label, confidence]) => ({ label, confidence }));

describe('compareHead', () => {
  const gold = ['a', 'a', 'a', 'b', 'b', 'c', 'c'];
  const baseline = answers([['a', 0.9], ['b', 0.9], ['b', 0.7], ['b', 0.6], ['a', 0.95], ['a', 0.85], ['c', 0.5]]);
  const candidate = answers([['a', 0.9], ['a', 0.6], ['a', 0.7], ['a', 0.81], ['a', 0.5], ['b', 0.9], ['c', 0.5]]);

  it('counts rows fixed, broken and changed, and each version\'s confident errors', () => {
    const h = compareHead('intent_type', gold, baseline, candidate, 10);
    expect(h.n).toBe(7);
    expect(h.baseline).toMatchObject({ accuracy: 3 / 7, wrong: 4, confident_errors: 3 });
    expect(h.candidate).toMatchObject({ accuracy: 4 / 7, wrong: 3, confident_errors: 2 });
    expect([h.fixed, h.broke, h.changed]).toEqual([2, 1, 1]);
  });

  it('scores macro-F1 over the labels either version or the gold labels use', () => {
    const h = compareHead('intent_type', gold, baseline, candidate, 10);
    // baseline F1: a 1/3, b 0.4 (P 1/3, R 1/2), c 2/3; candidate: a 0.75 (P 3/5, R 1), b 0, c 2/3.
    expect(h.baseline.macro_f1).toBeCloseTo((1 / 3 + 0.4 + 2 / 3) / 3, 12);
    expect(h.candidate.macro_f1).toBeCloseTo((0.75 + 0 + 2 / 3) / 3, 12);
  });

  it('brackets the change with a paired bootstrap interval, and a version against itself changes nothing', () => {
    const h = compareHead('intent_type', gold, baseline, candidate, 10);
    expect(h.difference.accuracy.low).toBeLessThanOrEqual(1 / 7);
    expect(h.difference.accuracy.high).toBeGreaterThanOrEqual(1 / 7);
    expect(h.difference.macro_f1.low).toBeLessThan(h.difference.macro_f1.high);
    expect(compareHead('intent_type', gold, baseline, baseline, 10).difference).toEqual({ accuracy: { low: 0, high: 0 }, macro_f1: { low: 0, high: 0 } });
  });

  it('groups moves by gold label and both answers, largest first, fixed before broke before changed on ties', () => {
    const h = compareHead('intent_type', gold, baseline, candidate, 10);
    expect(h.moves).toEqual([
      { gold: 'a', baseline: 'b', candidate: 'a', kind: 'fixed', rows: 2 },
      { gold: 'b', baseline: 'b', candidate: 'a', kind: 'broke', rows: 1 },
      { gold: 'c', baseline: 'a', candidate: 'b', kind: 'changed', rows: 1 },
    ]);
    expect(compareHead('intent_type', gold, baseline, candidate, 1).moves).toHaveLength(1);
  });

  it('refuses answers that do not line up with the gold labels', () => {
    expect(() => compareHead('intent_type', gold, baseline.slice(1), candidate, 10)).toThrow(/7 gold labels, 6 and 7 answers/);
  });
});

describe('compareVersions on fixture artifacts', () => {
  let test: TestRuntime;
  let dir = '';
  let file = '';

  beforeAll(async () => {
    test = await createTestRuntime();
    dir = await mkdtemp(join(tmpdir(), 'qi-compare-'));
    file = await writeIntentFixture(dir);
  });

  afterAll(async () => {
    await test?.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it('a version against itself moves nothing and scores what eval scores', async () => {
    const comparison = await compareVersions(test.runtime, test.runtime.artifacts, { dataFiles: [file], batchSize: 16, top: 5 });
    const report = await evaluate(test.runtime, { dataFiles: [file], batchSize: 16 });
    expect(comparison.heads.map((h) => h.head)).toEqual([...INTENT_HEADS]);
    for (const h of comparison.heads) {
      expect([h.fixed, h.broke, h.changed, h.moves.length]).toEqual([0, 0, 0, 0]);
      expect(h.candidate).toEqual(h.baseline);
      expect(h.candidate.accuracy).toBeCloseTo(report.heads[h.head]?.accuracy as number, 12);
      expect(h.n).toBe(report.heads[h.head]?.n);
    }
    expect(formatComparison(comparison)).toContain(`baseline ${test.runtime.artifacts.version}, candidate ${test.runtime.artifacts.version}`);
  });
});
