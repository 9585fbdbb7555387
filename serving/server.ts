/**
 * The only file that listens. It starts the encoder worker pool (ENCODER_WORKERS threads, default
 * one per core) and loads the runtime in the background (so /health answers while the artifacts
 * load and the warm-up runs), sets the socket timeouts, binds HOST:PORT and wires graceful shutdown:
 * on SIGTERM/SIGINT (close-with-grace) it stops accepting connections, answers every request in
 * flight, answers requests that still arrive on open keep-alive connections with 503 not_ready and
 * `Connection: close` (it never resets a connection a client may be writing to), drains the encoder
 * batcher, stops the workers and exits 0; after SHUTDOWN_TIMEOUT_MS it gives up and exits 1. A
 * runtime that fails to load or warm up is logged and the process exits 1; a degraded one logs a
 * warning per missing part. Run it with `npm start` (compiled, from dist/) or `npm run dev`.
 */
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { type AppConfig } from '../shared/config.js';
import { UserFacingError } from '../shared/errors.js';
import { loadClassifierRuntime, type ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { buildApp, type BuildAppOptions } from './app.js';
import { degradedReasons, type ServiceState } from './classifier-service.js';
import { createEncoderPool, type EncoderPool, type PoolLog } from './encoder-pool.js';

/** How often idle keep-alive sockets are checked while shutting down (they would otherwise hold close() open). */
const IDLE_SOCKET_SWEEP_MS = 25;
/**
 * While shutting down, a keep-alive socket is closed only after it has carried no request for this
 * long: a client that reuses it sooner gets its 503 not_ready (Connection: close) instead of a reset.
 * Clients under load send their next request within a millisecond of the previous answer.
 */
const IDLE_SOCKET_GRACE_MS = 300;
/** Node's full-request timeout sits this far above REQUEST_TIMEOUT_MS, so the app's 503 timeout answers first. */
const SOCKET_TIMEOUT_MARGIN_MS = 1_000;

export interface StartServerOptions {
  config: AppConfig;
  /**
   * Default: the configured encoder and artifacts, the encoder in config.serving.encoderWorkers
   * worker threads (on the main thread when 0). A custom loader runs its encoder on the main thread
   * unless `encoderPool` is given too.
   */
  loadRuntime?: () => Promise<ClassifierRuntime>;
  /** Start the encoder pool (default: createEncoderPool over the configured encoder and artifacts). */
  encoderPool?: (log: PoolLog) => EncoderPool;
  /** Hot reload's loader (default: the configured artifacts on the active encoder; none with a custom loadRuntime). */
  reloadRuntime?: (active: ClassifierRuntime) => Promise<ClassifierRuntime>;
  logger?: BuildAppOptions['logger'];
}

export interface RunningServer {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  /** Resolves `ready` after loading and warm-up, or `failed`. */
  settled: Promise<ServiceState>;
  /** Stop accepting connections, answer in-flight requests, drain, dispose the encoder. Idempotent. */
  shutdown(reason: string): Promise<void>;
}

/** True for hosts only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/** The start-up warning for a server reachable from other machines without an API key. */
export function exposureWarning(host: string, apiKey: string | undefined): string | undefined {
  if (apiKey !== undefined || isLoopbackHost(host)) return undefined;
  return `listening on non-loopback host ${host} without API_KEY: every route is open to anyone who can reach this port`;
}

/**
 * Per socket: requests in progress and when the last one ended. While shutting down, sockets idle
 * for IDLE_SOCKET_GRACE_MS are closed (keep-alive connections between requests, and connections a
 * client opened but never used, which would hold server.close() open); a busy or recently used
 * socket stays open, so a request written to it is parsed and answered (503 not_ready, Connection:
 * close) rather than reset. Returns the sweep.
 */
function trackIdleSockets(server: Server): (graceMs: number) => void {
  const sockets = new Map<Socket, { requests: number; idleSince: number }>();
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { requests: 0, idleSince: performance.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = sockets.get(request.socket);
    if (!state) return;
    state.requests += 1;
    response.once('close', () => {
      state.requests -= 1;
      state.idleSince = performance.now();
    });
  });
  return (graceMs) => {
    const now = performance.now();
    for (const [socket, state] of sockets) if (state.requests <= 0 && now - state.idleSince >= graceMs) socket.destroy();
  };
}

/** The encoder pool's log lines, through the app's logger. */
function poolLog(app: FastifyInstance): PoolLog {
  return {
    info: (fields, message) => app.log.info(fields, message),
    warn: (fields, message) => app.log.warn(fields, message),
    error: (fields, message) => app.log.error(fields, message),
  };
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  const { serving } = config;
  // The pool logs through the app's logger, which exists only once the app does.
  let log: PoolLog = { info: () => {}, warn: () => {}, error: () => {} };
  const forward: PoolLog = { info: (f, m) => log.info(f, m), warn: (f, m) => log.warn(f, m), error: (f, m) => log.error(f, m) };
  const pool = options.encoderPool
    ? options.encoderPool(forward)
    : !options.loadRuntime && serving.encoderWorkers > 0
      ? createEncoderPool({ size: serving.encoderWorkers, config, log: forward })
      : undefined;
  const runtime =
    options.loadRuntime?.() ??
    (pool ? pool.ready.then((encoder) => loadClassifierRuntime(config, { encoder: pool.encoder(encoder) })) : loadClassifierRuntime(config));
  runtime.catch(() => {}); // the classifier service records the failure; /health reports it
  const reloadRuntime = options.reloadRuntime ?? (options.loadRuntime ? undefined : (active: ClassifierRuntime) => loadClassifierRuntime(config, { encoder: active.encoder }));
  const app = buildApp({ serving, runtime, logger: options.logger, ...(pool ? { encoderPool: pool } : {}), ...(reloadRuntime ? { reloadRuntime } : {}) });
  log = poolLog(app);

  app.server.requestTimeout = serving.requestTimeoutMs + SOCKET_TIMEOUT_MARGIN_MS;
  app.server.headersTimeout = Math.min(app.server.requestTimeout, 10_000 + SOCKET_TIMEOUT_MARGIN_MS);

  const closeIdleSockets = trackIdleSockets(app.server);
  try {
    await app.listen({ host: serving.host, port: serving.port });
  } catch (error) {
    await app.close();
    await pool?.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new UserFacingError(`cannot listen on ${serving.host}:${serving.port} (${code}); set HOST / PORT or --host / --port`);
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : serving.port;
  const warning = exposureWarning(serving.host, serving.apiKey);
  if (warning) app.log.warn(warning);

  const settled = app.classifier.settled.then((state) => {
    const loaded = app.classifier.runtime;
    if (state === 'ready' && loaded) {
      app.log.info({ system_version: loaded.systemVersion, encoder: loaded.encoder.id, encoder_workers: pool?.size ?? 0 }, 'classifier ready');
      for (const reason of degradedReasons(loaded)) app.log.warn({ reason }, `degraded: ${reason}`);
    } else {
      app.log.error({ err: app.classifier.failure }, 'classifier failed to load');
    }
    return state;
  });

  let closing: Promise<void> | undefined;
  const shutdown = (reason: string) =>
    (closing ??= (async () => {
      app.log.info({ reason }, 'shutting down: refusing new connections, answering requests in flight');
      // Node's server.close() (and Fastify's forceCloseConnections) would destroy every idle
      // keep-alive socket at once, resetting requests clients are writing to them right now; the
      // sweep below closes them once they have been quiet for IDLE_SOCKET_GRACE_MS instead.
      app.server.closeIdleConnections = () => {};
      const sweep = setInterval(() => closeIdleSockets(IDLE_SOCKET_GRACE_MS), IDLE_SOCKET_SWEEP_MS);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      const loaded = await runtime.catch(() => undefined);
      if (loaded) await loaded.encoder.dispose();
      else await pool?.close();
      app.log.info('shut down');
    })());

  const host = serving.host.includes(':') ? `[${serving.host}]` : serving.host;
  return { app, url: `http://${host}:${port}`, port, settled, shutdown };
}

/** Signals that start a graceful shutdown. */
const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT'] as const;
/**
 * A repeat of a shutdown signal within this long is the same request arriving twice (a signal sent to
 * the process group reaches node directly and again through npm, which forwards it); a later repeat
 * forces exit 1.
 */
const REPEATED_SIGNAL_WINDOW_MS = 2_000;

/**
 * SIGTERM/SIGINT (and uncaught errors, via close-with-grace) -> graceful shutdown, then exit 0 (1
 * after an error or SHUTDOWN_TIMEOUT_MS). SIGHUP -> hot reload (as POST /admin/reload).
 */
export function installGracefulShutdown(server: RunningServer, delayMs: number): { uninstall(): void } {
  const log = server.app.log;
  let reason: string | undefined;
  let firstSignalAt = 0;
  const grace = closeWithGrace(
    {
      delay: delayMs,
      // SIGTERM/SIGINT are handled below (repeats tolerated), SIGHUP reloads; the other signals close-with-grace knows shut down.
      skip: [...SHUTDOWN_SIGNALS, 'SIGHUP'],
      logger: { error: (message: unknown) => log.error(message) },
      onTimeout: (delay) => log.error(`shutdown did not finish within ${delay} ms; exiting`),
    },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'uncaught error; shutting down');
      await server.shutdown(reason ?? signal ?? (err ? 'uncaught error' : 'exit'));
    },
  );
  const onSignal = (signal: NodeJS.Signals) => {
    if (reason === undefined) {
      reason = signal;
      firstSignalAt = performance.now();
      void grace.close();
    } else if (performance.now() - firstSignalAt < REPEATED_SIGNAL_WINDOW_MS) {
      log.info({ signal }, 'already shutting down');
    } else {
      log.error({ signal }, `second ${signal} while shutting down; exiting now`);
      process.exit(1);
    }
  };
  const onHangUp = () => {
    log.info('SIGHUP: reloading the artifact version artifacts/current.json names');
    void server.app.classifier.reload(); // the service logs and counts the outcome
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, onSignal);
  process.on('SIGHUP', onHangUp);
  return {
    uninstall() {
      grace.uninstall();
      for (const signal of SHUTDOWN_SIGNALS) process.removeListener(signal, onSignal);
      process.removeListener('SIGHUP', onHangUp);
    },
  };
}

/** `npm start` / `query-intent serve`: listen, load, and exit 1 if the classifier cannot load. */
export async function runServer(config: AppConfig): Promise<RunningServer> {
  const server = await startServer({ config });
  installGracefulShutdown(server, config.serving.shutdownTimeoutMs);
  server.app.log.info({ url: server.url }, 'listening; loading artifacts');
  if ((await server.settled) === 'failed') {
    await server.shutdown('classifier failed to load');
    process.exit(1);
  }
  return server;
}
