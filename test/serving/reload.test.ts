/**
 * Hot reload (POST /admin/reload, as SIGHUP): with the encoder on the main thread and with encoder
 * worker threads. A new version trained into the same artifacts folder is swapped in under load with
 * no failed request, requests already running finish on the version they started with, /version and
 * /metrics show the active version; a corrupt new version is refused (409 reload_failed, the reason
 * in the response, the log and the metrics) while the old one keeps serving.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../serving/app.js';
import { createEncoderPool, type EncoderPool } from '../../serving/encoder-pool.js';
import { CURRENT_FILE, headWeightsFile } from '../../shared/artifacts/layout.js';
import { loadClassifierRuntime, type ClassifierRuntime } from '../../shared/pipeline/classifier-runtime.js';
import { train } from '../../training/train.js';
import { controlledEncoder, logCapture, servingConfig, withEncoder } from '../helpers/serving.js';
import { stubEncoder } from '../helpers/stub-encoder.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';
import { SERVER_TEST_TIMEOUT_MS } from '../helpers/timeouts.js';
import { taxonomyFixture, writeIntentFixture } from '../helpers/training-fixture.js';

const RUNTIME_MODULE = fileURLToPath(new URL('./fixtures/stub-worker-runtime.ts', import.meta.url));

let test: TestRuntime;
let v1: string;
let v2: string;

const pointTo = async (version: string) => writeFile(join(test.config.paths.artifactsDir, CURRENT_FILE), `${JSON.stringify({ version })}\n`);

beforeAll(async () => {
  test = await createTestRuntime();
  v1 = test.runtime.artifacts.version;
  const root = join(test.config.paths.artifactsDir, '..');
  const second = await train({
    config: { ...test.config, training: { ...test.config.training, seed: test.config.training.seed + 1 } },
    dataFile: await writeIntentFixture(root),
    encoder: stubEncoder(),
    taxonomy: taxonomyFixture(),
    log: () => {},
  });
  v2 = second.version;
  expect(v2).not.toBe(v1);
}, SERVER_TEST_TIMEOUT_MS * 2);

afterAll(async () => {
  await test?.cleanup();
});

interface Setup {
  app: FastifyInstance;
  logs: ReturnType<typeof logCapture>;
  setDelay(ms: number): void;
  close(): Promise<void>;
}

/** The app on version v1, with the encoder in-process (slowed on demand) or in two worker threads. */
async function setUp(mode: 'in-process' | 'workers'): Promise<Setup> {
  await pointTo(v1);
  const logs = logCapture();
  const reloadRuntime = (active: ClassifierRuntime) => loadClassifierRuntime(test.config, { encoder: active.encoder, taxonomy: taxonomyFixture() });
  const serving = servingConfig({ batchMaxSize: 4 });
  const logger = { level: 'info', stream: logs.stream };
  if (mode === 'in-process') {
    const encoder = controlledEncoder(test.runtime.encoder);
    const app = buildApp({ serving, runtime: withEncoder(test.runtime, encoder), reloadRuntime, logger });
    await app.ready();
    expect(await app.classifier.settled).toBe('ready');
    return { app, logs, setDelay: (ms) => (encoder.delayMs = ms), close: () => app.close() };
  }
  const pool: EncoderPool = createEncoderPool({ size: 2, config: test.config, runtimeModule: RUNTIME_MODULE });
  const runtime = pool.ready.then((info) => loadClassifierRuntime(test.config, { encoder: pool.encoder(info), taxonomy: taxonomyFixture() }));
  const app = buildApp({ serving, runtime, encoderPool: pool, reloadRuntime, logger });
  await app.ready();
  expect(await app.classifier.settled).toBe('ready');
  return {
    app,
    logs,
    setDelay: () => {},
    close: async () => {
      await app.close();
      await pool.close();
    },
  };
}

const versionOf = (response: { json(): { meta: { artifact_version: string } } }) => response.json().meta.artifact_version;

describe.each(['in-process', 'workers'] as const)('hot reload, encoder %s', (mode) => {
  it(
    'swaps to a new version under load with no failed request; running requests finish on their version',
    async () => {
      const { app, setDelay, close } = await setUp(mode);
      try {
        expect((await app.inject({ url: '/version' })).json().artifact_version).toBe(v1);
        // A request already running when the reload starts, held in the encoder (in-process: a delay; workers: the stub's sleep).
        setDelay(150);
        const running = app.inject({ method: 'POST', url: '/classify', payload: { text: 'started before the reload sleep-400ms' } });
        await new Promise((resolve) => setTimeout(resolve, 20));
        setDelay(0);
        await pointTo(v2);
        // Load: waves of concurrent requests before, during and after the swap.
        let stop = false;
        const statuses: number[] = [];
        const versions = new Set<string>();
        const load = (async () => {
          // Until two waves have run after the swap.
          for (let wave = 0, after = 0; after < 2; wave++, after += stop ? 1 : 0) {
            const responses = await Promise.all(
              Array.from({ length: 8 }, (_, i) =>
                i % 2 === 0
                  ? app.inject({ method: 'POST', url: '/classify', payload: { text: `buy a tent for wave ${wave} client ${i}` } })
                  : app.inject({ method: 'POST', url: '/classify/batch', payload: { texts: [`my router dropped wifi ${wave}`, `how do index funds work ${i}`] } }),
              ),
            );
            for (const response of responses) {
              statuses.push(response.statusCode);
              if (response.statusCode === 200) {
                const body = response.json();
                for (const envelope of body.results ?? [body]) versions.add(envelope.meta.artifact_version);
              }
            }
          }
        })();
        const reload = await app.inject({ method: 'POST', url: '/admin/reload' });
        stop = true;
        await load;
        expect(reload.statusCode).toBe(200);
        expect(reload.json()).toEqual({ outcome: 'reloaded', previous_version: v1, active_version: v2 });
        expect(statuses.length).toBeGreaterThan(0);
        expect(statuses.filter((status) => status !== 200)).toEqual([]);
        expect(versions.has(v2)).toBe(true);
        expect((await running).statusCode).toBe(200);
        expect(versionOf(await running)).toBe(v1);
        expect(versionOf(await app.inject({ method: 'POST', url: '/classify', payload: { text: 'after the reload' } }))).toBe(v2);
        expect((await app.inject({ url: '/version' })).json().artifact_version).toBe(v2);
        const metrics = (await app.inject({ url: '/metrics' })).body;
        expect(metrics).toContain(`query_intent_artifact_version_info{version="${v2}"} 1`);
        expect(metrics).not.toContain(`version="${v1}"`);
        expect(metrics).toMatch(/^query_intent_reloads_total\{outcome="reloaded"\} 1$/m);
        // Reloading the same pointer again changes nothing.
        expect((await app.inject({ method: 'POST', url: '/admin/reload' })).json().outcome).toBe('unchanged');
      } finally {
        await close();
      }
    },
    SERVER_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a corrupt new version and keeps the old one serving, saying why',
    async () => {
      const { app, logs, close } = await setUp(mode);
      try {
        const corrupt = 'vdeadbeef0001';
        const dir = join(test.config.paths.artifactsDir, corrupt);
        await cp(join(test.config.paths.artifactsDir, v2), dir, { recursive: true });
        const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
        await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, version: corrupt }));
        const weights = await readFile(join(dir, headWeightsFile('intent_type')));
        weights[0] = (weights[0] as number) ^ 0xff;
        await writeFile(join(dir, headWeightsFile('intent_type')), weights);
        await pointTo(corrupt);

        const reload = await app.inject({ method: 'POST', url: '/admin/reload' });
        expect(reload.statusCode).toBe(409);
        const { error } = reload.json();
        expect(error.code).toBe('reload_failed');
        expect(error.message).toMatch(/checksum/);
        expect(error.message).not.toContain(test.config.paths.artifactsDir);
        expect(error.details).toEqual({ active_version: v1 });
        const served = await app.inject({ method: 'POST', url: '/classify', payload: { text: 'still served' } });
        expect(served.statusCode).toBe(200);
        expect(versionOf(served)).toBe(v1);
        expect((await app.inject({ url: '/version' })).json().artifact_version).toBe(v1);
        expect((await app.inject({ url: '/metrics' })).body).toMatch(/^query_intent_reloads_total\{outcome="failed"\} 1$/m);
        expect(logs.lines().some((line) => line.level === 50 && String(line.msg).startsWith('reload failed'))).toBe(true);
      } finally {
        await close();
      }
    },
    SERVER_TEST_TIMEOUT_MS,
  );
});
