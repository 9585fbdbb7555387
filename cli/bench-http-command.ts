/**
 * `npm run bench:http`: the HTTP service under load, measured from outside. The compiled server
 * (`node dist/cli/server-main.js`, what `npm start` runs) runs as a child process, driven by
 * autocannon from this process with the texts of data/intent/test.jsonl (varied, realistic). A run
 * has rounds (3 by default); each round measures
 *  1. the bare encoder in this process while the server idles: one text per call (median ms), calls
 *     of 32 consecutive texts on one thread (texts/s: the single-thread batched limit, the batches a
 *     server gets), and one call of 512 texts that the encoder groups by padded length (texts/s: its
 *     best case, which no server sees);
 *  2. the server: latency p50/p95/p99 and requests/s at 1, 8 and 32 clients, the mean encoder batch and
 *     how busy the encoders were,
 *     the CPU of server and load generator, the server's RSS.
 * Machine speed drifts by tens of percent over minutes on shared hosts, so each round's ratios (p50 one
 * client / one bare call; 32-client throughput / single-thread batched limit) use that round's bare
 * figures, and their medians are printed. Then, once, saturation: 8 clients each sending maximum-size
 * /classify/batch requests (64 texts of about 950 characters) while another client polls /health
 * every 20 ms: /health latency p50/p99/max and whether any batch was answered past REQUEST_TIMEOUT_MS.
 * Run by hand; no test calls it.
 */
import { textTable } from '../shared/text-table.js';
import type autocannon from 'autocannon';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { defineCommand } from './define-command.js';
import { loadConfig, PROJECT_ROOT } from '../shared/config.js';
import { createEncoder } from '../shared/encoder/create-encoder.js';
import type { Encoder } from '../shared/encoder/encoder.js';
import { encoderOverrides, withEncoderFlags } from './encoder-flags.js';
import { UserFacingError } from '../shared/errors.js';
import { cpuSecondsOf, memoryOf, SERVER_ENTRY_PATH, startServerProcess, textsOf, type ServerProcess } from './bench/server-process.js';

const MAX_DURATION_S = 120;
const WARM_UP_S = 3;
const BARE_SINGLE_CALLS = 200;
const BARE_BATCH = 32;
const BARE_BATCH_TEXTS = 512;
const SATURATION_CLIENTS = 8;
const SATURATION_BATCH = 64;
const SATURATION_TEXT_CHARS = 950;
const HEALTH_POLL_MS = 20;

interface RunResult {
  round: number;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  meanBatch: number;
  /** Mean time of one batch in an encoder worker (encoder call plus ad_content scoring). */
  batchMs: number;
  /** Share of the run the encoders spent on batches (sum of batch times over encoders x wall time): what throughput can still gain from keeping them busy. */
  encoderBusy: number;
  rssMb: number;
  /** CPU the load generator (this process) used, in cores. */
  clientCores: number;
  /** CPU the server process used (main thread and workers), in cores. */
  serverCores: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 50);

/** Sums and counts of the encoder batch-size and batch-duration histograms, from the server's /metrics. */
async function batchTotals(url: string): Promise<{ sum: number; count: number; seconds: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^query_intent_encoder_batch_${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return { sum: value('size_sum'), count: value('size_count'), seconds: value('duration_seconds_sum') };
}

/** autocannon is a development dependency: loaded here, not when the CLI starts. */
async function cannon(url: string, texts: readonly string[], connections: number, durationS: number, onLatency: (ms: number) => void): Promise<autocannon.Result> {
  const { default: run } = await import('autocannon');
  return new Promise((resolve, reject) => {
    const instance = run(
      {
        url: `${url}/classify`,
        connections,
        duration: durationS,
        timeout: 30,
        requests: texts.map((text) => ({ method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) onLatency(responseTime);
    });
  });
}

interface BareEncoderFigures {
  /** Median ms of one-text calls. */
  singleMs: number;
  /** Texts/s over calls of BARE_BATCH consecutive texts, as a server's batches arrive: the single-thread batched limit. */
  batchedTps: number;
  /** Texts/s when one call holds BARE_BATCH_TEXTS texts, which the encoder groups by padded length into passes of up to BARE_BATCH: its best case. */
  groupedTps: number;
}

/**
 * The bare encoder in this process, one thread, while the server idles: one text per call, calls of
 * BARE_BATCH consecutive texts, and one call of BARE_BATCH_TEXTS (grouped). `offset` picks the texts.
 */
async function bareEncoder(encoder: Encoder, texts: readonly string[], offset: number): Promise<BareEncoderFigures> {
  const pick = (count: number) => Array.from({ length: count }, (_, i) => texts[(offset + i) % texts.length] as string);
  const single: number[] = [];
  for (const text of pick(BARE_SINGLE_CALLS)) {
    const started = performance.now();
    await encoder.embed([text], { batchSize: 1 });
    single.push(performance.now() - started);
  }
  const batchTexts = pick(BARE_BATCH_TEXTS);
  const textsPerSecond = async (embedAll: () => Promise<unknown>) => {
    const started = performance.now();
    await embedAll();
    return BARE_BATCH_TEXTS / ((performance.now() - started) / 1000);
  };
  const batchedTps = await textsPerSecond(async () => {
    for (let start = 0; start < batchTexts.length; start += BARE_BATCH) await encoder.embed(batchTexts.slice(start, start + BARE_BATCH), { batchSize: BARE_BATCH });
  });
  const groupedTps = await textsPerSecond(() => encoder.embed(batchTexts, { batchSize: BARE_BATCH }));
  return { singleMs: median(single), batchedTps, groupedTps };
}

/** Texts of about SATURATION_TEXT_CHARS characters, each a run of consecutive test texts. */
function longTexts(texts: readonly string[], count: number, offset: number): string[] {
  return Array.from({ length: count }, (_, k) => {
    let text = '';
    for (let i = offset + k * 7; text.length < SATURATION_TEXT_CHARS; i++) text += `${texts[i % texts.length]}. `;
    return text.slice(0, SATURATION_TEXT_CHARS).trim();
  });
}

interface SaturationResult {
  batches: number;
  statuses: Record<string, number>;
  batchP50: number;
  batchMax: number;
  pastDeadline: number;
  healthCount: number;
  healthP50: number;
  healthP99: number;
  healthMax: number;
  healthNon200: number;
}

async function saturation(url: string, texts: readonly string[], durationS: number, timeoutMs: number): Promise<SaturationResult> {
  const stopAt = performance.now() + durationS * 1000;
  const statuses: Record<string, number> = {};
  const batchMs: number[] = [];
  const healthMs: number[] = [];
  let healthNon200 = 0;
  const client = async (c: number) => {
    for (let round = 0; performance.now() < stopAt; round++) {
      const body = JSON.stringify({ texts: longTexts(texts, SATURATION_BATCH, (c * 1000 + round * 64) % texts.length) });
      const started = performance.now();
      const response = await fetch(`${url}/classify/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const payload = (await response.json()) as { error?: { code: string } };
      batchMs.push(performance.now() - started);
      const key = response.ok ? '200' : `${response.status} ${payload.error?.code}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  };
  const poller = async () => {
    while (performance.now() < stopAt) {
      const started = performance.now();
      const response = await fetch(`${url}/health`);
      await response.arrayBuffer();
      healthMs.push(performance.now() - started);
      if (response.status !== 200) healthNon200 += 1;
      await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
    }
  };
  await Promise.all([...Array.from({ length: SATURATION_CLIENTS }, (_, c) => client(c)), poller()]);
  const sortedHealth = [...healthMs].sort((a, b) => a - b);
  const sortedBatch = [...batchMs].sort((a, b) => a - b);
  return {
    batches: batchMs.length,
    statuses,
    batchP50: percentile(sortedBatch, 50),
    batchMax: sortedBatch.at(-1) ?? NaN,
    // 250 ms of slack for the client's own JSON and socket work: an answer later than that came from a request run past its deadline.
    pastDeadline: batchMs.filter((ms) => ms > timeoutMs + 250).length,
    healthCount: healthMs.length,
    healthP50: percentile(sortedHealth, 50),
    healthP99: percentile(sortedHealth, 99),
    healthMax: sortedHealth.at(-1) ?? NaN,
    healthNon200,
  };
}

/** One autocannon run against the server: throughput, latency, batching and CPU from both sides. */
async function loadRun(server: ServerProcess, texts: readonly string[], connections: number, durationS: number, encoders: number): Promise<Omit<RunResult, 'round'>> {
  const latencies: number[] = [];
  const before = await batchTotals(server.url);
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = cpuSecondsOf(server.pid);
  const started = performance.now();
  const result = await cannon(server.url, texts, connections, durationS, (ms) => latencies.push(ms));
  const wallS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpu = cpuSecondsOf(server.pid) - serverCpuBefore;
  const after = await batchTotals(server.url);
  latencies.sort((a, b) => a - b);
  return {
    connections,
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors,
    non2xx: result.non2xx,
    meanBatch: (after.sum - before.sum) / Math.max(1, after.count - before.count),
    batchMs: ((after.seconds - before.seconds) * 1000) / Math.max(1, after.count - before.count),
    encoderBusy: (after.seconds - before.seconds) / (encoders * wallS),
    rssMb: memoryOf(server.pid)?.rssMb ?? NaN,
    clientCores: (cpu.user + cpu.system) / 1e6 / wallS,
    serverCores: serverCpu / wallS,
  };
}

/** The ratios the service is held to, per round (each against its own round's bare figures) and their medians. */
function printRatios(results: readonly RunResult[], bares: readonly BareEncoderFigures[]): void {
  const list = (values: readonly number[]) => `${values.map((v) => `${fmt(v, 2)}x`).join(', ')}; median ${fmt(median(values), 2)}x`;
  const ratios = (connections: number, ratio: (run: RunResult, bare: BareEncoderFigures) => number) =>
    results.filter((r) => r.connections === connections).map((r) => ratio(r, bares[r.round - 1] as BareEncoderFigures));
  const one = ratios(1, (r, bare) => r.p50 / bare.singleMs);
  if (one.length > 0) {
    console.log(`p50 one client / one bare encoder call, per round: ${list(one)} (target <= 1.15x)`);
    console.log(`  of which in the encoder worker (mean batch of 1: encoder + ad_content scoring + messages): ${list(ratios(1, (r, bare) => r.batchMs / bare.singleMs))}`);
  }
  const many = ratios(32, (r, bare) => r.rps / bare.batchedTps);
  if (many.length > 0) {
    console.log(`32-client throughput / single-thread batched limit, per round: ${list(many)} (target >= 1.6x)`);
    console.log(`  against the grouped best case: ${list(ratios(32, (r, bare) => r.rps / bare.groupedTps))}`);
  }
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

export const benchHttpCommand = defineCommand({
  command: 'bench:http',
  describe: 'load-test the compiled server (dist/) over HTTP with autocannon and report throughput, latency and batching',
  examples: [['query-intent bench:http --duration 5 --connections 1 8', 'two short runs']],
  builder: (y) =>
    withEncoderFlags(y)
    .option('duration', { type: 'number', default: 10, describe: `seconds per run (max ${MAX_DURATION_S})` })
    .option('connections', { type: 'array', default: [1, 8, 32], describe: 'concurrent clients per run' })
    .option('workers', { type: 'number', describe: 'ENCODER_WORKERS for the server (default: its default, one per core; 0: encoder on the main thread)' })
    .option('batch-max-size', { type: 'number', describe: 'BATCH_MAX_SIZE for the server' })
    .option('worker-niceness', { type: 'number', describe: 'ENCODER_WORKER_NICENESS for the server (default: its default, 5)' })
    .option('data', { type: 'string', default: join(PROJECT_ROOT, 'data/intent/test.jsonl'), describe: 'JSONL file whose "text" fields the clients send' })
    .option('saturation', { type: 'number', default: 20, describe: 'seconds of the saturation phase (0: skip)' })
    .option('rounds', { type: 'number', default: 3, describe: 'bare-encoder-then-server rounds; the ratios are given per round and as medians' }),
  handler: async (args) => {
    if (!(args.duration > 0 && args.duration <= MAX_DURATION_S)) throw new UserFacingError(`--duration must be in (0, ${MAX_DURATION_S}]; given ${args.duration}`);
    if (!(Number.isInteger(args.rounds) && args.rounds >= 1 && args.rounds <= 10)) throw new UserFacingError(`--rounds must be an integer from 1 to 10; given ${args.rounds}`);
    const connectionCounts = args.connections.map(Number);
    if (connectionCounts.some((n) => !Number.isInteger(n) || n < 1 || n > 256)) throw new UserFacingError(`--connections must be integers from 1 to 256; given ${connectionCounts.join(', ')}`);
    const texts = textsOf(args.data);
    if (texts.length === 0) throw new UserFacingError(`${args.data} holds no texts`);
    const config = loadConfig(encoderOverrides(args));

    // Other processes on the machine change every figure: say how busy it was.
    const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
    console.log(`machine: ${availableParallelism()} cores; load average ${load()} (1, 5, 15 min) before the run`);
    console.log(`texts: ${texts.length} from ${args.data} (mean ${fmt(texts.reduce((n, t) => n + t.length, 0) / texts.length, 0)} characters)`);

    const env: Record<string, string> = {};
    if (args.workers !== undefined) env.ENCODER_WORKERS = String(args.workers);
    if (args['batch-max-size'] !== undefined) env.BATCH_MAX_SIZE = String(args['batch-max-size']);
    if (args['worker-niceness'] !== undefined) env.ENCODER_WORKER_NICENESS = String(args['worker-niceness']);
    const encoder = await createEncoder(config.encoder);
    await encoder.embed(texts.slice(0, BARE_BATCH), { batchSize: BARE_BATCH });
    const started = performance.now();
    const server: ServerProcess = await startServerProcess(env);
    try {
      const health = (await (await fetch(`${server.url}/health`)).json()) as { system_version: string; encoder_workers?: { size: number } };
      const niceness = env.ENCODER_WORKER_NICENESS ?? process.env.ENCODER_WORKER_NICENESS ?? '5';
      const idle = memoryOf(server.pid);
      console.log(
        `server: node ${SERVER_ENTRY_PATH} (pid ${server.pid}), ${health.system_version}, ${health.encoder_workers ? `encoder workers ${health.encoder_workers.size} at nice +${niceness}` : 'encoder on the main thread'}; ready in ${Math.round(performance.now() - started)} ms; RSS ${fmt(idle?.rssMb ?? NaN, 0)} MB idle`,
      );
      console.log(`load: autocannon in this process (pid ${process.pid}), POST /classify cycling through the texts; ${args.duration} s per run`);
      console.log(
        `${args.rounds} rounds; each measures the bare encoder ${encoder.id} in this process (one thread, server idle: ${BARE_SINGLE_CALLS} one-text calls; ${BARE_BATCH_TEXTS} texts in calls of ${BARE_BATCH} consecutive texts, the single-thread batched limit; the same ${BARE_BATCH_TEXTS} in one call, grouped by padded length into passes of up to ${BARE_BATCH}, its best case), then the server, so that each ratio compares figures taken minutes apart at most\n`,
      );
      await cannon(server.url, texts, 4, WARM_UP_S, () => {});

      const bares: BareEncoderFigures[] = [];
      const results: RunResult[] = [];
      for (let round = 1; round <= args.rounds; round++) {
        const bare = await bareEncoder(encoder, texts, (round - 1) * BARE_BATCH_TEXTS);
        bares.push(bare);
        console.log(
          `round ${round}: bare encoder one text ${fmt(bare.singleMs, 2)} ms; calls of ${BARE_BATCH}: ${fmt(1000 / bare.batchedTps, 2)} ms/text = ${fmt(bare.batchedTps)} texts/s; grouped: ${fmt(1000 / bare.groupedTps, 2)} ms/text = ${fmt(bare.groupedTps)} texts/s`,
        );
        for (const connections of connectionCounts) results.push({ round, ...(await loadRun(server, texts, connections, args.duration, health.encoder_workers?.size ?? 1)) });
      }
      const header = ['round', 'connections', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'mean batch', 'batch ms', 'encoders busy', 'errors', 'non-2xx', 'RSS MB', 'server cores', 'client cores'];
      const rows = results.map((r) => [
        String(r.round),
        String(r.connections),
        String(r.requests),
        fmt(r.rps),
        fmt(r.p50),
        fmt(r.p95),
        fmt(r.p99),
        fmt(r.meanBatch),
        fmt(r.batchMs),
        `${fmt(r.encoderBusy * 100, 0)}%`,
        String(r.errors),
        String(r.non2xx),
        fmt(r.rssMb, 0),
        fmt(r.serverCores, 2),
        fmt(r.clientCores, 2),
      ]);
      console.log(['', ...textTable(header, rows, { align: ['right'] })].join('\n'));

      if (args.saturation > 0) {
        const sat = await saturation(server.url, texts, args.saturation, config.serving.requestTimeoutMs);
        console.log(
          `\nsaturation (${args.saturation} s): ${SATURATION_CLIENTS} clients x /classify/batch of ${SATURATION_BATCH} texts x ${SATURATION_TEXT_CHARS} characters: ${sat.batches} batches answered (${Object.entries(sat.statuses)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')}), latency p50 ${fmt(sat.batchP50 / 1000, 2)} s, max ${fmt(sat.batchMax / 1000, 2)} s; answered past the ${config.serving.requestTimeoutMs} ms deadline: ${sat.pastDeadline}`,
        );
        console.log(`/health meanwhile every ${HEALTH_POLL_MS} ms: ${sat.healthCount} polls, p50 ${fmt(sat.healthP50)} ms, p99 ${fmt(sat.healthP99)} ms, max ${fmt(sat.healthMax)} ms, non-200 ${sat.healthNon200}`);
      }

      const memory = memoryOf(server.pid);
      console.log(`\nserver RSS: ${fmt(memory?.rssMb ?? NaN, 0)} MB now, ${fmt(memory?.peakMb ?? NaN, 0)} MB peak; load average ${load()} after the run`);
      printRatios(results, bares);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await encoder.dispose();
    }
  },
});

