/** GET /health in every state: loading, ok, degraded (placeholder ad_content, an uncalibrated head), failed. */
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../serving/app.js';
import { createSchemaAjv, SCHEMA_IDS } from '../../serving/schemas.js';
import type { ClassifierRuntime } from '../../shared/pipeline/classifier-runtime.js';
import { packageVersion } from '../../shared/pipeline/classifier-runtime.js';
import { controlledEncoder, deferred, servingConfig, withEncoder } from '../helpers/serving.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';

const validateHealth = createSchemaAjv().getSchema(SCHEMA_IDS.health);
const HEADS = ['intent_type', 'intent_subtype', 'decision_phase', 'ad_content'];

let test: TestRuntime;

beforeAll(async () => {
  test = await createTestRuntime();
});

afterAll(async () => {
  await test?.cleanup();
});

async function healthOf(runtime: ClassifierRuntime | Promise<ClassifierRuntime>, settle = true) {
  const app = buildApp({ serving: servingConfig(), runtime });
  await app.ready();
  if (settle) await app.classifier.settled;
  const response = await app.inject({ url: '/health' });
  const body = response.json();
  expect(validateHealth?.(body), JSON.stringify(validateHealth?.errors)).toBe(true);
  expect(body.heads.map((h: { head: string }) => h.head)).toEqual(HEADS);
  return { app, status: response.statusCode, body };
}

describe('GET /health', () => {
  it('ok: every head loaded, calibrated and warmed up; no reasons; file paths relative to the artifacts folder, no host paths', async () => {
    const { app, status, body } = await healthOf(test.runtime);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.reasons).toEqual([]);
    expect(body.system_version).toBe(test.runtime.systemVersion);
    const version = basename(test.versionDir);
    for (const entry of body.heads) {
      expect(entry).toMatchObject({ head: entry.head, ready: true, calibrated: true });
      expect(entry.model_path.startsWith(`${version}/`)).toBe(true);
      expect(entry.calibration_path.startsWith(`${version}/`)).toBe(true);
    }
    expect(JSON.stringify(body)).not.toContain(test.versionDir);
    expect((await app.inject({ method: 'HEAD', url: '/health' })).statusCode).toBe(200);
    await app.close();
  });

  it('degraded (HTTP 200) when ad_content serves the placeholder', async () => {
    const problem = `taxonomy file ${test.versionDir}/../../taxonomy/content-taxonomy-3.1.tsv differs from the one the artifacts were trained on`;
    const { app, status, body } = await healthOf({ ...test.runtime, adContent: undefined, adContentProblem: problem });
    expect(status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.heads[3]).toMatchObject({ head: 'ad_content', ready: false });
    // The reason names the part and the cause, without the absolute path.
    expect(body.reasons).toEqual(['ad_content: placeholder mapping (taxonomy file content-taxonomy-3.1.tsv differs from the one the artifacts were trained on)']);
    // It still classifies, with the placeholder.
    const envelope = (await app.inject({ method: 'POST', url: '/classify', payload: { text: 'buy laptop now' } })).json();
    expect(envelope.meta.ad_content_mapping_is_placeholder).toBe(true);
    await app.close();
  });

  it('degraded when a head has no calibration, with the reason; the envelope marks that head uncalibrated', async () => {
    const heads = test.runtime.artifacts.intentHeads;
    const runtime = { ...test.runtime, artifacts: { ...test.runtime.artifacts, intentHeads: { ...heads, decision_phase: { ...heads.decision_phase, calibration: undefined } } } };
    const { app, status, body } = await healthOf(runtime);
    expect(status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.heads[2]).toMatchObject({ head: 'decision_phase', calibration_path: '', ready: true, calibrated: false });
    expect(body.reasons).toEqual(['decision_phase: no calibration file (calibration/decision_phase.json); confidences are uncalibrated softmax']);
    const envelope = (await app.inject({ method: 'POST', url: '/classify', payload: { text: 'buy laptop now' } })).json();
    // meta.calibration_enabled follows the spec ("any head"); the head's own entry says it ran uncalibrated.
    expect(envelope.meta.calibration_enabled).toBe(true);
    expect(envelope.model_output.classification.intent.component_confidence.decision_phase.calibrated).toBe(false);
    await app.close();
  });

  it('unavailable (HTTP 503) while loading, ok once loaded and warmed up', async () => {
    const loading = deferred<ClassifierRuntime>();
    const { app, status, body } = await healthOf(loading.promise, false);
    expect(status).toBe(503);
    expect(body).toEqual({
      status: 'unavailable',
      system_version: packageVersion(),
      reasons: ['loading artifacts and warming up the encoder'],
      heads: HEADS.map((head) => ({ head, model_path: '', calibration_path: '', ready: false, calibrated: false })),
    });
    loading.resolve(test.runtime);
    await app.classifier.settled;
    const after = await app.inject({ url: '/health' });
    expect(after.statusCode).toBe(200);
    expect(after.json().status).toBe('ok');
    await app.close();
  });

  it('unavailable when the artifacts fail to load', async () => {
    const { app, status, body } = await healthOf(Promise.reject(new Error('artifact file missing: /srv/query-intent/artifacts/v1/heads/intent_type.json')));
    expect(status).toBe(503);
    expect(body.status).toBe('unavailable');
    expect(body.reasons).toEqual(['the classifier failed to load: artifact file missing: intent_type.json']);
    expect(app.classifier.failure?.message).toBe('artifact file missing: /srv/query-intent/artifacts/v1/heads/intent_type.json');
    await app.close();
  });

  it('unavailable when the warm-up inference fails, though the artifacts loaded', async () => {
    const encoder = controlledEncoder(test.runtime.encoder);
    encoder.failWith = new Error('encoder broken');
    const { app, status, body } = await healthOf(withEncoder(test.runtime, encoder));
    expect(status).toBe(503);
    expect(body.status).toBe('unavailable');
    expect(body.heads.every((h: { ready: boolean; calibrated: boolean }) => !h.ready && h.calibrated)).toBe(true);
    expect(body.reasons).toEqual(['the classifier failed to load: encoder broken']);
    await app.close();
  });

  it('stays outside auth', async () => {
    const app = buildApp({ serving: servingConfig({ apiKey: 'secret-key-123' }), runtime: test.runtime });
    await app.ready();
    await app.classifier.settled;
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    await app.close();
  });
});
