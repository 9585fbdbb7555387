import { describe, expect, it } from 'vitest';
import { checkIntentRows, type LocatedRow } from '../../../training/data/check-intent-data.js';
import type { Split } from '../../../shared/splits.js';

function located(split: Split, line: number, value: unknown): LocatedRow {
  return { file: `${split}.jsonl`, line, split, value };
}

/** A fixture that passes with a minimum of 1 row per label only when every label is present. */
function cleanRows(): LocatedRow[] {
  return [
    located('train', 1, { text: 'what is a heat pump', intent_type: 'informational', intent_subtype: 'education', decision_phase: 'awareness' }),
    located('train', 2, { text: 'buy airpods pro', intent_type: 'transactional', intent_subtype: 'purchase', decision_phase: 'action' }),
  ];
}

const kinds = (rows: LocatedRow[], reference = new Map<string, string>(), min = 0) =>
  checkIntentRows(rows, reference, min).failures.map((f) => f.kind);

describe('checkIntentRows', () => {
  it('passes clean rows and counts them per head, label and split', () => {
    const report = checkIntentRows(cleanRows(), new Map(), 0);
    expect(report.failures).toEqual([]);
    expect(report.counts.intent_type.informational).toEqual({ train: 1, selection: 0, calibration: 0, test: 0, total: 1 });
    expect(report.counts.decision_phase.action?.total).toBe(1);
    expect(report.rowsPerSplit).toEqual({ train: 2, selection: 0, calibration: 0, test: 0 });
  });

  it('detects malformed rows', () => {
    expect(kinds([located('train', 3, { intent_type: 'commercial' }), located('train', 4, 'just a string')])).toEqual(['malformed', 'malformed']);
  });

  it('detects unknown labels with file and line', () => {
    const report = checkIntentRows([located('test', 7, { text: 'hello there', intent_type: 'greeting' })], new Map(), 0);
    expect(report.failures).toEqual([{ kind: 'unknown_label', message: 'test.jsonl:7: unknown intent_type label "greeting"' }]);
  });

  it('detects one normalised text carrying different labels', () => {
    const rows = [located('train', 1, { text: 'Cancel my plan?', intent_subtype: 'billing_help' }), located('train', 2, { text: 'cancel my plan', intent_subtype: 'account_help' })];
    expect(kinds(rows)).toEqual(['conflicting_labels']);
  });

  it('detects texts in more than one split', () => {
    const rows = [located('train', 1, { text: 'book a table for two', intent_subtype: 'booking' }), located('test', 1, { text: 'Book a table for two.', intent_subtype: 'booking' })];
    expect(kinds(rows)).toEqual(['cross_split_duplicate']);
  });

  it('detects labels below their minimum count', () => {
    const failures = checkIntentRows(cleanRows(), new Map(), 1).failures;
    expect(failures.every((f) => f.kind === 'below_minimum')).toBe(true);
    expect(failures.map((f) => f.message)).toContain('intent_type=prohibited: 0 rows, minimum 1');
    expect(failures.map((f) => f.message)).not.toContain(expect.stringContaining('intent_type=informational'));
  });

  it('detects texts that also appear in the reference evaluation sets', () => {
    const reference = new Map([['buy airpods pro', 'intent_subtype.test.jsonl']]);
    expect(kinds(cleanRows(), reference)).toEqual(['reference_overlap']);
  });
});

describe('checkAdContentRows', () => {
  it('detects unknown annotated ids, nodes below their minimum and reference overlap of hand-written queries', async () => {
    const { checkAdContentRows } = await import('../../../training/data/check-ad-content-data.js');
    const { taxonomyFixture } = await import('../../helpers/training-fixture.js');
    const { taxonomy, annotations } = taxonomyFixture();
    const withUnknown = { ...annotations, nodes: new Map([...annotations.nodes, ['999', { aliases: [], queries: [] }]]) };
    const rows = [
      { text: 'cheap hotel in lisbon', ad_content_id: '4', source: 'annotation' as const, split: 'test' as const },
      ...Array.from({ length: 3 }, (_, i) => ({ text: `laptop ${i}`, ad_content_id: '2', source: 'template' as const, split: 'train' as const })),
    ];
    const reference = new Map([
      ['cheap hotel in lisbon', 'ad_content.test.jsonl'],
      ['laptop 1', 'ad_content.test.jsonl'],
    ]);
    const report = checkAdContentRows(taxonomy, withUnknown, rows, reference, 2, 1);
    // A templated text in a reference set is counted, not refused: templates come from the taxonomy's own names.
    expect(report.templatesInReference).toBe(1);
    expect(report.failures.map((f) => f.kind).sort()).toEqual(['below_minimum', 'below_minimum', 'below_minimum', 'reference_overlap', 'unknown_label']);
    expect(report.failures.filter((f) => f.kind === 'below_minimum').map((f) => f.message)).toEqual([
      'ad_content node 1 "Technology": 0 queries, minimum 2',
      'ad_content node 3 "Travel": 0 queries, minimum 2',
      'ad_content node 4 "Hotels": 1 queries, minimum 2',
    ]);
    expect(checkAdContentRows(taxonomy, annotations, rows, new Map(), 0, 2).failures.map((f) => f.message)).toEqual(['1 polysemy queries, at least 2 required']);
  });

  it('checks the natural held-out set: known paths, size, tier-1 spread, polysemy share, no text fitted on', async () => {
    const { checkHeldOutSet } = await import('../../../training/data/check-ad-content-data.js');
    const { HELD_OUT_AD_CONTENT_SETS } = await import('../../../training/data/ad-content-eval-rows.js');
    const natural = HELD_OUT_AD_CONTENT_SETS[0] as (typeof HELD_OUT_AD_CONTENT_SETS)[number];
    const NATURAL_SET_RULES = natural.rules;
    const { taxonomyFixture } = await import('../../helpers/training-fixture.js');
    const { taxonomy } = taxonomyFixture();
    const rows = { texts: ['laptop for a python class', 'hotel near the ballpark'], goldIds: ['2', '4'], polysemy: [true, false], excludedIds: [undefined, undefined], unknown: 1 };
    const report = checkHeldOutSet(taxonomy, natural, rows, [{ text: 'Hotel near the ballpark', ad_content_id: '4', source: 'annotation', split: 'train' }]);
    expect(report).toMatchObject({ rows: 2, tier1: 2, polysemyRows: 1 });
    expect(report.failures.map((f) => f.message)).toEqual([
      'natural set: 1 rows name a path the taxonomy does not have',
      `natural set: 2 rows, at least ${NATURAL_SET_RULES.minRows} required`,
      `natural set: 2 tier-1 categories, at least ${NATURAL_SET_RULES.minTier1} required`,
      'natural set text also in the ad_content corpus: "hotel near the ballpark"',
    ]);
  });

  it('checks that every row of the contrast set names a ruled-out path other than its gold one', async () => {
    const { checkHeldOutSet } = await import('../../../training/data/check-ad-content-data.js');
    const { HELD_OUT_AD_CONTENT_SETS } = await import('../../../training/data/ad-content-eval-rows.js');
    const { taxonomyFixture } = await import('../../helpers/training-fixture.js');
    const { taxonomy } = taxonomyFixture();
    const contrast = HELD_OUT_AD_CONTENT_SETS.find((s) => s.rules.requiresExcluded) as (typeof HELD_OUT_AD_CONTENT_SETS)[number];
    const rows = { texts: ['hotels, not laptops', 'laptops rather than tablets', 'a hotel, not a hotel'], goldIds: ['4', '2', '4'], polysemy: [false, false, false], excludedIds: ['2', undefined, '4'], unknown: 0 };
    const failures = checkHeldOutSet(taxonomy, contrast, rows, []).failures.map((f) => f.message);
    expect(failures).toContain('contrast set: 2 rows lack a known excluded path or id other than their gold node');
    expect(failures.some((m) => m.includes('polysemy'))).toBe(false);
  });

  it('reports every text two sets outside the corpus share', async () => {
    const { sharedAcross } = await import('../../../training/data/check-ad-content-data.js');
    const failures = sharedAcross([
      { name: 'contrast set', texts: ['Hotels, not laptops', 'jazz, not blues'] },
      { name: 'contrast calibration set', texts: ['hotels, not laptops!', 'cats rather than dogs'] },
    ]).map((f) => f.message);
    expect(failures).toEqual(['contrast calibration set and contrast set share a text: "hotels, not laptops"']);
  });
});
