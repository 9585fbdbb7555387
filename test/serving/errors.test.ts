/**
 * Every error code of the service, through app.inject. Bodies are compared whole (a snapshot in
 * the test), so the documented codes and messages cannot drift from what the server sends.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../serving/app.js';
import { createSchemaAjv, SCHEMA_IDS } from '../../serving/schemas.js';
import { controlledEncoder, deferred, servingConfig, withEncoder, type ControlledEncoder } from '../helpers/serving.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';

const validateError = createSchemaAjv().getSchema(SCHEMA_IDS.error);

let test: TestRuntime;
let app: FastifyInstance;

beforeAll(async () => {
  test = await createTestRuntime();
  app = buildApp({ serving: servingConfig(), runtime: test.runtime });
  await app.ready();
  await app.classifier.settled;
});

afterAll(async () => {
  await app?.close();
  await test?.cleanup();
});

/** Inject, check the status and that the body is the one error shape, return the body. */
async function errorOf(target: FastifyInstance, options: InjectOptions, status: number) {
  const response = await target.inject(options);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = response.json();
  expect(validateError?.(body), JSON.stringify(validateError?.errors)).toBe(true);
  return { body, headers: response.headers };
}

const json = (payload: string | Buffer) => ({ method: 'POST' as const, url: '/classify', payload, headers: { 'content-type': 'application/json' } });

describe('400 invalid_json', () => {
  it.each([
    ['malformed JSON', json('{"text": "laptop"'), 'request body is not valid JSON (17 bytes)'],
    ['an empty body', json(''), 'request body is empty; send a JSON object'],
    ['a whitespace body', json('  \n'), 'request body is empty; send a JSON object'],
    ['invalid UTF-8', json(Buffer.from([0x7b, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])), 'request body is not valid UTF-8'],
  ])('%s', async (_name, options, message) => {
    const { body } = await errorOf(app, options, 400);
    expect(body).toEqual({ error: { code: 'invalid_json', message } });
  });

  it('never echoes the body in the message', async () => {
    const { body } = await errorOf(app, json('{"text": "my secret query'), 400);
    expect(JSON.stringify(body)).not.toContain('secret');
  });
});

describe('400 invalid_request names the failing field', () => {
  it.each<[string, unknown, string, string]>([
    ['missing text', {}, '/text', 'text is required'],
    ['text of the wrong type', { text: 42 }, '/text', 'text must be of type string'],
    ['an empty text', { text: '' }, '/text', 'text is empty after trimming: given 0 characters, min 1'],
    ['a whitespace-only text', { text: ' \n\t ' }, '/text', 'text is empty after trimming: given 0 characters, min 1'],
    ['a text over 5000 characters', { text: `  ${'a'.repeat(5001)}  ` }, '/text', 'text is too long after trimming: given 5001 characters, max 5000'],
    ['an unknown field', { text: 'ok', lang: 'en' }, '/lang', 'lang is not an allowed field'],
    ['a body that is not an object', ['laptop'], '', 'body must be a JSON object'],
    ['null', null, '', 'body must be a JSON object'],
  ])('%s', async (_name, payload, field, message) => {
    const { body } = await errorOf(app, json(JSON.stringify(payload)), 400);
    expect(body.error).toMatchObject({ code: 'invalid_request', message, details: { field } });
    expect(body.error.details.errors[0]).toEqual({ field, message });
  });

  it('in a batch, points at the text', async () => {
    const { body } = await errorOf(app, { method: 'POST', url: '/classify/batch', payload: { texts: ['fine', '   '] } }, 400);
    expect(body).toEqual({
      error: {
        code: 'invalid_request',
        message: 'texts/1 is empty after trimming: given 0 characters, min 1',
        details: {
          field: '/texts/1',
          errors: [
            { field: '/texts/1', message: 'texts/1 is empty after trimming: given 0 characters, min 1' },
            { field: '/texts/1', message: 'texts/1 must contain a non-whitespace character' },
          ],
        },
      },
    });
  });

  it('in a batch, states the count limit as given N, max M', async () => {
    const texts = Array.from({ length: 65 }, (_, i) => `q${i}`);
    const { body } = await errorOf(app, { method: 'POST', url: '/classify/batch', payload: { texts } }, 400);
    expect(body.error).toMatchObject({ code: 'invalid_request', message: 'texts has too many items: given 65, max 64', details: { field: '/texts' } });
    const empty = await errorOf(app, { method: 'POST', url: '/classify/batch', payload: { texts: [] } }, 400);
    expect(empty.body.error.message).toBe('texts has too few items: given 0, min 1');
  });
});

describe('404, 405', () => {
  it('404 not_found for an unknown path (and a trailing slash is not an alias)', async () => {
    expect((await errorOf(app, { url: '/nope?x=1' }, 404)).body).toEqual({ error: { code: 'not_found', message: 'no route GET /nope' } });
    expect((await errorOf(app, { method: 'POST', url: '/classify/', payload: { text: 'a' } }, 404)).body.error.code).toBe('not_found');
  });

  it('405 method_not_allowed with Allow for a known path', async () => {
    const { body, headers } = await errorOf(app, { method: 'GET', url: '/classify' }, 405);
    expect(body).toEqual({ error: { code: 'method_not_allowed', message: 'GET is not allowed on /classify; allowed: POST', details: { allow: ['POST'] } } });
    expect(headers.allow).toBe('POST');
    const health = await errorOf(app, { method: 'DELETE', url: '/health' }, 405);
    expect(health.headers.allow).toBe('GET, HEAD');
    expect((await errorOf(app, { method: 'POST', url: '/version', payload: {} }, 405)).body.error.code).toBe('method_not_allowed');
  });
});

describe('413 payload_too_large', () => {
  it('refuses a body over 64 KiB, stating its size', async () => {
    const payload = JSON.stringify({ text: 'a'.repeat(70_000) });
    const { body } = await errorOf(app, json(payload), 413);
    expect(body).toEqual({ error: { code: 'payload_too_large', message: `request body too large: given ${payload.length} bytes, max 65536` } });
  });

  it('also for a batch whose texts are each within the limit', async () => {
    const texts = Array.from({ length: 20 }, () => 'b'.repeat(4000));
    expect((await errorOf(app, { method: 'POST', url: '/classify/batch', payload: { texts } }, 413)).body.error.code).toBe('payload_too_large');
  });
});

describe('415 unsupported_media_type', () => {
  it.each<[string, Record<string, string>, string]>([
    ['text/plain', { 'content-type': 'text/plain' }, 'unsupported Content-Type "text/plain"; send application/json'],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }, 'unsupported Content-Type "application/x-www-form-urlencoded"; send application/json'],
    ['a non-UTF-8 charset', { 'content-type': 'application/json; charset=latin1' }, 'unsupported charset "latin1"; send utf-8'],
    ['no content type', {}, 'missing Content-Type; send application/json'],
  ])('%s', async (_name, headers, message) => {
    const { body } = await errorOf(app, { method: 'POST', url: '/classify', payload: '{"text":"laptop"}', headers }, 415);
    expect(body).toEqual({ error: { code: 'unsupported_media_type', message } });
  });

  it('accepts application/json with charset=utf-8', async () => {
    const response = await app.inject({ method: 'POST', url: '/classify', payload: '{"text":"laptop"}', headers: { 'content-type': 'application/json; charset=UTF-8' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('401 unauthorized when API_KEY is set', () => {
  const key = 'test-key-0123456789';
  let secured: FastifyInstance;
  beforeAll(async () => {
    secured = buildApp({ serving: servingConfig({ apiKey: key }), runtime: test.runtime });
    await secured.ready();
    await secured.classifier.settled;
  });
  afterAll(async () => {
    await secured?.close();
  });

  it('refuses a missing or wrong key on every route but /health and /version', async () => {
    for (const url of ['/classify', '/classify/batch']) {
      const { body, headers } = await errorOf(secured, { method: 'POST', url, payload: { text: 'a' } }, 401);
      expect(body).toEqual({ error: { code: 'unauthorized', message: 'missing Authorization header; send Authorization: Bearer <key>' } });
      expect(headers['www-authenticate']).toBe('Bearer');
    }
    for (const url of ['/metrics', '/openapi.json', '/unknown']) await errorOf(secured, { url }, 401);
    const wrong = await errorOf(secured, { method: 'POST', url: '/classify', payload: { text: 'a' }, headers: { authorization: `Bearer ${key}x` } }, 401);
    expect(wrong.body).toEqual({ error: { code: 'unauthorized', message: 'invalid API key' } });
    await errorOf(secured, { method: 'POST', url: '/classify', payload: { text: 'a' }, headers: { authorization: key } }, 401);
  });

  it('lets the right key through, and /health and /version without one', async () => {
    const ok = await secured.inject({ method: 'POST', url: '/classify', payload: { text: 'buy a tent' }, headers: { authorization: `Bearer ${key}` } });
    expect(ok.statusCode).toBe(200);
    expect((await secured.inject({ url: '/metrics', headers: { authorization: `bearer ${key}` } })).statusCode).toBe(200);
    expect((await secured.inject({ url: '/health' })).statusCode).toBe(200);
    expect((await secured.inject({ url: '/version' })).statusCode).toBe(200);
  });

  it('checks the key before the content type', async () => {
    await errorOf(secured, { method: 'POST', url: '/classify', payload: 'x', headers: { 'content-type': 'text/plain' } }, 401);
  });
});

describe('503 not_ready, 503 timeout, 500 internal_error', () => {
  it('503 not_ready while the artifacts load, then 200', async () => {
    const loading = deferred<typeof test.runtime>();
    const starting = buildApp({ serving: servingConfig(), runtime: loading.promise });
    await starting.ready();
    const { body, headers } = await errorOf(starting, { method: 'POST', url: '/classify', payload: { text: 'laptop' } }, 503);
    expect(body).toEqual({ error: { code: 'not_ready', message: 'the classifier is still loading; retry shortly' } });
    expect(headers['retry-after']).toBe('1');
    loading.resolve(test.runtime);
    expect(await starting.classifier.settled).toBe('ready');
    expect((await starting.inject({ method: 'POST', url: '/classify', payload: { text: 'laptop' } })).statusCode).toBe(200);
    await starting.close();
  });

  it('503 not_ready for good when loading failed', async () => {
    const failed = buildApp({ serving: servingConfig(), runtime: Promise.reject(new Error('checksum mismatch in /secret/path')) });
    await failed.ready();
    await failed.classifier.settled;
    const { body } = await errorOf(failed, { method: 'POST', url: '/classify/batch', payload: { texts: ['a'] } }, 503);
    expect(body).toEqual({ error: { code: 'not_ready', message: 'the classifier failed to load; retry shortly' } });
    await failed.close();
  });

  describe('with a controllable encoder', () => {
    let encoder: ControlledEncoder;
    let slow: FastifyInstance;
    const TIMEOUT_MS = 100;
    beforeAll(async () => {
      encoder = controlledEncoder(test.runtime.encoder);
      slow = buildApp({ serving: servingConfig({ requestTimeoutMs: TIMEOUT_MS }), runtime: withEncoder(test.runtime, encoder) });
      await slow.ready();
      await slow.classifier.settled;
    });
    afterAll(async () => {
      await slow?.close();
    });

    it('503 timeout when the answer takes longer than REQUEST_TIMEOUT_MS', async () => {
      encoder.delayMs = TIMEOUT_MS * 3;
      try {
        const started = Date.now();
        const { body } = await errorOf(slow, { method: 'POST', url: '/classify', payload: { text: 'slow laptop' } }, 503);
        expect(body).toEqual({ error: { code: 'timeout', message: `request not answered within the ${TIMEOUT_MS} ms limit` } });
        expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3);
      } finally {
        encoder.delayMs = 0;
      }
      // The server goes on serving once the encoder is fast again.
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
      expect((await slow.inject({ method: 'POST', url: '/classify', payload: { text: 'fast laptop' } })).statusCode).toBe(200);
    });

    it('500 internal_error without the message or stack of the failure', async () => {
      encoder.failWith = new Error('tensor disposed at /home/svc/node_modules/secret.js:12');
      try {
        const response = await slow.inject({ method: 'POST', url: '/classify', payload: { text: 'laptop' } });
        const { body } = await errorOf(slow, { method: 'POST', url: '/classify', payload: { text: 'laptop' } }, 500);
        expect(response.statusCode).toBe(500);
        const id = body.error.details.request_id;
        expect(body).toEqual({ error: { code: 'internal_error', message: `internal error; see the server log for request ${id}`, details: { request_id: id } } });
        expect(response.body).not.toMatch(/secret|tensor|stack|node_modules|\bat\b/);
      } finally {
        encoder.failWith = undefined;
      }
    });
  });
});
