import { describe, expect, it } from 'vitest';
import { familyOf, overallConfidence, requiredComponents } from '../../../shared/policy/decision-context.js';
import { defaultPolicy } from '../../../shared/policy/decision-policy.js';
import { context, input } from './fixtures.js';

describe('overall confidence: min_required_component_confidence', () => {
  it('is the minimum of type, phase and subtype confidences', () => {
    const heads = input({ type: 'commercial', subtype: 'comparison', phase: 'decision' }, { confidence: { type: 0.81, subtype: 0.62, phase: 0.7 } }).heads;
    expect(overallConfidence(heads, defaultPolicy())).toBe(0.62);
  });

  it.each(['education', 'follow_up', 'onboarding_setup', 'task_execution'])('leaves out the low-signal subtype %s', (subtype) => {
    const heads = input({ type: 'informational', subtype, phase: 'research' }, { confidence: { type: 0.81, subtype: 0.12, phase: 0.7 } }).heads;
    expect(overallConfidence(heads, defaultPolicy())).toBe(0.7);
    expect(requiredComponents(subtype, defaultPolicy())).toEqual(['intent_type', 'decision_phase']);
  });

  it('requires all three heads otherwise', () => {
    expect(requiredComponents('purchase', defaultPolicy())).toEqual(['intent_type', 'intent_subtype', 'decision_phase']);
  });
});

describe('decision context', () => {
  it('carries labels, family, score and failed components', () => {
    const ctx = context({ type: 'commercial', subtype: 'deal_seeking', phase: 'decision' }, { confidence: { phase: 0.3999 } });
    expect(ctx).toMatchObject({ type: 'commercial', subtype: 'deal_seeking', phase: 'decision', family: 'commercial', commercialScore: 0.7670, failedComponents: ['decision_phase'] });
  });

  it('has no family for a label outside the list', () => {
    expect(familyOf('nonsense')).toBeUndefined();
    expect(familyOf('constructor')).toBeUndefined();
    expect(familyOf('download')).toBe('transactional');
  });
});
