/**
 * The only file that listens. It loads the runtime in the background (so /health answers while the
 * artifacts load and the warm-up runs), sets the socket timeouts, binds HOST:PORT and wires graceful
 * shutdown: on SIGTERM/SIGINT (close-with-grace) it stops accepting connections, answers every
 * request in flight, drains the encoder batcher, disposes the encoder and exits 0; after
 * SHUTDOWN_TIMEOUT_MS it gives up and exits 1. A runtime that fails to load or warm up is logged and
 * the process exits 1. Run it with `npm start` or `query-intent serve`.
 */
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { isMainModule, runCli } from '../shared/cli-runner.js';
import { loadConfig, type AppConfig } from '../shared/config.js';
import { UserFacingError } from '../shared/errors.js';
import { loadClassifierRuntime, type ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { buildApp, type BuildAppOptions } from './app.js';
import type { ServiceState } from './classifier-service.js';
import { serveOverrides, withServeFlags } from './serve-flags.js';

/** How often idle sockets are closed while shutting down (they would otherwise hold close() open). */
const IDLE_SOCKET_SWEEP_MS = 50;
/** Node's full-request timeout sits this far above REQUEST_TIMEOUT_MS, so the app's 503 timeout answers first. */
const SOCKET_TIMEOUT_MARGIN_MS = 1_000;

export interface StartServerOptions {
  config: AppConfig;
  /** Default: loadClassifierRuntime(config) (the configured encoder and artifacts). */
  loadRuntime?: () => Promise<ClassifierRuntime>;
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
 * Sockets with no request in progress: keep-alive connections between requests, and connections a
 * client opened but has not used yet (Node's closeIdleConnections leaves the latter open, and they
 * would hold server.close() until the client drops them). Returns a function that destroys them.
 */
function trackIdleSockets(server: Server): () => void {
  const active = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    active.set(socket, 0);
    socket.once('close', () => active.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    active.set(socket, (active.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const count = active.get(socket);
      if (count !== undefined) active.set(socket, count - 1);
    });
  });
  return () => {
    for (const [socket, requests] of active) if (requests <= 0) socket.destroy();
  };
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  const { serving } = config;
  const runtime = (options.loadRuntime ?? (() => loadClassifierRuntime(config)))();
  runtime.catch(() => {}); // the classifier service records the failure; /health reports it
  const app = buildApp({ serving, runtime, logger: options.logger });

  app.server.requestTimeout = serving.requestTimeoutMs + SOCKET_TIMEOUT_MARGIN_MS;
  app.server.headersTimeout = Math.min(app.server.requestTimeout, 10_000 + SOCKET_TIMEOUT_MARGIN_MS);

  const closeIdleSockets = trackIdleSockets(app.server);
  try {
    await app.listen({ host: serving.host, port: serving.port });
  } catch (error) {
    await app.close();
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
    if (state === 'ready') {
      app.log.info({ system_version: app.classifier.runtime?.systemVersion, encoder: app.classifier.runtime?.encoder.id }, 'classifier ready');
    } else {
      app.log.error({ err: app.classifier.failure }, 'classifier failed to load');
    }
    return state;
  });

  let closing: Promise<void> | undefined;
  const shutdown = (reason: string) =>
    (closing ??= (async () => {
      app.log.info({ reason }, 'shutting down: refusing new connections, answering requests in flight');
      closeIdleSockets();
      const sweep = setInterval(closeIdleSockets, IDLE_SOCKET_SWEEP_MS);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      const loaded = await runtime.catch(() => undefined);
      await loaded?.encoder.dispose();
      app.log.info('shut down');
    })());

  const host = serving.host.includes(':') ? `[${serving.host}]` : serving.host;
  return { app, url: `http://${host}:${port}`, port, settled, shutdown };
}

/** SIGTERM/SIGINT (and uncaught errors) -> graceful shutdown, then exit 0 (1 after an error or the timeout). */
export function installGracefulShutdown(server: RunningServer, delayMs: number): { uninstall(): void } {
  const log = server.app.log;
  return closeWithGrace(
    {
      delay: delayMs,
      logger: { error: (message: unknown) => log.error(message) },
      onTimeout: (delay) => log.error(`shutdown did not finish within ${delay} ms; exiting`),
    },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'uncaught error; shutting down');
      await server.shutdown(signal ?? (err ? 'uncaught error' : 'exit'));
    },
  );
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

if (isMainModule(import.meta.url)) {
  await runCli(async () => {
    const args = await withServeFlags(yargs(hideBin(process.argv)).scriptName('server')).strict().help().parseAsync();
    await runServer(loadConfig(serveOverrides(args)));
  });
}
