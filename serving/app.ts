/**
 * The HTTP app, as a plugin (`servicePlugin`) and a factory (`buildApp`) that tests drive with
 * `app.inject`. It never listens: serving/server.ts does that, sets the socket timeouts and wires
 * graceful shutdown. Cross-cutting concerns are plugins (plugins/), each route has its own file
 * (routes/), and every request and response is checked against the JSON Schemas in schemas/.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServingConfig } from '../shared/config.js';
import type { ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { ApiError } from './api-error.js';
import { createClassifierService, degradedReasons, type ClassifierService } from './classifier-service.js';
import type { EncoderPool } from './encoder-pool.js';
import { authPlugin, OPEN_ROUTES } from './plugins/auth.js';
import { clientErrorHandler, errorsPlugin } from './plugins/errors.js';
import fp from 'fastify-plugin';
import { docsPlugin } from './plugins/docs.js';
import { limitsPlugin } from './plugins/limits.js';
import { createServiceMetrics, metricsPlugin, type ServiceMetrics } from './plugins/metrics.js';
import { requestId, requestLoggingPlugin } from './plugins/request-logging.js';
import { adminReloadRoute } from './routes/admin-reload.js';
import { classifyBatchRoute } from './routes/classify-batch.js';
import { classifyRoute } from './routes/classify.js';
import { healthRoute } from './routes/health.js';
import { metricsRoute } from './routes/metrics.js';
import { versionRoute } from './routes/version.js';
import { schemaCompilers } from './schemas.js';

declare module 'fastify' {
  interface FastifyInstance {
    classifier: ClassifierService;
    serviceMetrics: ServiceMetrics;
    servingConfig: ServingConfig;
  }
}

export interface ServiceOptions {
  serving: ServingConfig;
  /** A loaded runtime, or the promise of one: /health answers `unavailable` until it has loaded and warmed up. */
  runtime: ClassifierRuntime | Promise<ClassifierRuntime>;
  /** Encoder worker threads (serving/server.ts starts them); without a pool the encoder runs on the main thread. */
  encoderPool?: EncoderPool;
  /** Hot reload (SIGHUP, POST /admin/reload): load the version current.json names on the active encoder. Absent: reload answers 409. */
  reloadRuntime?: (active: ClassifierRuntime) => Promise<ClassifierRuntime>;
}

/** Everything the service adds to a Fastify instance. */
export const servicePlugin = fp<ServiceOptions>(async (app, options) => {
  const { serving } = options;
  const metrics = createServiceMetrics();
  const classifier = createClassifierService({
    runtime: options.runtime,
    batchMaxSize: serving.batchMaxSize,
    ...(options.encoderPool ? { encoderPool: options.encoderPool } : {}),
    ...(options.reloadRuntime ? { reloadRuntime: options.reloadRuntime } : {}),
    onBatch: (info) => metrics.observeBatch(info),
    onReload: (result) => {
      metrics.countReload(result.outcome);
      if (result.outcome === 'failed') app.log.error({ ...result }, `reload failed; version ${result.active_version} keeps serving: ${result.error}`);
      else app.log.info({ ...result }, result.outcome === 'reloaded' ? `reloaded: ${result.previous_version} -> ${result.active_version}` : `reload: ${result.active_version} is already active`);
      const active = classifier.runtime;
      if (result.outcome === 'reloaded' && active) for (const reason of degradedReasons(active)) app.log.warn({ reason }, `degraded: ${reason}`);
    },
  });
  metrics.watchWorkers(() => classifier.workers());
  metrics.watchVersion(() => classifier.runtime?.artifacts.version);
  app.decorate('classifier', classifier);
  app.decorate('serviceMetrics', metrics);
  app.decorate('servingConfig', serving);

  const { validatorCompiler, serializerCompiler } = schemaCompilers();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Shutdown: requests arriving after close() started get 503 not_ready and Connection: close;
  // requests already in flight are answered (with Connection: close) before the server closes.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new ApiError('not_ready', 'the service is shutting down', undefined, { 'retry-after': '1' });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await classifier.drain();
  });

  await app.register(errorsPlugin, { bodyLimitBytes: serving.bodyLimitBytes });
  // Before the routes: @fastify/swagger documents the routes registered after it.
  await app.register(docsPlugin, { isProtected: (url) => !OPEN_ROUTES.has(url) });
  await app.register(requestLoggingPlugin, { logQueries: serving.logQueries, hashSecret: serving.logHashSecret });
  await app.register(metricsPlugin, { metrics });
  await app.register(authPlugin, { apiKey: serving.apiKey });
  await app.register(limitsPlugin, { requestTimeoutMs: serving.requestTimeoutMs });

  await app.register(classifyRoute);
  await app.register(classifyBatchRoute);
  await app.register(healthRoute);
  await app.register(versionRoute);
  await app.register(metricsRoute);
  await app.register(adminReloadRoute);
}, { name: 'query-intent' });

export interface BuildAppOptions extends ServiceOptions {
  /** Fastify's `logger` option (default: pino at serving.logLevel), or a ready pino instance. */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
}

/** A Fastify instance with the service registered; call `ready()` or `inject()` on it. */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { serving } = options;
  const logger = options.logger ?? { level: serving.logLevel };
  const isInstance = typeof logger === 'object' && logger !== null && typeof (logger as FastifyBaseLogger).child === 'function';
  const app = Fastify({
    ...(isInstance ? { loggerInstance: logger as FastifyBaseLogger } : { logger: logger as FastifyServerOptions['logger'] }),
    genReqId: requestId,
    bodyLimit: serving.bodyLimitBytes,
    clientErrorHandler,
    return503OnClosing: false,
    // Only exact paths; /classify/ is 404, not an alias.
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
  });
  void app.register(servicePlugin, {
    serving,
    runtime: options.runtime,
    ...(options.encoderPool ? { encoderPool: options.encoderPool } : {}),
    ...(options.reloadRuntime ? { reloadRuntime: options.reloadRuntime } : {}),
  });
  return app;
}
