import { describe, expect, it } from 'vitest';
import { averageHeads, baggingMarkdown, fitBaggedIntentHeads, foldOf, type FitIntentHeads } from '../../training/bag-intent-heads.js';
import type { LinearHead } from '../../shared/heads/linear-head.js';
import { INTENT_HEADS, type IntentHead } from '../../shared/labels.js';
import type { LabelledIntentRow } from '../../training/data/intent-rows.js';

const head = (weights: number[], bias: number[], labels = ['a', 'b']): LinearHead => ({ labels, inputDim: weights.length / labels.length, weights: Float32Array.from(weights), bias: Float32Array.from(bias) });

const rows: LabelledIntentRow[] = Array.from({ length: 40 }, (_, i) => ({ text: `query ${i}`, intent_type: 'informational', topic: `topic.${i % 8}` }) as LabelledIntentRow);

describe('averageHeads', () => {
  it('averages weights and biases element by element', () => {
    const mean = averageHeads([head([1, 2, 3, 4], [0, 1]), head([3, 2, 1, 0], [2, 1])]);
    expect(Array.from(mean.weights)).toEqual([2, 2, 2, 2]);
    expect(Array.from(mean.bias)).toEqual([1, 1]);
    expect(mean.labels).toEqual(['a', 'b']);
  });

  it('refuses heads that do not line up, and no heads', () => {
    expect(() => averageHeads([head([1, 2], [0, 1]), head([1, 2, 3, 4], [0, 1])])).toThrow('differ');
    expect(() => averageHeads([head([1, 2], [0, 1]), head([1, 2], [0, 1], ['a', 'c'])])).toThrow('differ');
    expect(() => averageHeads([])).toThrow('at least one');
  });
});

describe('foldOf', () => {
  it('puts every row of a topic in one fold, and rows without a topic by their text', () => {
    const byTopic = new Map<string, Set<number>>();
    for (const row of rows) {
      const topic = (row as unknown as { topic: string }).topic;
      byTopic.set(topic, (byTopic.get(topic) ?? new Set()).add(foldOf(row, 4)));
    }
    expect([...byTopic.values()].every((folds) => folds.size === 1)).toBe(true);
    const untopical = { text: 'no topic here', intent_type: 'informational' } as LabelledIntentRow;
    expect(foldOf(untopical, 4)).toBe(foldOf({ ...untopical }, 4));
    expect(foldOf(untopical, 4)).toBeGreaterThanOrEqual(0);
    expect(foldOf(untopical, 4)).toBeLessThan(4);
  });
});

describe('fitBaggedIntentHeads', () => {
  /** A fake fit whose every weight is the number of rows it saw, recording its calls. */
  function recordingFit() {
    const calls: Array<{ rows: number; seedOffset: number; texts: Set<string> }> = [];
    const fit: FitIntentHeads = async (fits) =>
      fits.map(({ rows: seen, seedOffset }) => {
        calls.push({ rows: seen.length, seedOffset, texts: new Set(seen.map((r) => r.text)) });
        return Object.fromEntries(INTENT_HEADS.map((h) => [h, head([seen.length, seen.length], [seedOffset, 0])])) as Record<IntentHead, LinearHead>;
      });
    return { fit, calls };
  }

  it('fits once on every row with one member', async () => {
    const { fit, calls } = recordingFit();
    const heads = await fitBaggedIntentHeads(rows, { members: 1 }, fit);
    expect(calls).toEqual([{ rows: 40, seedOffset: 0, texts: new Set(rows.map((r) => r.text)) }]);
    expect(Array.from(heads.intent_type.weights)).toEqual([40, 40]);
  });

  it('fits each member without one fold of topics, with its own seed, and serves their mean', async () => {
    const { fit, calls } = recordingFit();
    const heads = await fitBaggedIntentHeads(rows, { members: 4 }, fit);
    expect(calls.map((c) => c.seedOffset)).toEqual([1, 2, 3, 4]);
    // Each row is left out by exactly one member.
    for (const row of rows) expect(calls.filter((c) => !c.texts.has(row.text))).toHaveLength(1);
    const sizes = calls.map((c) => c.rows);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(3 * rows.length);
    expect(heads.decision_phase.weights[0]).toBeCloseTo(sizes.reduce((a, b) => a + b, 0) / 4, 5);
    expect(Array.from(heads.intent_subtype.bias)).toEqual([2.5, 0]);
  });

  it('says in the report how the served heads were fitted', () => {
    expect(baggingMarkdown({ members: 4 })[0]).toContain('mean of 4 fits');
    expect(baggingMarkdown({ members: 1 })[0]).toContain('one fit');
  });
});
