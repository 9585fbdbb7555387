/**
 * Prometheus metrics (prom-client), one registry per app: request counts and latency per route and
 * status, encoder batch sizes and durations (the dynamic batcher), fallback reasons and monetization
 * eligibility per value, plus the process defaults. GET /metrics (routes/metrics.ts) serves them.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Envelope } from '../../shared/envelope/envelope-types.js';
import { FALLBACK_REASONS } from '../../shared/policy/fallback.js';
import { MONETIZATION_ELIGIBILITIES } from '../../shared/policy/policy.js';
import type { BatchInfo } from '../classifier-service.js';
import type { EncoderPoolStats } from '../encoder-pool.js';
import fp from 'fastify-plugin';

/** Route label of requests no route matched (404/405), so arbitrary URLs cannot grow the label set. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface ServiceMetrics {
  registry: Registry;
  /** Requests received and not yet answered. */
  inFlight: Gauge;
  observeRequest(labels: { method: string; route: string; status_code: string }, seconds: number): void;
  observeBatch(info: BatchInfo): void;
  countEnvelope(envelope: Envelope): void;
  /** Where the encoder-worker gauges read from (unset: no pool, the gauges stay absent). */
  watchWorkers(stats: () => EncoderPoolStats | undefined): void;
  /** Where the active artifact version gauge reads from. */
  watchVersion(version: () => string | undefined): void;
  countReload(outcome: 'reloaded' | 'unchanged' | 'failed'): void;
}

export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests by route and status', labelNames: ['method', 'route', 'status_code'], registers: [registry] });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({ name: 'http_requests_in_flight', help: 'Requests received and not yet answered', registers: [registry] });
  const batchSize = new Histogram({
    name: 'query_intent_encoder_batch_size',
    help: 'Texts per encoder call made by the dynamic batcher',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [registry],
  });
  const batchDuration = new Histogram({
    name: 'query_intent_encoder_batch_duration_seconds',
    help: 'Duration of one batch of the dynamic batcher: the encoder call plus batched ad_content scoring',
    buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2],
    registers: [registry],
  });
  const batchErrors = new Counter({ name: 'query_intent_encoder_batch_errors_total', help: 'Encoder calls that failed', registers: [registry] });
  const fallbacks = new Counter({ name: 'query_intent_fallback_total', help: 'Classified texts by fallback reason (none: no fallback)', labelNames: ['reason'], registers: [registry] });
  const eligibility = new Counter({
    name: 'query_intent_monetization_eligibility_total',
    help: 'Classified texts by monetization eligibility',
    labelNames: ['monetization_eligibility'],
    registers: [registry],
  });
  let activeVersion: () => string | undefined = () => undefined;
  new Gauge({
    name: 'query_intent_artifact_version_info',
    help: 'The artifact version serving new requests (value 1; the version is the label)',
    labelNames: ['version'],
    registers: [registry],
    collect() {
      this.reset();
      const version = activeVersion();
      if (version) this.set({ version }, 1);
    },
  });
  const reloads = new Counter({ name: 'query_intent_reloads_total', help: 'Hot reloads (SIGHUP, POST /admin/reload) by outcome', labelNames: ['outcome'], registers: [registry] });
  for (const outcome of ['reloaded', 'unchanged', 'failed']) reloads.inc({ outcome }, 0);
  let workerStats: () => EncoderPoolStats | undefined = () => undefined;
  new Gauge({
    name: 'query_intent_encoder_workers',
    help: 'Encoder worker threads by state (size: configured; ready: able to take a batch; busy: running one)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = workerStats();
      if (!stats) return;
      this.set({ state: 'size' }, stats.size);
      this.set({ state: 'ready' }, stats.ready);
      this.set({ state: 'busy' }, stats.busy);
    },
  });
  new Gauge({
    name: 'query_intent_encoder_worker_crashes',
    help: 'Encoder workers that died after starting (each was replaced)',
    registers: [registry],
    collect() {
      const stats = workerStats();
      if (stats) this.set(stats.crashes);
    },
  });
  // Every value shows up from the start (at 0), so dashboards need no special cases.
  for (const reason of ['none', ...FALLBACK_REASONS]) fallbacks.inc({ reason }, 0);
  for (const value of MONETIZATION_ELIGIBILITIES) eligibility.inc({ monetization_eligibility: value }, 0);

  return {
    registry,
    inFlight,
    observeRequest(labels, seconds) {
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    observeBatch({ size, durationMs, error }) {
      batchSize.observe(size);
      batchDuration.observe(durationMs / 1000);
      if (error !== undefined) batchErrors.inc();
    },
    watchWorkers(stats) {
      workerStats = stats;
    },
    watchVersion(version) {
      activeVersion = version;
    },
    countReload(outcome) {
      reloads.inc({ outcome });
    },
    countEnvelope(envelope) {
      fallbacks.inc({ reason: envelope.model_output.fallback?.reason ?? 'none' });
      eligibility.inc({ monetization_eligibility: envelope.system_decision.policy.monetization_eligibility });
    },
  };
}

export interface MetricsPluginOptions {
  metrics: ServiceMetrics;
}

export const metricsPlugin = fp<MetricsPluginOptions>(async (app, { metrics }) => {
  app.addHook('onRequest', async (_request, reply) => {
    metrics.inFlight.inc();
    // 'close' fires once whether the response finished or the client went away.
    reply.raw.once('close', () => metrics.inFlight.dec());
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    metrics.observeRequest({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}, { name: 'metrics' });
