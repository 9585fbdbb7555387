/**
 * A real listener on an ephemeral loopback port (serving/server.ts's startServer), called over HTTP:
 * the endpoints, malformed HTTP, and the graceful shutdown SIGTERM triggers (run in-process here
 * by calling the same shutdown function; test/serving/sigterm.test.ts sends the real signal).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exposureWarning, isLoopbackHost, startServer, type RunningServer } from '../../serving/server.js';
import { controlledEncoder, servingConfig, withEncoder, type ControlledEncoder } from '../helpers/serving.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';
import { SERVER_TEST_TIMEOUT_MS } from '../helpers/timeouts.js';

/** Encoder delay per batch while the shutdown test's burst is in flight. */
const ENCODER_DELAY_MS = 60;
const BURST = 16;

let test: TestRuntime;
let encoder: ControlledEncoder;
let server: RunningServer;

beforeAll(async () => {
  test = await createTestRuntime();
  encoder = controlledEncoder(test.runtime.encoder);
  const config = { ...test.config, serving: servingConfig({ host: '127.0.0.1', port: 0, batchMaxSize: 4 }) };
  server = await startServer({ config, loadRuntime: async () => withEncoder(test.runtime, encoder), logger: false });
  expect(await server.settled).toBe('ready');
}, SERVER_TEST_TIMEOUT_MS);

afterAll(async () => {
  await server?.shutdown('test end');
  await test?.cleanup();
});

/** Send raw bytes, collect everything the server answers until it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.setTimeout(SERVER_TEST_TIMEOUT_MS / 3, () => socket.destroy(new Error('raw exchange timed out')));
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('a real listener on 127.0.0.1:0', () => {
  it('listens on an ephemeral loopback port and answers over HTTP', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).status).toBe('ok');
    const classified = await fetch(`${server.url}/classify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'buy tent now with fast shipping' }) });
    expect(classified.status).toBe(200);
    expect(classified.headers.get('x-request-id')).toBeTruthy();
    expect((await classified.json()).model_output.classification.intent.type).toBeTypeOf('string');
    const version = await fetch(`${server.url}/version`);
    expect((await version.json()).artifact_version).toBe(test.runtime.artifacts.version);
  });

  it('answers malformed HTTP with the error body instead of dropping the connection', async () => {
    const answer = await rawExchange(server.port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: { code: 'invalid_request', message: 'malformed HTTP request' } });
  });

  it('answers a body that does not match its Content-Length with a 400, never a hang', async () => {
    const answer = await rawExchange(
      server.port,
      'POST /classify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{"text":"laptop"}',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('answers an oversized body with 413, whether or not Content-Length announces it', async () => {
    const big = JSON.stringify({ text: 'a'.repeat(200_000) });
    const announced = await fetch(`${server.url}/classify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(announced.status).toBe(413);
    expect((await announced.json()).error.code).toBe('payload_too_large');
    const chunked = await fetch(`${server.url}/classify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await chunked.json()).error).toEqual({ code: 'payload_too_large', message: 'request body too large: max 65536 bytes' });
  });

  it('shutdown answers every request in flight, then the listener is closed', async () => {
    encoder.delayMs = ENCODER_DELAY_MS;
    encoder.batches.length = 0;
    const burst = Array.from({ length: BURST }, (_, i) =>
      fetch(`${server.url}/classify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: `my laptop stopped working after the update ${i}` }) }).then(
        async (response) => ({ status: response.status, body: await response.json() }),
        (error: unknown) => ({ status: 0, body: String(error) }),
      ),
    );
    // Wait until the server holds the whole burst (the first batch is in the encoder, the rest queued).
    const inFlight = async () => (await server.app.serviceMetrics.inFlight.get()).values[0]?.value ?? 0;
    for (let i = 0; i < 400 && ((await inFlight()) < BURST || encoder.batches.length === 0); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await inFlight()).toBe(BURST);
    expect(encoder.batches.length).toBeGreaterThan(0);
    const shutdown = server.shutdown('SIGTERM (simulated)');
    const results = await Promise.all(burst);
    await shutdown;
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: BURST }, () => 200));
    expect(encoder.batches.reduce((a, b) => a + b, 0)).toBe(BURST);
    expect(server.app.server.listening).toBe(false);
    expect(await inFlight()).toBe(0);
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  }, SERVER_TEST_TIMEOUT_MS);
});

describe('timeouts over real HTTP', () => {
  const TIMEOUT_MS = 150;
  let slow: RunningServer;
  let slowEncoder: ControlledEncoder;
  beforeAll(async () => {
    slowEncoder = controlledEncoder(test.runtime.encoder);
    const config = { ...test.config, serving: servingConfig({ port: 0, requestTimeoutMs: TIMEOUT_MS, batchMaxSize: 1 }) };
    slow = await startServer({ config, loadRuntime: async () => withEncoder(test.runtime, slowEncoder), logger: false });
    expect(await slow.settled).toBe('ready');
  }, SERVER_TEST_TIMEOUT_MS);
  afterAll(async () => {
    slowEncoder.delayMs = 0;
    await slow?.shutdown('test end');
  });

  const inFlight = async () => (await slow.app.serviceMetrics.inFlight.get()).values[0]?.value ?? 0;
  const classify = (text: string, signal?: AbortSignal) =>
    fetch(`${slow.url}/classify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }), signal });

  it('answers 503 timeout when the encoder is too slow, and serves again after', async () => {
    slowEncoder.delayMs = TIMEOUT_MS * 2;
    const response = await classify('slow tent');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: 'timeout', message: `request not answered within the ${TIMEOUT_MS} ms limit` } });
    slowEncoder.delayMs = 0;
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 2));
    expect((await classify('fast tent')).status).toBe(200);
  });

  it('drops the queued work of a client that hangs up', async () => {
    slowEncoder.delayMs = 100;
    slowEncoder.batches.length = 0;
    const first = classify('first in line');
    const controller = new AbortController();
    const second = classify('second in line', controller.signal).catch((error: unknown) => error);
    for (let i = 0; i < 100 && (await inFlight()) < 2; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(await second).toBeInstanceOf(Error);
    expect((await first).status).toBe(200);
    for (let i = 0; i < 100 && (await inFlight()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await inFlight()).toBe(0);
    expect(slowEncoder.batches).toEqual([1]);
    slowEncoder.delayMs = 0;
  });
});

describe('exposure warning', () => {
  it('warns only for a non-loopback host without an API key', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'example.com']) expect(isLoopbackHost(host)).toBe(false);
    expect(exposureWarning('0.0.0.0', undefined)).toMatch(/non-loopback host 0\.0\.0\.0 without API_KEY/);
    expect(exposureWarning('0.0.0.0', 'a-long-key')).toBeUndefined();
    expect(exposureWarning('127.0.0.1', undefined)).toBeUndefined();
  });
});

describe('draining on shutdown', () => {
  /** A raw keep-alive connection: write requests, read whole responses (by Content-Length), see how it ends. */
  function keepAliveSocket(port: number) {
    const socket = connect({ host: '127.0.0.1', port });
    let buffer = '';
    let error: Error | undefined;
    let closed = false;
    const waiters: Array<() => void> = [];
    const wake = () => waiters.splice(0).forEach((w) => w());
    socket.on('data', (chunk) => {
      buffer += String(chunk);
      wake();
    });
    socket.on('error', (e) => {
      error = e;
      wake();
    });
    socket.on('close', () => {
      closed = true;
      wake();
    });
    const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    /** The next complete response, or undefined when the connection ended first. */
    const response = async (): Promise<{ status: number; headers: string; body: string } | undefined> => {
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end >= 0) {
          const headers = buffer.slice(0, end);
          const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
          if (buffer.length >= end + 4 + length) {
            const body = buffer.slice(end + 4, end + 4 + length);
            buffer = buffer.slice(end + 4 + length);
            return { status: Number(headers.slice(9, 12)), headers: headers.toLowerCase(), body };
          }
        }
        if (closed || error) return undefined;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    };
    return { socket, opened, response, error: () => error, closed: () => closed };
  }
  const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`;
  const post = (text: string) => {
    const body = JSON.stringify({ text });
    return `POST /classify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  };

  it(
    'answers a request sent on a kept-alive connection during the drain with 503 not_ready and Connection: close, never a reset',
    async () => {
      const drainEncoder = controlledEncoder(test.runtime.encoder);
      const config = { ...test.config, serving: servingConfig({ port: 0 }) };
      const draining = await startServer({ config, loadRuntime: async () => withEncoder(test.runtime, drainEncoder), logger: false });
      expect(await draining.settled).toBe('ready');
      const busy = keepAliveSocket(draining.port);
      const reused = keepAliveSocket(draining.port);
      const unused = keepAliveSocket(draining.port);
      await Promise.all([busy.opened, reused.opened, unused.opened]);
      reused.socket.write(get('/health'));
      expect((await reused.response())?.status).toBe(200);

      drainEncoder.delayMs = 300;
      drainEncoder.batches.length = 0;
      busy.socket.write(post('buy a tent now'));
      for (let i = 0; i < 200 && drainEncoder.batches.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
      const shutdown = draining.shutdown('SIGTERM (simulated)');
      // Just after the signal, the client reuses its idle keep-alive connection, as load generators do.
      reused.socket.write(get('/health'));
      const refused = await reused.response();
      expect(refused?.status).toBe(503);
      expect(refused?.headers).toContain('connection: close');
      expect(JSON.parse(refused?.body ?? '{}').error.code).toBe('not_ready');
      const served = await busy.response();
      expect(served?.status).toBe(200);
      expect(served?.headers).toContain('connection: close');
      await shutdown;
      // Every connection ended without an error: no reset, the unused one closed by the idle sweep.
      await vi.waitFor(() => expect([busy.closed(), reused.closed(), unused.closed()]).toEqual([true, true, true]));
      expect([busy.error(), reused.error(), unused.error()]).toEqual([undefined, undefined, undefined]);
      expect(draining.app.server.listening).toBe(false);
    },
    SERVER_TEST_TIMEOUT_MS,
  );
});
