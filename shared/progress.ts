/**
 * Progress of long jobs (embedding, training, bulk classification) on stderr, silent when QUIET=1.
 * On a terminal: a cli-progress bar with rate and ETA. Otherwise (a log file, a pipe, CI): one plain
 * line at every 10% and at least every 15 s, e.g.
 * `embedding: 12800/41685 texts (30%), 201.3 texts/s, ETA 2m24s`, and a last line when done.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total?: number): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, stop() {} };

export interface ProgressOptions {
  /** Where lines go (default process.stderr). */
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Force plain lines (true) or the bar (false); default: the bar only on a TTY. */
  plain?: boolean;
  /** Seconds between plain lines when 10% takes longer (default 15). */
  intervalSeconds?: number;
  /** Clock in ms (tests). */
  now?: () => number;
}

/** `2h03m`, `4m05s`, `12s`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** One plain progress line. `total` 0 or unknown: no percentage and no ETA. */
export function progressLine(label: string, unit: string, done: number, total: number, seconds: number, finished = false): string {
  const rate = seconds > 0 ? done / seconds : 0;
  const parts = [`${label}: ${done}${total > 0 ? `/${total}` : ''} ${unit}${total > 0 ? ` (${Math.floor((100 * done) / total)}%)` : ''}`, `${rate.toFixed(1)} ${unit}/s`];
  if (finished || (total > 0 && done >= total)) parts.push(`done in ${formatDuration(seconds)}`);
  else if (total > 0) parts.push(`ETA ${rate > 0 ? formatDuration((total - done) / rate) : '?'}`);
  return parts.join(', ');
}

/** Plain lines for logs: at each new 10% of the total, or when `intervalSeconds` passed since the last line. */
export function plainProgress(label: string, total: number, unit: string, options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => performance.now());
  const intervalMs = (options.intervalSeconds ?? 15) * 1000;
  let started = now();
  let lastLine = started;
  let lastDecile = 0;
  let done = 0;
  let written = -1;
  let stopped = false;
  const write = (finished = false) => {
    stream.write(`${progressLine(label, unit, done, total, (now() - started) / 1000, finished)}\n`);
    lastLine = now();
    written = done;
  };
  return {
    update(value, newTotal) {
      if (stopped) return;
      if (newTotal !== undefined && newTotal !== total) {
        // A new total (e.g. only the uncached part is left): restart rate and ETA.
        total = newTotal;
        started = now();
        lastDecile = 0;
      }
      done = value;
      const decile = total > 0 ? Math.floor((10 * done) / total) : 0;
      if (decile > lastDecile || now() - lastLine >= intervalMs) {
        lastDecile = Math.max(lastDecile, decile);
        write();
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      if ((total === 0 && done === 0) || written === done) return;
      write(true);
    },
  };
}

export function startProgress(label: string, total: number, unit = 'items', options: ProgressOptions = {}): Progress {
  if (process.env.QUIET === '1') return SILENT;
  const stream = options.stream ?? process.stderr;
  if (options.plain ?? !stream.isTTY) return plainProgress(label, total, unit, options);
  if (total === 0) return SILENT;
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} ${unit} | {rate}/s | ETA {eta_formatted}`,
      stream,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = performance.now();
  bar.start(total, 0, { rate: '0' });
  return {
    update(done, newTotal) {
      if (newTotal !== undefined && newTotal !== bar.getTotal()) {
        bar.setTotal(newTotal);
        started = performance.now();
      }
      const seconds = (performance.now() - started) / 1000;
      bar.update(done, { rate: seconds > 0 ? (done / seconds).toFixed(1) : '0' });
    },
    stop() {
      bar.stop();
    },
  };
}
