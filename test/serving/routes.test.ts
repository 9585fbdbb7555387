/** Every endpoint through app.inject, with a real runtime over fixture artifacts and the stub encoder. */
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../serving/app.js';
import { createSchemaAjv } from '../../serving/schemas.js';
import { API_SCHEMA_VERSION } from '../../shared/envelope/schema-version.js';
import { classifyQuery } from '../../shared/pipeline/classify-query.js';
import { controlledEncoder, servingConfig, withEncoder, type ControlledEncoder } from '../helpers/serving.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
const DOC_ID = 'https://query-intent.local/openapi.json';
const ajv = createSchemaAjv();
const matches = (id: string, value: unknown) => {
  const validate = ajv.getSchema(`https://query-intent.local/schemas/${id}.schema.json`);
  if (!validate) throw new Error(`no schema ${id}`);
  return validate(value) ? true : validate.errors;
};

let test: TestRuntime;
let app: FastifyInstance;
let encoder: ControlledEncoder;

beforeAll(async () => {
  test = await createTestRuntime();
  encoder = controlledEncoder(test.runtime.encoder);
  app = buildApp({ serving: servingConfig(), runtime: withEncoder(test.runtime, encoder) });
  await app.ready();
  expect(await app.classifier.settled).toBe('ready');
});

afterAll(async () => {
  await app?.close();
  await test?.cleanup();
});

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

describe('POST /classify', () => {
  it('returns the validated envelope of the trimmed text, the same one classifyQuery gives', async () => {
    const response = await post('/classify', { text: '  buy laptop now with fast shipping \n' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const envelope = response.json();
    expect(matches('envelope', envelope)).toBe(true);
    expect(envelope).toEqual(await classifyQuery(test.runtime, 'buy laptop now with fast shipping'));
    expect(envelope.meta.system_version).toBe(test.runtime.systemVersion);
  });

  it('accepts 5000 characters after trimming, counted in code points', async () => {
    const response = await post('/classify', { text: `  ${'😀'.repeat(5000)}  ` });
    expect(response.statusCode).toBe(200);
  });

  it('coalesces concurrent requests into shared encoder batches (encoder in-process)', async () => {
    encoder.batches.length = 0;
    encoder.delayMs = 30;
    const texts = Array.from({ length: 12 }, (_, i) => `my router stopped working after the update ${i}`);
    const responses = await Promise.all(texts.map((text) => post('/classify', { text }))).finally(() => (encoder.delayMs = 0));
    expect(responses.map((r) => r.statusCode)).toEqual(texts.map(() => 200));
    expect(encoder.batches.reduce((a, b) => a + b, 0)).toBe(12);
    expect(encoder.batches.length).toBeLessThan(12);
    expect(Math.max(...encoder.batches)).toBeGreaterThan(1);
  });
});

describe('POST /classify/batch', () => {
  it('returns one envelope per text, in order, equal to the single-text envelopes', async () => {
    const texts = ['what is a tent and how does it work', ' any discount code for printer this week ', 'set up my new camera for the first time'];
    const response = await post('/classify/batch', { texts });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(matches('classify-batch-response', body)).toBe(true);
    expect(body.results).toHaveLength(3);
    for (const [i, text] of texts.entries()) {
      expect(body.results[i]).toEqual(await classifyQuery(test.runtime, text.trim()));
    }
  });

  it('takes 64 texts', async () => {
    const response = await post('/classify/batch', { texts: Array.from({ length: 64 }, (_, i) => `buy drone ${i}`) });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toHaveLength(64);
  });
});

describe('GET /version', () => {
  it('reports the versions, the artifact, the encoder and every effective limit', async () => {
    const response = await app.inject({ url: '/version' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(matches('version', body)).toBe(true);
    expect(body).toEqual({
      system_version: test.runtime.systemVersion,
      api_schema_version: API_SCHEMA_VERSION,
      artifact_version: test.runtime.artifacts.version,
      encoder_id: 'stub',
      policy_version: test.runtime.policy.policy_version,
      taxonomy_version: '3.1',
      limits: { max_text_length: 5000, max_batch_size: 64, request_timeout_ms: 10_000, body_limit_bytes: 65_536 },
    });
    expect(body.api_schema_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('GET /metrics', () => {
  it('serves Prometheus text with request, batch, fallback and eligibility metrics', async () => {
    await post('/classify', { text: 'any discount code for tablet this week' });
    await app.inject({ url: '/nowhere' });
    const response = await app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(/^http_requests_total\{method="POST",route="\/classify",status_code="200"\} \d+$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status_code="404"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/classify",status_code="200"\} \d+$/m);
    expect(text).toMatch(/^query_intent_encoder_batch_size_count \d+$/m);
    expect(text).toMatch(/^query_intent_encoder_batch_duration_seconds_count \d+$/m);
    for (const reason of ['none', 'confidence_below_threshold', 'ambiguous_query', 'policy_default']) {
      expect(text).toMatch(new RegExp(`^query_intent_fallback_total\\{reason="${reason}"\\} \\d+$`, 'm'));
    }
    for (const value of ['allowed', 'allowed_with_caution', 'restricted', 'not_allowed']) {
      expect(text).toMatch(new RegExp(`^query_intent_monetization_eligibility_total\\{monetization_eligibility="${value}"\\} \\d+$`, 'm'));
    }
    const classified = [...text.matchAll(/^query_intent_fallback_total\{reason="[a-z_]+"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(classified).toBeGreaterThan(0);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });
});

describe('GET /openapi.json', () => {
  it('documents every route with every status it declares, using the schema files', async () => {
    const response = await app.inject({ url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(['/admin/reload', '/classify', '/classify/batch', '/health', '/metrics', '/openapi.json', '/version']);
    expect(Object.keys(doc.paths['/classify'].post.responses).sort()).toEqual(['200', '400', '401', '413', '415', '500', '503']);
    expect(doc.paths['/classify'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ClassifyRequest' });
    expect(doc.paths['/classify'].post.responses['200'].content['application/json'].schema).toMatchObject({ $ref: '#/components/schemas/Envelope' });
    expect(doc.paths['/health'].get.responses['503'].content['application/json'].schema).toMatchObject({ $ref: '#/components/schemas/Health' });
    expect(doc.paths['/metrics'].get.responses['200'].content).toHaveProperty(['text/plain']);
    expect(doc.paths['/health'].get.security).toEqual([]);
    expect(doc.paths['/classify'].post.security).toEqual([{ bearerAuth: [] }]);
  });

  it('has only references that resolve inside the document, and its schemas accept real responses', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json();
    const refs: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
          if (key === '$ref') refs.push(child as string);
          else walk(child);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of new Set(refs)) {
      expect(ref.startsWith('#/')).toBe(true);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
      expect(target, ref).toBeTypeOf('object');
    }
    // The document's own schemas validate what the server sends.
    const docAjv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(docAjv);
    docAjv.addSchema({ ...doc, $id: DOC_ID });
    const envelopeSchema = docAjv.compile({ $ref: `${DOC_ID}#/components/schemas/Envelope` });
    expect(envelopeSchema((await post('/classify', { text: 'buy tent now' })).json())).toBe(true);
    const errorSchema = docAjv.compile({ $ref: `${DOC_ID}#/components/schemas/Error` });
    expect(errorSchema((await post('/classify', { text: '' })).json())).toBe(true);
  });
});

describe('GET /docs', () => {
  it('serves the Swagger UI from the package, pointed at /openapi.json', async () => {
    const page = await app.inject({ url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const initializer = await app.inject({ url: '/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('/openapi.json');
    const bundle = await app.inject({ url: '/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(100_000);
  });
});

describe('request ids', () => {
  it('echoes a caller X-Request-Id and makes one up otherwise', async () => {
    const given = await app.inject({ url: '/version', headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers['x-request-id']).toBe('trace-123');
    const made = await app.inject({ url: '/version', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
