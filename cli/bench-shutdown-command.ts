/**
 * `npm run bench:shutdown`: SIGTERM to the compiled server (`node dist/cli/server-main.js`) under load,
 * several trials. Each trial starts the server as a child process, runs 32 keep-alive clients (one
 * socket each, POST /classify with the texts of data/intent/test.jsonl, next request as soon as the
 * previous answer arrives) for a few seconds, sends SIGTERM to the server process, and lets the
 * clients carry on until the server stops accepting connections. It counts answers by status,
 * requests reset or left without an answer (ECONNRESET, socket hang up), connections refused after
 * the listener closed (no request was sent on them), the exit code and the time from the signal to
 * the exit. Run by hand; no test calls it.
 */
import { textTable } from '../shared/text-table.js';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { defineCommand } from './define-command.js';
import { PROJECT_ROOT } from '../shared/config.js';
import { SERVER_ENTRY_PATH, startServerProcess, textsOf } from './bench/server-process.js';

interface Trial {
  statuses: Record<string, number>;
  /** Requests written to a socket that ended without an answer. */
  resets: number;
  refused: number;
  otherErrors: string[];
  exitCode: number | null;
  exitSignal: string | null;
  exitMs: number;
  answeredAfterSignal: number;
}

function post(agent: Agent, port: number, text: string): Promise<{ status?: number; error?: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ text });
    const req = request({ host: '127.0.0.1', port, path: '/classify', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
      res.on('error', (error) => resolve({ error }));
    });
    req.on('error', (error) => resolve({ error }));
    req.end(body);
  });
}

async function trial(texts: readonly string[], clients: number, loadMs: number): Promise<Trial> {
  const server = await startServerProcess({});
  const port = Number(new URL(server.url).port);
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const result: Trial = { statuses: {}, resets: 0, refused: 0, otherErrors: [], exitCode: null, exitSignal: null, exitMs: NaN, answeredAfterSignal: 0 };
  let signalledAt = 0;
  let stop = false;
  const client = async (c: number) => {
    for (let i = c * 17; !stop; i++) {
      const { status, error } = await post(agent, port, texts[i % texts.length] as string);
      if (status !== undefined) {
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        if (signalledAt > 0) result.answeredAfterSignal += 1;
      } else if (error?.code === 'ECONNREFUSED') {
        result.refused += 1;
        return; // the listener is closed: this client is done
      } else if (error?.code === 'ECONNRESET' || error?.message === 'socket hang up') {
        result.resets += 1;
      } else {
        result.otherErrors.push(`${error?.code ?? ''} ${error?.message ?? ''}`.trim());
      }
    }
  };
  const running = Array.from({ length: clients }, (_, c) => client(c));
  await new Promise((resolve) => setTimeout(resolve, loadMs));
  signalledAt = performance.now();
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  result.exitMs = performance.now() - signalledAt;
  result.exitCode = exit.code;
  result.exitSignal = exit.signal;
  // Clients still looping now get ECONNREFUSED and stop; bound the wait anyway.
  const settle = setTimeout(() => (stop = true), 5_000);
  await Promise.all(running);
  clearTimeout(settle);
  agent.destroy();
  return result;
}

export const benchShutdownCommand = defineCommand({
  command: 'bench:shutdown',
  describe: 'send SIGTERM to the compiled server under keep-alive load and report what the clients saw',
  examples: [['query-intent bench:shutdown --trials 1', 'one trial']],
  builder: (y) =>
    y
    .option('trials', { type: 'number', default: 3 })
    .option('clients', { type: 'number', default: 32 })
    .option('load-seconds', { type: 'number', default: 3, describe: 'load before the signal' })
    .option('data', { type: 'string', default: join(PROJECT_ROOT, 'data/intent/test.jsonl') }),
  handler: async (args) => {
    const texts = textsOf(args.data);
    console.log(`SIGTERM to node ${SERVER_ENTRY_PATH} under ${args.clients} keep-alive clients after ${args.loadSeconds} s of load; ${args.trials} trials`);
    const header = ['trial', 'answered (by status)', 'after signal', 'resets/no answer', 'refused', 'other errors', 'exit', 'exit after ms'];
    const rows: string[][] = [];
    const notes: string[] = [];
    for (let t = 1; t <= args.trials; t++) {
      const r = await trial(texts, args.clients, args.loadSeconds * 1000);
      const statuses = Object.entries(r.statuses)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ');
      rows.push([String(t), statuses, String(r.answeredAfterSignal), String(r.resets), String(r.refused), String(r.otherErrors.length), String(r.exitCode ?? r.exitSignal), r.exitMs.toFixed(0)]);
      if (r.otherErrors.length > 0) notes.push(`trial ${t} other errors: ${[...new Set(r.otherErrors)].join('; ')}`);
    }
    console.log([...textTable(header, rows, { align: ['right', 'left'] }), ...notes].join('\n'));
  },
});

