import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, IntegrityError } from '../../../shared/errors.js';
import { DECISION_PHASES, INTENT_SUBTYPES, INTENT_TYPES, SUBTYPE_FAMILY } from '../../../shared/labels.js';
import { defaultPolicy, DEFAULT_POLICY_PATH, loadDecisionPolicy, parseDecisionPolicy } from '../../../shared/policy/decision-policy.js';
import { readSchema } from '../../../shared/schema-ajv.js';

const dir = mkdtempSync(join(tmpdir(), 'decision-policy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writePolicy(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

const clone = () => structuredClone(defaultPolicy()) as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the shipped policy file', () => {
  it('holds the documented values', () => {
    expect(defaultPolicy().policy_version).toBe('2026-11-21');
    expect(defaultPolicy().commercial_score.coefficients).toEqual({ intent_type: 0.2, decision_phase: 0.35, intent_subtype: 0.45 });
    expect(defaultPolicy().commercial_score.unknown_label_weight).toBe(0.2);
    expect(defaultPolicy().subtype_sets).toEqual({
      high_intent: ['provider_selection', 'signup', 'purchase', 'booking', 'contact_sales'],
      cautionary: ['comparison', 'evaluation', 'deal_seeking', 'download'],
      low_signal: ['education', 'follow_up', 'onboarding_setup', 'task_execution'],
    });
    expect(defaultPolicy().safe_families).toEqual(['support', 'ambiguous', 'reflection']);
    expect(defaultPolicy().score_thresholds).toEqual({ commercial_score_min: 0.6, high_intent_score_min: 0.72, download_score_min: 0.42 });
    expect(defaultPolicy().default_thresholds).toEqual({ intent_type: 0.5, intent_subtype: 0.4, decision_phase: 0.4, ad_content: 0.3 });
    expect(defaultPolicy().commercial_override_enabled).toBe(false);
  });

  it('has a weight for every label, in label order', () => {
    const { weights } = defaultPolicy().commercial_score;
    expect(Object.keys(weights.intent_type)).toEqual([...INTENT_TYPES]);
    expect(Object.keys(weights.decision_phase)).toEqual([...DECISION_PHASES]);
    expect(Object.keys(weights.intent_subtype)).toEqual([...INTENT_SUBTYPES]);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(defaultPolicy().score_thresholds)).toBe(true);
    expect(() => {
      (defaultPolicy().score_thresholds as { commercial_score_min: number }).commercial_score_min = 0;
    }).toThrow(TypeError);
  });

  it('loads from the default path', () => {
    expect(loadDecisionPolicy(DEFAULT_POLICY_PATH)).toEqual(defaultPolicy());
  });
});

describe('the policy schema', () => {
  const schema = readSchema('decision-policy.schema.json') as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  it('names exactly the label and family lists of labels.ts', () => {
    expect(schema.$defs.intent_type.enum).toEqual([...INTENT_TYPES]);
    expect(schema.$defs.decision_phase.enum).toEqual([...DECISION_PHASES]);
    expect(schema.$defs.intent_subtype.enum).toEqual([...INTENT_SUBTYPES]);
    expect([...schema.$defs.subtype_family.enum].sort()).toEqual([...new Set(Object.values(SUBTYPE_FAMILY))].sort());
    const w = schema.properties.commercial_score.properties.weights.properties;
    expect(w.intent_type.required).toEqual([...INTENT_TYPES]);
    expect(w.decision_phase.required).toEqual([...DECISION_PHASES]);
    expect(w.intent_subtype.required).toEqual([...INTENT_SUBTYPES]);
  });
});

describe('loading an edited policy', () => {
  it('accepts a valid edit and uses it', () => {
    const edited = clone();
    edited.policy_version = '2026-11-22';
    edited.score_thresholds.commercial_score_min = 0.55;
    const policy = loadDecisionPolicy(writePolicy('edited.json', edited));
    expect(policy.policy_version).toBe('2026-11-22');
    expect(policy.score_thresholds.commercial_score_min).toBe(0.55);
  });

  it.each<[string, (p: Record<string, any>) => void, RegExp]>([ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['a missing section', (p) => delete p.score_thresholds, /must have required property 'score_thresholds'/],
    ['a missing label weight', (p) => delete p.commercial_score.weights.intent_subtype.booking, /\/commercial_score\/weights\/intent_subtype must have required property 'booking'/],
    ['an unknown key', (p) => (p.score_thresholds.comercial_score_min = 0.6), /\/score_thresholds has unknown property "comercial_score_min"/],
    ['an unknown label weight', (p) => (p.commercial_score.weights.intent_type.shopping = 0.5), /has unknown property "shopping"/],
    ['a weight above 1', (p) => (p.commercial_score.weights.decision_phase.action = 1.5), /\/commercial_score\/weights\/decision_phase\/action must be <= 1/],
    ['a negative threshold', (p) => (p.default_thresholds.ad_content = -0.1), /\/default_thresholds\/ad_content must be >= 0/],
    ['an unknown subtype in a set', (p) => p.subtype_sets.high_intent.push('shopping'), /\/subtype_sets\/high_intent\/5 must be one of education/],
    ['a duplicate in a set', (p) => p.subtype_sets.low_signal.push('education'), /must NOT have duplicate items/],
    ['an unknown family', (p) => p.safe_families.push('fun'), /\/safe_families\/3 must be one of informational/],
    ['a non-boolean override flag', (p) => (p.commercial_override_enabled = 'yes'), /\/commercial_override_enabled must be boolean/],
    ['a malformed version', (p) => (p.policy_version = 'v2'), /\/policy_version must match pattern/],
    ['coefficients that do not sum to 1', (p) => (p.commercial_score.coefficients.intent_type = 0.3), /\/commercial_score\/coefficients must sum to 1; given 1\.1/],
  ])('refuses %s with a clear ConfigError', (_name, edit, message) => {
    const broken = clone();
    edit(broken);
    const path = writePolicy('broken.json', broken);
    expect(() => loadDecisionPolicy(path)).toThrow(ConfigError);
    expect(() => loadDecisionPolicy(path)).toThrow(message);
    expect(() => loadDecisionPolicy(path)).toThrow(`decision policy ${path} is not a valid decision policy`);
  });

  it('refuses a file that is not JSON and a missing file', () => {
    const path = writePolicy('not-json.json', '{ "policy_version": ');
    expect(() => loadDecisionPolicy(path)).toThrow(ConfigError);
    expect(() => loadDecisionPolicy(path)).toThrow(/is not valid JSON/);
    expect(() => loadDecisionPolicy(join(dir, 'absent.json'))).toThrow(IntegrityError);
  });

  it('validates objects too, without touching the input', () => {
    const value = clone();
    const policy = parseDecisionPolicy(value, 'test');
    expect(Object.isFrozen(value)).toBe(false);
    expect(Object.isFrozen(policy)).toBe(true);
    expect(() => parseDecisionPolicy(null, 'nothing')).toThrow('nothing is not a valid decision policy: (root) must be object');
  });
});
