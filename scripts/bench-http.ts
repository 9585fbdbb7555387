/**
 * `npm run bench:http`: the HTTP service under load, on loopback only. Starts serving/server.ts's
 * startServer in this process on 127.0.0.1 (ephemeral port) with the configured encoder (default:
 * USE lite) and the artifacts artifacts/current.json names, waits for the warm-up, then drives
 * POST /classify with autocannon for a bounded time per run: 1 connection (latency p50/p95/p99),
 * then 8 and 32 connections (requests/second). Also prints the mean encoder batch size of each run,
 * which shows the dynamic batcher at work. Run by hand; no test calls it.
 */
import autocannon from 'autocannon';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { runCli } from '../shared/cli-runner.js';
import { loadConfig } from '../shared/config.js';
import { encoderOverrides, withEncoderFlags } from '../shared/encoder/encoder-options.js';
import { UserFacingError } from '../shared/errors.js';
import { startServer } from '../serving/server.js';
import { BENCH_QUERIES as QUERIES } from './bench-queries.js';

const MAX_DURATION_S = 120;
const WARM_UP_S = 2;

interface RunResult {
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  meanBatch: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Sum and count of the encoder batch-size histogram, from the server's own metrics. */
async function batchTotals(server: Awaited<ReturnType<typeof startServer>>): Promise<{ sum: number; count: number }> {
  const metric = await server.app.serviceMetrics.registry.getSingleMetric('query_intent_encoder_batch_size')?.get();
  // Histogram values carry the series name (…_sum, …_count) next to the labels.
  const values = (metric?.values ?? []) as Array<{ metricName?: string; value: number }>;
  const value = (suffix: string) => values.find((v) => v.metricName === `query_intent_encoder_batch_size_${suffix}`)?.value ?? 0;
  return { sum: value('sum'), count: value('count') };
}

function cannon(url: string, connections: number, durationS: number, onLatency: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/classify`,
        connections,
        duration: durationS,
        timeout: 30,
        requests: QUERIES.map((text) => ({ method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) onLatency(responseTime);
    });
  });
}

await runCli(async () => {
  const args = await withEncoderFlags(yargs(hideBin(process.argv)))
    .option('duration', { type: 'number', default: 10, describe: `seconds per run (max ${MAX_DURATION_S})` })
    .option('connections', { type: 'array', default: [1, 8, 32], describe: 'concurrent clients per run' })
    .option('batch-max-size', { type: 'number', describe: 'override BATCH_MAX_SIZE' })
    .option('batch-max-wait-ms', { type: 'number', describe: 'override BATCH_MAX_WAIT_MS' })
    .strict()
    .parseAsync();
  if (!(args.duration > 0 && args.duration <= MAX_DURATION_S)) throw new UserFacingError(`--duration must be in (0, ${MAX_DURATION_S}]; given ${args.duration}`);
  const connectionCounts = args.connections.map(Number);
  if (connectionCounts.some((n) => !Number.isInteger(n) || n < 1 || n > 256)) throw new UserFacingError(`--connections must be integers from 1 to 256; given ${connectionCounts.join(', ')}`);

  const base = loadConfig(encoderOverrides(args));
  const config = {
    ...base,
    serving: {
      ...base.serving,
      host: '127.0.0.1',
      port: 0,
      logLevel: 'warn' as const,
      apiKey: undefined,
      ...(args['batch-max-size'] !== undefined ? { batchMaxSize: args['batch-max-size'] } : {}),
      ...(args['batch-max-wait-ms'] !== undefined ? { batchMaxWaitMs: args['batch-max-wait-ms'] } : {}),
    },
  };
  const started = performance.now();
  const server = await startServer({ config });
  try {
    if ((await server.settled) !== 'ready') throw new UserFacingError(`the classifier failed to load: ${server.app.classifier.failure?.message}`);
    const runtime = server.app.classifier.runtime;
    console.log(`artifact ${runtime?.artifacts.version}, encoder ${runtime?.encoder.id}; ready in ${Math.round(performance.now() - started)} ms`);
    console.log(`batcher: max size ${config.serving.batchMaxSize}, max wait ${config.serving.batchMaxWaitMs} ms; ${args.duration} s per run on ${server.url}`);
    await cannon(server.url, 4, WARM_UP_S, () => {});

    const results: RunResult[] = [];
    for (const connections of connectionCounts) {
      const latencies: number[] = [];
      const before = await batchTotals(server);
      const result = await cannon(server.url, connections, args.duration, (ms) => latencies.push(ms));
      const after = await batchTotals(server);
      latencies.sort((a, b) => a - b);
      results.push({
        connections,
        requests: result.requests.total,
        rps: result.requests.total / result.duration,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        errors: result.errors,
        non2xx: result.non2xx,
        meanBatch: (after.sum - before.sum) / Math.max(1, after.count - before.count),
      });
    }

    console.log('\nconnections   requests     req/s   p50 ms   p95 ms   p99 ms   mean batch   errors   non-2xx');
    for (const r of results) {
      console.log(
        `${String(r.connections).padStart(11)} ${String(r.requests).padStart(10)} ${r.rps.toFixed(1).padStart(9)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.meanBatch.toFixed(1).padStart(12)} ${String(r.errors).padStart(8)} ${String(r.non2xx).padStart(9)}`,
      );
    }
  } finally {
    await server.shutdown('benchmark done');
  }
});
