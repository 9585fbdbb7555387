/**
 * The encoder in worker threads (serving/encoder-pool.ts), driven through the app: real worker
 * threads (started through shared/worker-bootstrap.mjs, since the tests run from TypeScript) that
 * load the fixture artifacts with the stub encoder (fixtures/stub-worker-runtime.ts). Covers: the
 * same envelopes as in-process, a worker that dies mid-batch (503 for its requests, a replacement,
 * the rest served), a deadline that passes while queued (503 timeout, no encoder work), and /health
 * answering at once while every worker is busy.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../serving/app.js';
import { createEncoderPool, type EncoderPool } from '../../serving/encoder-pool.js';
import { loadClassifierRuntime } from '../../shared/pipeline/classifier-runtime.js';
import { classifyQuery } from '../../shared/pipeline/classify-query.js';
import { servingConfig } from '../helpers/serving.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';
import { SERVER_TEST_TIMEOUT_MS } from '../helpers/timeouts.js';
import { taxonomyFixture } from '../helpers/training-fixture.js';

const RUNTIME_MODULE = fileURLToPath(new URL('./fixtures/stub-worker-runtime.ts', import.meta.url));
const REQUEST_TIMEOUT_MS = 1_500;

let test: TestRuntime;
let pool: EncoderPool;
let app: FastifyInstance;

beforeAll(async () => {
  test = await createTestRuntime();
  pool = createEncoderPool({ size: 2, config: test.config, runtimeModule: RUNTIME_MODULE, restartDelayMs: 50 });
  const runtime = pool.ready.then((info) => loadClassifierRuntime(test.config, { encoder: pool.encoder(info), taxonomy: taxonomyFixture() }));
  app = buildApp({ serving: servingConfig({ batchMaxSize: 4, requestTimeoutMs: REQUEST_TIMEOUT_MS }), runtime, encoderPool: pool, logger: false });
  await app.ready();
  expect(await app.classifier.settled).toBe('ready');
}, SERVER_TEST_TIMEOUT_MS);

afterAll(async () => {
  await app?.close();
  await pool?.close();
  await test?.cleanup();
});

const classify = (text: string) => app.inject({ method: 'POST', url: '/classify', payload: { text } });

async function batchCount(): Promise<number> {
  const text = (await app.inject({ url: '/metrics' })).body;
  return Number(/^query_intent_encoder_batch_size_count (\S+)$/m.exec(text)?.[1] ?? NaN);
}

describe('encoder worker pool', () => {
  it('serves the same envelopes as the encoder in-process, and /health lists the workers', async () => {
    const texts = ['buy laptop now with fast shipping', 'my router keeps dropping wifi', 'how do index funds work'];
    const responses = await Promise.all(texts.map(classify));
    for (const [i, response] of responses.entries()) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(await classifyQuery(test.runtime, texts[i] as string));
    }
    const batch = await app.inject({ method: 'POST', url: '/classify/batch', payload: { texts } });
    expect(batch.json().results).toEqual(responses.map((r) => r.json()));
    const health = (await app.inject({ url: '/health' })).json();
    expect(health).toMatchObject({ status: 'ok', reasons: [], encoder_workers: { size: 2, ready: 2 } });
  });

  it(
    'answers 503 encoder_unavailable for the batch of a worker that died, replaces the worker, and serves the rest',
    async () => {
      const crashesBefore = pool.stats().crashes;
      const [crashed, other] = await Promise.all([classify('please crash-the-worker now'), classify('a neighbour request sleep-200ms')]);
      expect(crashed.statusCode).toBe(503);
      expect(crashed.json()).toEqual({ error: { code: 'encoder_unavailable', message: expect.any(String) } });
      expect(crashed.headers['retry-after']).toBe('1');
      expect(other.statusCode).toBe(200);
      expect(pool.stats().crashes).toBe(crashesBefore + 1);
      expect((await app.inject({ url: '/metrics' })).body).toContain(`query_intent_encoder_worker_crashes ${crashesBefore + 1}`);
      // Meanwhile the service is degraded and says why; then the replacement is up.
      await vi.waitFor(() => expect(pool.stats().ready).toBe(2), { timeout: SERVER_TEST_TIMEOUT_MS / 2, interval: 50 });
      const health = (await app.inject({ url: '/health' })).json();
      expect(health).toMatchObject({ status: 'ok', encoder_workers: { size: 2, ready: 2 } });
      const after = await Promise.all([classify('buy a tent'), classify('cancel my subscription')]);
      expect(after.map((r) => r.statusCode)).toEqual([200, 200]);
    },
    SERVER_TEST_TIMEOUT_MS,
  );

  it(
    'answers 503 timeout at the deadline for a request still queued behind busy workers, and never runs it',
    async () => {
      const before = await batchCount();
      const busy = [classify('hold the first worker sleep-2500ms'), classify('hold the second worker sleep-2500ms')];
      await vi.waitFor(() => expect(pool.stats().busy).toBe(2), { interval: 5 });
      const started = performance.now();
      const queued = await classify('this one waits in the queue');
      const elapsed = performance.now() - started;
      expect(queued.statusCode).toBe(503);
      expect(queued.json().error.code).toBe('timeout');
      expect(elapsed).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 20);
      expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS + 400);
      // The two holders time out too (2.5 s > 1.5 s); only their two batches ever ran.
      expect((await Promise.all(busy)).map((r) => r.json().error?.code)).toEqual(['timeout', 'timeout']);
      await vi.waitFor(() => expect(pool.stats().busy).toBe(0), { timeout: 5_000, interval: 20 });
      expect((await batchCount()) - before).toBe(2);
    },
    SERVER_TEST_TIMEOUT_MS,
  );

  it(
    'answers /health and /metrics at once while every worker is saturated',
    async () => {
      const busy = [classify('burn the first worker spin-800ms'), classify('burn the second worker spin-800ms')];
      await vi.waitFor(() => expect(pool.stats().busy).toBe(2), { interval: 5 });
      const latencies: number[] = [];
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        const [health, metrics] = await Promise.all([app.inject({ url: '/health' }), app.inject({ url: '/metrics' })]);
        latencies.push(performance.now() - started);
        expect([health.statusCode, metrics.statusCode]).toEqual([200, 200]);
      }
      expect(pool.stats().busy).toBe(2);
      // Blocked, they would wait for the 800 ms spin; the bounds leave room for a busy test machine.
      latencies.sort((a, b) => a - b);
      expect(latencies[5]).toBeLessThan(50);
      expect(latencies[9]).toBeLessThan(250);
      expect((await Promise.all(busy)).map((r) => r.statusCode)).toEqual([200, 200]);
    },
    SERVER_TEST_TIMEOUT_MS,
  );
});
