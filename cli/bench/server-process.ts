/**
 * The benchmarks' server: `node dist/cli/server-main.js` (what `npm start` runs) as a child process on
 * a free loopback port, so the load generator never shares a thread with it. Used by
 * scripts/bench-http.ts and scripts/bench-shutdown.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../shared/config.js';
import { UserFacingError } from '../../shared/errors.js';

/** What `npm start` runs, relative to the project root. */
export const SERVER_ENTRY_PATH = 'dist/cli/server-main.js';
export const SERVER_ENTRY = join(PROJECT_ROOT, SERVER_ENTRY_PATH);

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  pid: number;
  /** Everything the server wrote to stderr (and stdout when not silent). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

/** Start the compiled server with these extra env vars and flags; resolves once /health is ok or degraded. */
export async function startServerProcess(env: Record<string, string>, args: string[] = [], readyWithinMs = 120_000): Promise<ServerProcess> {
  if (!existsSync(SERVER_ENTRY)) throw new UserFacingError(`${SERVER_ENTRY} is missing: run npm run build`);
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY, '--host', '127.0.0.1', '--port', String(port), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
  const url = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + readyWithinMs;
  let done = false;
  void exited.then(() => (done = true));
  while (!done && performance.now() < deadline) {
    try {
      const body = (await (await fetch(`${url}/health`)).json()) as { status: string };
      if (body.status === 'ok' || body.status === 'degraded') return { child, url, pid: child.pid as number, output: () => output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new UserFacingError(`the server did not become ready: ${output.slice(-2000)}`);
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system, all threads) a process has used so far (Linux /proc; NaN elsewhere). */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()?.split(' ') ?? [];
    // After the command: state is field 3, utime 14 and stime 15 (1-based in proc(5)), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Texts of a labelled JSONL file (one {"text": ...} per line). */
export function textsOf(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { text: string }).text)
    .filter((text) => typeof text === 'string' && text.trim() !== '');
}
