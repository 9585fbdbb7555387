/** Progress bars for long jobs (embedding, training): rate and ETA on stderr, silent when QUIET=1. */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total?: number): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, stop() {} };

export function startProgress(label: string, total: number, unit = 'items'): Progress {
  if (process.env.QUIET === '1' || total === 0) return SILENT;
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} ${unit} | {rate}/s | ETA {eta_formatted}`,
      stream: process.stderr,
      noTTYOutput: !process.stderr.isTTY,
      notTTYSchedule: 5000,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  bar.start(total, 0, { rate: '0' });
  return {
    update(done, newTotal) {
      if (newTotal !== undefined) bar.setTotal(newTotal);
      const seconds = (performance.now() - started) / 1000;
      bar.update(done, { rate: seconds > 0 ? (done / seconds).toFixed(1) : '0' });
    },
    stop() {
      bar.stop();
    },
  };
}
