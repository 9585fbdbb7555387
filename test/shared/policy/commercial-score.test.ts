import { describe, expect, it } from 'vitest';
import { DECISION_PHASES, INTENT_SUBTYPES, INTENT_TYPES } from '../../../shared/labels.js';
import { commercialScore, commercialWeights, round4 } from '../../../shared/policy/commercial-score.js';
import { defaultPolicy } from '../../../shared/policy/decision-policy.js';
import { policyWith } from './fixtures.js';

const score = (intent_type: string, decision_phase: string, intent_subtype: string) =>
  commercialScore({ intent_type, decision_phase, intent_subtype }, defaultPolicy());

describe('commercial score weights (decision-policy.md table)', () => {
  const TYPE_WEIGHTS: Array<[string, number]> = [
    ['informational', 0.15],
    ['exploratory', 0.35],
    ['commercial', 0.75],
    ['transactional', 0.95],
    ['support', 0.0],
    ['personal_reflection', 0.0],
    ['creative_generation', 0.0],
    ['chit_chat', 0.0],
    ['ambiguous', 0.1],
    ['prohibited', 0.0],
  ];
  const PHASE_WEIGHTS: Array<[string, number]> = [
    ['awareness', 0.1],
    ['research', 0.35],
    ['consideration', 0.7],
    ['decision', 0.85],
    ['action', 1.0],
    ['post_purchase', 0.15],
    ['support', 0.0],
  ];
  const SUBTYPE_WEIGHTS: Array<[string, number]> = [
    ['education', 0.05],
    ['product_discovery', 0.58],
    ['comparison', 0.74],
    ['evaluation', 0.68],
    ['deal_seeking', 0.71],
    ['provider_selection', 0.9],
    ['signup', 0.92],
    ['purchase', 1.0],
    ['booking', 0.94],
    ['download', 0.46],
    ['contact_sales', 0.95],
    ['task_execution', 0.22],
    ['onboarding_setup', 0.18],
    ['troubleshooting', 0.0],
    ['account_help', 0.0],
    ['billing_help', 0.0],
    ['follow_up', 0.05],
    ['emotional_reflection', 0.0],
  ];

  it('covers every label exactly once per table', () => {
    expect(TYPE_WEIGHTS.map(([l]) => l)).toEqual([...INTENT_TYPES]);
    expect(PHASE_WEIGHTS.map(([l]) => l)).toEqual([...DECISION_PHASES]);
    expect(SUBTYPE_WEIGHTS.map(([l]) => l)).toEqual([...INTENT_SUBTYPES]);
  });

  it.each(TYPE_WEIGHTS)('intent_type %s weighs %d', (label, w) => {
    expect(commercialWeights({ intent_type: label, decision_phase: 'awareness', intent_subtype: 'education' }, defaultPolicy()).intent_type).toBe(w);
  });
  it.each(PHASE_WEIGHTS)('decision_phase %s weighs %d', (label, w) => {
    expect(commercialWeights({ intent_type: 'commercial', decision_phase: label, intent_subtype: 'education' }, defaultPolicy()).decision_phase).toBe(w);
  });
  it.each(SUBTYPE_WEIGHTS)('intent_subtype %s weighs %d', (label, w) => {
    expect(commercialWeights({ intent_type: 'commercial', decision_phase: 'awareness', intent_subtype: label }, defaultPolicy()).intent_subtype).toBe(w);
  });
});

describe('commercialScore = round4(0.20 w_type + 0.35 w_phase + 0.45 w_subtype)', () => {
  // 18 combinations that between them use every type, phase and subtype weight.
  it.each([
    ['informational', 'awareness', 'education', 0.0875],
    ['exploratory', 'research', 'product_discovery', 0.4535],
    ['commercial', 'consideration', 'comparison', 0.728],
    ['transactional', 'decision', 'evaluation', 0.7935],
    ['support', 'action', 'deal_seeking', 0.6695],
    ['personal_reflection', 'post_purchase', 'provider_selection', 0.4575],
    ['creative_generation', 'support', 'signup', 0.414],
    ['chit_chat', 'awareness', 'purchase', 0.485],
    ['ambiguous', 'research', 'booking', 0.5655],
    ['prohibited', 'consideration', 'download', 0.452],
    ['informational', 'decision', 'contact_sales', 0.755],
    ['exploratory', 'action', 'task_execution', 0.519],
    ['commercial', 'post_purchase', 'onboarding_setup', 0.2835],
    ['transactional', 'support', 'troubleshooting', 0.19],
    ['support', 'awareness', 'account_help', 0.035],
    ['personal_reflection', 'research', 'billing_help', 0.1225],
    ['creative_generation', 'consideration', 'follow_up', 0.2675],
    ['chit_chat', 'decision', 'emotional_reflection', 0.2975],
  ])('%s / %s / %s -> %d', (type, phase, subtype, expected) => {
    expect(score(type, phase, subtype)).toBe(expected);
  });

  it('gives the extremes: 0.99 for transactional/action/purchase, 0 for support/support/troubleshooting', () => {
    expect(score('transactional', 'action', 'purchase')).toBe(0.99);
    expect(score('support', 'support', 'troubleshooting')).toBe(0);
  });

  it('weighs a label outside the tables 0.2', () => {
    expect(score('unknown_type', 'awareness', 'education')).toBe(0.0975); // 0.04 + 0.035 + 0.0225
    expect(score('commercial', 'unknown_phase', 'education')).toBe(0.2425); // 0.15 + 0.07 + 0.0225
    expect(score('commercial', 'awareness', 'unknown_subtype')).toBe(0.275); // 0.15 + 0.035 + 0.09
    expect(score('constructor', 'toString', '__proto__')).toBe(0.2); // no prototype keys leak in
  });

  it('lands exactly on the 0.6 bar for commercial/support/purchase (rounded, not float noise)', () => {
    expect(0.2 * 0.75 + 0.35 * 0 + 0.45 * 1).not.toBe(0.6); // the raw float sum is 0.6000000000000001
    expect(score('commercial', 'support', 'purchase')).toBe(0.6);
  });

  it('uses the weights and coefficients of the policy it is given', () => {
    const policy = policyWith({ commercial_score: { ...defaultPolicy().commercial_score, coefficients: { intent_type: 1, decision_phase: 0, intent_subtype: 0 } } });
    expect(commercialScore({ intent_type: 'commercial', decision_phase: 'action', intent_subtype: 'purchase' }, policy)).toBe(0.75);
  });
});

describe('round4', () => {
  it.each([
    [0.123456, 0.1235],
    [0.12344, 0.1234],
    [0.99996, 1],
    [0.00004, 0],
    [1, 1],
    [0, 0],
    [0.1 + 0.2, 0.3],
  ])('round4(%d) = %d', (value, expected) => {
    expect(round4(value)).toBe(expected);
  });
  it('leaves non-finite values for the schema to reject', () => {
    expect(round4(Number.NaN)).toBeNaN();
  });
});
