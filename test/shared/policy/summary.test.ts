import { describe, expect, it } from 'vitest';
import { DECISION_PHASES, INTENT_SUBTYPES, INTENT_TYPES } from '../../../shared/labels.js';
import { summarize } from '../../../shared/policy/summary.js';

describe('summary', () => {
  it.each([
    ['commercial', 'comparison', 'consideration', 'Commercial query about comparing alternatives, in the consideration phase.'],
    ['transactional', 'purchase', 'action', 'Transactional query about buying or subscribing, at the action stage.'],
    ['support', 'billing_help', 'support', 'Support query about billing or payment issues, in an ongoing support relationship.'],
    ['personal_reflection', 'emotional_reflection', 'awareness', 'Personal reflection query about processing feelings or experiences, at the awareness stage.'],
    ['chit_chat', 'follow_up', 'post_purchase', 'Chit-chat query about continuing an earlier thread, after a purchase.'],
    ['informational', 'education', 'research', 'Informational query about learning a concept, in the research phase.'],
  ])('%s / %s / %s', (type, subtype, phase, expected) => {
    expect(summarize(type, subtype, phase)).toBe(expected);
  });

  it('is one short sentence for every label combination', () => {
    for (const type of INTENT_TYPES)
      for (const subtype of INTENT_SUBTYPES)
        for (const phase of DECISION_PHASES) {
          const text = summarize(type, subtype, phase);
          expect(text).toMatch(/^[A-Z][^.]*\.$/);
          expect(text).not.toMatch(/_/);
          expect(text.length).toBeLessThanOrEqual(120);
        }
  });

  it('writes a label outside the lists in plain words', () => {
    expect(summarize('new_type', 'new_subtype', 'new_phase')).toBe('New type query about new subtype, new phase.');
  });
});
