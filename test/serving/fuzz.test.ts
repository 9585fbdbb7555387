/**
 * Property test of request bodies: random JSON, wrong types, huge strings, invalid UTF-8, empty
 * bodies, wrong content types and methods. Every answer is 2xx or 4xx (never 5xx, never a hang),
 * every 4xx carries the one error body, and the server still classifies afterwards.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../serving/app.js';
import { createSchemaAjv, SCHEMA_IDS } from '../../serving/schemas.js';
import { servingConfig } from '../helpers/serving.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';
import { SERVER_TEST_TIMEOUT_MS } from '../helpers/timeouts.js';

const RUNS = 400;
/** A request that takes longer than this counts as a hang. */
const PER_REQUEST_LIMIT_MS = 2_000;
/** Fixed for reproducible runs; set FUZZ_SEED to explore others. */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261121);

const ajv = createSchemaAjv();
const validError = ajv.getSchema(SCHEMA_IDS.error);
const validEnvelope = ajv.getSchema(SCHEMA_IDS.envelope);

let test: TestRuntime;
let app: FastifyInstance;

beforeAll(async () => {
  test = await createTestRuntime();
  // The request timeout sits above the hang limit: a 503 timeout would be a failure too.
  app = buildApp({ serving: servingConfig({ requestTimeoutMs: PER_REQUEST_LIMIT_MS * 2 }), runtime: test.runtime });
  await app.ready();
  await app.classifier.settled;
});

afterAll(async () => {
  await app?.close();
  await test?.cleanup();
});

const weirdStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', 'a\udfffb', '\u200b', '\ufeff', '😀', '\n\t ', 'null', '{"text":1}', '%00', '<script>'),
  fc.integer({ min: 4_990, max: 70_000 }).map((n) => 'q'.repeat(n)),
  fc.integer({ min: 1_000, max: 6_000 }).map((n) => '😀'.repeat(n)),
);

const jsonish = fc.oneof(
  { weight: 3, arbitrary: fc.record({ text: fc.oneof(weirdStrings, fc.jsonValue()) }) },
  { weight: 2, arbitrary: fc.record({ texts: fc.oneof(fc.array(weirdStrings, { maxLength: 70 }), fc.jsonValue()) }) },
  { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom('text', 'texts', '__proto__', 'constructor'), fc.string()), fc.jsonValue(), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue() },
).map((value) => JSON.stringify(value) ?? 'null');

const bodies = fc.oneof(
  { weight: 6, arbitrary: jsonish.map((text) => Buffer.from(text, 'utf8')) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: jsonish.map((text) => Buffer.concat([Buffer.from(text.slice(0, -1), 'utf8'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(text.slice(-1))])) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '{', '{"text":', '[]', '""').map((text) => Buffer.from(text)) },
);

const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      '',
      'text/plain',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=utf-16',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'application/json-patch+json',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).filter((s) => /^[\x21-\x7e ]*$/.test(s)) },
);

const targets = fc.oneof(
  { weight: 8, arbitrary: fc.record({ method: fc.constant('POST' as const), url: fc.constantFrom('/classify', '/classify/batch') }) },
  { weight: 1, arbitrary: fc.record({ method: fc.constantFrom('GET' as const, 'PUT' as const, 'DELETE' as const, 'PATCH' as const), url: fc.constantFrom('/classify', '/classify/batch', '/health', '/nope') }) },
  { weight: 1, arbitrary: fc.record({ method: fc.constant('POST' as const), url: fc.webPath().map((p) => `/${p.replace(/^\/+/, '')}`) }) },
);

describe('fuzzed requests', () => {
  it(
    'get only 2xx/4xx answers with the right body shapes, and the server keeps serving',
    async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(targets, bodies, contentTypes, async (target, payload, contentType) => {
          const headers: Record<string, string> = contentType === undefined ? {} : { 'content-type': contentType };
          const started = Date.now();
          const response = await app.inject({ ...target, payload, headers });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          expect(Date.now() - started).toBeLessThan(PER_REQUEST_LIMIT_MS);
          expect(response.statusCode, response.body.slice(0, 500)).toBeGreaterThanOrEqual(200);
          expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(validError?.(response.json()), response.body.slice(0, 500)).toBe(true);
          } else if (target.url === '/classify') {
            expect(validEnvelope?.(response.json())).toBe(true);
          }
        }),
        { numRuns: RUNS, seed: FUZZ_SEED },
      );
      // The generators reach both outcomes: classifications and each kind of refusal.
      expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 400, 404, 405, 413, 415]));
      const health = await app.inject({ url: '/health' });
      expect(health.statusCode).toBe(200);
      const classified = await app.inject({ method: 'POST', url: '/classify', payload: { text: 'buy laptop now' } });
      expect(classified.statusCode).toBe(200);
    },
    SERVER_TEST_TIMEOUT_MS,
  );
});
