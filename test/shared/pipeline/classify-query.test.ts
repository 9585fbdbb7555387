import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calibrationFile, AD_CONTENT_HEAD } from '../../../shared/artifacts/layout.js';
import { PLACEHOLDER_AD_CONTENT } from '../../../shared/envelope/build-envelope.js';
import { validateEnvelope } from '../../../shared/envelope/validate-envelope.js';
import { classifyBatch, classifyQuery } from '../../../shared/pipeline/classify-query.js';
import { createTestRuntime, reloadTestRuntime, type TestRuntime } from '../../helpers/test-runtime.js';

const PROPERTY_RUNS = 150;

describe('classifyQuery on fixture artifacts', () => {
  let test: TestRuntime;

  beforeAll(async () => {
    test = await createTestRuntime();
  });

  afterAll(async () => {
    await test?.cleanup();
  });

  it('returns a schema-valid envelope for any non-blank string (unicode, emoji, control characters, very long)', async () => {
    const text = fc.oneof(
      fc.string({ minLength: 1, maxLength: 200 }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }),
      fc.string({ unit: fc.constantFrom('😀', '🛒', '\u0000', '\u0007', '\u202e', 'é', 'ß', '中', ' ', '\n'), minLength: 1, maxLength: 50 }),
      fc.string({ minLength: 4000, maxLength: 5000 }),
    ).filter((s) => s.trim().length > 0);
    await fc.assert(
      fc.asyncProperty(text, async (query) => {
        const envelope = await classifyQuery(test.runtime, query);
        expect(() => validateEnvelope(envelope)).not.toThrow();
      }),
      { numRuns: PROPERTY_RUNS, seed: 20261121 },
    );
  });

  it('gives the same envelope for a text alone and inside a batch', async () => {
    const texts = ['buy laptop now with fast shipping', 'what is router and how does it work', 'my tent stopped working after the update'];
    const batch = await classifyBatch(test.runtime, texts);
    for (const [i, text] of texts.entries()) expect(await classifyQuery(test.runtime, text)).toEqual(batch[i]);
  });

  it('labels each head with the argmax of its calibrated scores and gates on the threshold', async () => {
    const envelope = await classifyQuery(test.runtime, 'buy camera now with fast shipping');
    const { component_confidence: components } = envelope.model_output.classification.intent;
    for (const head of ['intent_type', 'intent_subtype', 'decision_phase'] as const) {
      const component = components[head];
      expect(component.calibrated).toBe(true);
      expect(component.meets_threshold).toBe(component.confidence >= component.confidence_threshold);
    }
    expect(envelope.meta.calibration_enabled).toBe(true);
  });

  it('applies per-call threshold overrides and reports them in applied_thresholds', async () => {
    const envelope = await classifyQuery(test.runtime, 'buy camera now with fast shipping', { thresholds: { intent_type: 0.999 } });
    expect(envelope.model_output.classification.intent.component_confidence.intent_type.confidence_threshold).toBe(0.999);
    expect(envelope.system_decision.policy.applied_thresholds.intent_type_confidence_min).toBe(0.999);
  });

  it('serves a head uncalibrated when its calibration artifact is removed', async () => {
    await rm(join(test.versionDir, calibrationFile('intent_subtype')));
    const runtime = await reloadTestRuntime(test);
    const envelope = await classifyQuery(runtime, 'set up my new printer for the first time');
    const subtype = envelope.model_output.classification.intent.component_confidence.intent_subtype;
    expect(subtype.calibrated).toBe(false);
    expect(subtype.confidence).toBe(subtype.raw_confidence);
    expect(envelope.model_output.classification.intent.component_confidence.intent_type.calibrated).toBe(true);
    // The spec: true when any intent head used calibrated confidence; the per-head flags say which.
    expect(envelope.meta.calibration_enabled).toBe(true);

    for (const head of ['intent_type', 'decision_phase']) await rm(join(test.versionDir, calibrationFile(head)));
    const uncalibrated = await classifyQuery(await reloadTestRuntime(test), 'set up my new printer for the first time');
    expect(uncalibrated.meta.calibration_enabled).toBe(false);
  });

  it('falls back to the documented placeholder when the ad_content artifacts cannot be loaded', async () => {
    await rm(join(test.versionDir, 'heads', `${AD_CONTENT_HEAD}.json`));
    const runtime = await reloadTestRuntime(test);
    expect(runtime.adContent).toBeUndefined();
    const envelope = await classifyQuery(runtime, 'cheap hotel in paris');
    expect(envelope.meta.ad_content_mapping_is_placeholder).toBe(true);
    expect(envelope.model_output.classification.ad_content.mapping_confidence).toBe(0);
    expect(envelope.model_output.classification.ad_content.mapping_mode).toBe(PLACEHOLDER_AD_CONTENT.mapping_mode);
  });
});
