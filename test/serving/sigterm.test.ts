/**
 * SIGTERM during a burst: a child process runs serving/server.ts's startServer with its
 * close-with-grace wiring (test/serving/fixtures/child-server.ts: fixture artifacts, stub encoder
 * slowed per batch). Once the child holds the whole burst, the test sends a real SIGTERM and checks
 * that every request got its 200, the process exited 0, and the port is closed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../shared/config.js';
import { train } from '../../training/train.js';
import { stubEncoder } from '../helpers/stub-encoder.js';
import { CHILD_PROCESS_WAIT_MS, SERVER_TEST_TIMEOUT_MS } from '../helpers/timeouts.js';
import { fixtureConfig, taxonomyFixture, writeIntentFixture } from '../helpers/training-fixture.js';

const CHILD_SCRIPT = fileURLToPath(new URL('./fixtures/child-server.ts', import.meta.url));
const BURST = 12;
/** Per encoder batch in the child; batches hold 4 texts, so the burst takes about 3 x this. */
const ENCODER_DELAY_MS = 150;
const POLL_MS = 10;

let root: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'qi-sigterm-'));
  await train({ config: fixtureConfig(root), dataFile: await writeIntentFixture(root), encoder: stubEncoder(), taxonomy: taxonomyFixture(), log: () => {} });
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

/** Resolve with the first stdout line, or reject on exit or after `ms`. */
function firstLine(proc: ChildProcess, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`child printed no address within ${ms} ms; stderr: ${err.slice(-2000)}`)), ms);
    proc.stderr?.on('data', (chunk) => (err += String(chunk)));
    proc.stdout?.on('data', (chunk) => {
      out += String(chunk);
      const end = out.indexOf('\n');
      if (end >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, end));
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child exited with ${code} before printing its address; stderr: ${err.slice(-2000)}`));
    });
  });
}

async function inFlight(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^http_requests_in_flight (\d+)$/m.exec(text)?.[1] ?? 0);
}

describe('SIGTERM', () => {
  it(
    'answers every request in flight, then exits 0 and stops listening',
    async () => {
      child = spawn(process.execPath, ['--import', 'tsx', CHILD_SCRIPT], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, CHILD_FIXTURE_ROOT: root, CHILD_ENCODER_DELAY_MS: String(ENCODER_DELAY_MS), QUIET: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const { url } = JSON.parse(await firstLine(child, CHILD_PROCESS_WAIT_MS)) as { url: string };
      const exited = once(child, 'exit');

      const burst = Array.from({ length: BURST }, (_, i) =>
        fetch(`${url}/classify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: `buy laptop now with fast shipping ${i}` }) }).then(
          async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }),
          (error: unknown) => ({ status: 0, body: { error: String(error) } }),
        ),
      );
      // The whole burst is inside the server (the /metrics request itself counts one more).
      let held = 0;
      for (let i = 0; i * POLL_MS < CHILD_PROCESS_WAIT_MS && held < BURST + 1; i++) {
        held = await inFlight(url);
        if (held < BURST + 1) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      expect(held).toBe(BURST + 1);

      child.kill('SIGTERM');
      const results = await Promise.all(burst);
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: BURST }, () => 200));
      expect(results.every((r) => 'model_output' in r.body)).toBe(true);

      const [code, signal] = (await Promise.race([exited, new Promise((_, reject) => setTimeout(() => reject(new Error('child did not exit')), CHILD_PROCESS_WAIT_MS))])) as [number | null, string | null];
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      await expect(fetch(`${url}/health`)).rejects.toThrow();
    },
    SERVER_TEST_TIMEOUT_MS,
  );
});
