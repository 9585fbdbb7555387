/** Logs go through Fastify's pino logger with request ids; query text only with LOG_QUERIES. */
import { createHash } from 'node:crypto';
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

async function logsOf(logQueries: boolean) {
  const capture = logCapture();
  const app = buildApp({ serving: servingConfig({ logQueries }), runtime: test.runtime, logger: { level: 'info', stream: capture.stream } });
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
  it('logs length and hash, never the query text, by default', async () => {
    const capture = await logsOf(false);
    expect(capture.text()).not.toContain('private query');
    const classified = capture.lines().find((line) => line.msg === 'classified' && line.reqId === 'req-ok-1');
    expect(classified?.queries).toEqual([{ text_length: SECRET.length, text_sha256: createHash('sha256').update(SECRET).digest('hex').slice(0, 12) }]);
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
    expect(queryLogFields('😀é', false)).toEqual({ text_length: 2, text_sha256: createHash('sha256').update('😀é', 'utf8').digest('hex').slice(0, 12) });
    expect(queryLogFields('x', true).text).toBe('x');
  });
});
