/** GET /health in every state: loading, ok, degraded (placeholder ad_content, an uncalibrated head), failed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../serving/app.js';
import { createSchemaAjv, SCHEMA_IDS } from '../../serving/schemas.js';
import type { ClassifierRuntime } from '../../shared/pipeline/classifier-runtime.js';
import { PACKAGE_VERSION } from '../../shared/pipeline/classifier-runtime.js';
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
  it('ok: every head loaded, calibrated and warmed up, with its artifact paths', async () => {
    const { app, status, body } = await healthOf(test.runtime);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.system_version).toBe(test.runtime.systemVersion);
    for (const entry of body.heads) {
      expect(entry).toMatchObject({ ready: true, calibrated: true });
      expect(entry.model_path).toBe(`${test.versionDir}/heads/${entry.head}.json`);
      expect(entry.calibration_path).toBe(`${test.versionDir}/calibration/${entry.head}.json`);
    }
    expect((await app.inject({ method: 'HEAD', url: '/health' })).statusCode).toBe(200);
    await app.close();
  });

  it('degraded (HTTP 200) when ad_content serves the placeholder', async () => {
    const { app, status, body } = await healthOf({ ...test.runtime, adContent: undefined, adContentProblem: 'taxonomy differs' });
    expect(status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.heads[3]).toMatchObject({ head: 'ad_content', ready: false });
    // It still classifies, with the placeholder.
    const envelope = (await app.inject({ method: 'POST', url: '/classify', payload: { text: 'buy laptop now' } })).json();
    expect(envelope.meta.ad_content_mapping_is_placeholder).toBe(true);
    await app.close();
  });

  it('degraded when a head has no calibration; its calibration_path is empty', async () => {
    const heads = test.runtime.artifacts.intentHeads;
    const runtime = { ...test.runtime, artifacts: { ...test.runtime.artifacts, intentHeads: { ...heads, decision_phase: { ...heads.decision_phase, calibration: undefined } } } };
    const { app, status, body } = await healthOf(runtime);
    expect(status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.heads[2]).toEqual({ head: 'decision_phase', model_path: heads.decision_phase.modelPath, calibration_path: '', ready: true, calibrated: false });
    await app.close();
  });

  it('unavailable (HTTP 503) while loading, ok once loaded and warmed up', async () => {
    const loading = deferred<ClassifierRuntime>();
    const { app, status, body } = await healthOf(loading.promise, false);
    expect(status).toBe(503);
    expect(body).toEqual({
      status: 'unavailable',
      system_version: PACKAGE_VERSION,
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
    const { app, status, body } = await healthOf(Promise.reject(new Error('artifact file missing')));
    expect(status).toBe(503);
    expect(body.status).toBe('unavailable');
    expect(app.classifier.failure?.message).toBe('artifact file missing');
    await app.close();
  });

  it('unavailable when the warm-up inference fails, though the artifacts loaded', async () => {
    const encoder = controlledEncoder(test.runtime.encoder);
    encoder.failWith = new Error('encoder broken');
    const { app, status, body } = await healthOf(withEncoder(test.runtime, encoder));
    expect(status).toBe(503);
    expect(body.status).toBe('unavailable');
    expect(body.heads.every((h: { ready: boolean; model_path: string }) => !h.ready && h.model_path !== '')).toBe(true);
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
