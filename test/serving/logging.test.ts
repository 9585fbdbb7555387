/** Logs go through Fastify's pino logger with request ids; query text only with LOG_QUERIES. */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../serving/app.js';
import { queryLogFields } from '../../serving/plugins/request-logging.js';
import { logCapture, servingConfig } from '../helpers/serving.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';

const SECRET = 'my private query about a gaming laptop';

let test: TestRuntime;

beforeAll(async () => {
  test = await createTestRuntime();
});

afterAll(async () => {
  await test?.cleanup();
});

const HASH_SECRET = 'a-deployment-secret-of-32-chars!';

async function logsOf(logQueries: boolean, logHashSecret: string | null = HASH_SECRET) {
  const capture = logCapture();
  const app = buildApp({ serving: servingConfig({ logQueries, logHashSecret: logHashSecret ?? undefined }), runtime: test.runtime, logger: { level: 'info', stream: capture.stream } });
  await app.ready();
  await app.classifier.settled;
  const ok = await app.inject({ method: 'POST', url: '/classify', payload: { text: ` ${SECRET} ` }, headers: { 'x-request-id': 'req-ok-1' } });
  const batch = await app.inject({ method: 'POST', url: '/classify/batch', payload: { texts: [SECRET, 'buy a tent'] } });
  const bad = await app.inject({ method: 'POST', url: '/classify', payload: `{"text": "${SECRET}"`, headers: { 'content-type': 'application/json' } });
  const tooLong = await app.inject({ method: 'POST', url: '/classify', payload: { text: `${SECRET} ${'x'.repeat(5000)}` } });
  expect([ok.statusCode, batch.statusCode, bad.statusCode, tooLong.statusCode]).toEqual([200, 200, 400, 400]);
  await app.close();
  return capture;
}

describe('request logging', () => {
  it('logs length and an HMAC keyed with LOG_HASH_SECRET, never the query text, by default', async () => {
    const capture = await logsOf(false);
    expect(capture.text()).not.toContain('private query');
    const classified = capture.lines().find((line) => line.msg === 'classified' && line.reqId === 'req-ok-1');
    expect(classified?.queries).toEqual([{ text_length: SECRET.length, text_hmac: createHmac('sha256', HASH_SECRET).update(SECRET).digest('hex').slice(0, 16) }]);
    // The unkeyed hash (which anyone holding the logs could recompute for a guessed query) is nowhere.
    expect(capture.text()).not.toContain(createHash('sha256').update(SECRET).digest('hex').slice(0, 12));
  });

  it('without LOG_HASH_SECRET keys the HMAC with a random per-process secret', async () => {
    const identifiers = async () => {
      const capture = await logsOf(false, null);
      expect(capture.lines().some((line) => String(line.msg).startsWith('LOG_HASH_SECRET not set'))).toBe(true);
      const classified = capture.lines().find((line) => line.msg === 'classified' && line.reqId === 'req-ok-1');
      return (classified?.queries as Array<{ text_hmac: string }>)[0]?.text_hmac;
    };
    const [first, second] = [await identifiers(), await identifiers()];
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(second).not.toBe(first);
    expect(first).not.toBe(createHmac('sha256', HASH_SECRET).update(SECRET).digest('hex').slice(0, 16));
  });

  it('logs the text when LOG_QUERIES is on', async () => {
    const capture = await logsOf(true);
    const classified = capture.lines().find((line) => line.msg === 'classified' && line.reqId === 'req-ok-1');
    expect(classified?.queries).toEqual([expect.objectContaining({ text: SECRET })]);
  });

  it('puts the request id on every line of a request', async () => {
    const capture = await logsOf(false);
    const lines = capture.lines().filter((line) => line.reqId === 'req-ok-1');
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'classified', 'request completed']));
  });

  it('counts code points and hashes UTF-8', () => {
    expect(queryLogFields('😀é', false, 'k')).toEqual({ text_length: 2, text_hmac: createHmac('sha256', 'k').update('😀é', 'utf8').digest('hex').slice(0, 16) });
    expect(queryLogFields('x', true, 'k').text).toBe('x');
  });
});
