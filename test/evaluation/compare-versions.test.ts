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
    expect(h.baseline).toEqual({ accuracy: 3 / 7, wrong: 4, confident_errors: 3 });
    expect(h.candidate).toEqual({ accuracy: 4 / 7, wrong: 3, confident_errors: 2 });
    expect([h.fixed, h.broke, h.changed]).toEqual([2, 1, 1]);
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
