/**
 * Fit several independent head groups at once (feature candidates, L2 values) on worker threads, one
 * tfjs-wasm instance each, so training uses every core. Each job's result depends only on its inputs
 * (seeded, single-threaded arithmetic), so threads change the wall time, never the weights. With
 * `threads` 1 everything fits in-process.
 */
import { Worker } from 'node:worker_threads';
import type { TfjsBackend } from '../shared/config.js';
import type { LinearHead } from '../shared/heads/linear-head.js';
import { selectTfjsBackend } from '../shared/tfjs-backend.js';
import { workerEntry } from '../shared/worker-entry.js';
import { fitLinearHeads, type DesignMatrix, type FitOptions, type HeadTargets } from './fit-linear-heads.js';

export interface FitJob {
  /** Shown in progress lines. */
  label: string;
  matrix: DesignMatrix;
  heads: readonly HeadTargets[];
  options: Omit<FitOptions, 'onEpoch'>;
}

export interface FitThreadsOptions {
  threads: number;
  backend: TfjsBackend;
  onEpoch?: (job: string, epoch: number, epochs: number, loss: number) => void;
}

export type ToFitThread = { type: 'fit'; id: number; backend: TfjsBackend; job: FitJob } | { type: 'close' };
export type FromFitThread =
  | { type: 'epoch'; id: number; epoch: number; loss: number }
  | { type: 'fitted'; id: number; heads: LinearHead[] }
  | { type: 'error'; id: number; message: string };

export async function fitJobs(jobs: readonly FitJob[], options: FitThreadsOptions): Promise<LinearHead[][]> {
  if (options.threads <= 1) {
    await selectTfjsBackend(options.backend);
    const results: LinearHead[][] = [];
    for (const job of jobs) {
      results.push(await fitLinearHeads(job.matrix, job.heads, { ...job.options, onEpoch: (epoch, loss) => options.onEpoch?.(job.label, epoch, job.options.epochs, loss) }));
    }
    return results;
  }
  const entry = workerEntry(import.meta.url, 'fit-thread-worker');
  const results = new Array<LinearHead[]>(jobs.length);
  let next = 0;
  const runThread = async () => {
    const worker = new Worker(entry.file, { workerData: entry.tsEntry ? { tsEntry: entry.tsEntry } : {}, name: 'fit-thread' });
    try {
      for (let id = next++; id < jobs.length; id = next++) {
        const job = jobs[id] as FitJob;
        results[id] = await new Promise<LinearHead[]>((resolve, reject) => {
          const onMessage = (message: FromFitThread) => {
            if (message.id !== id) return;
            if (message.type === 'epoch') return options.onEpoch?.(job.label, message.epoch, job.options.epochs, message.loss);
            worker.off('message', onMessage);
            worker.off('error', reject);
            if (message.type === 'fitted') resolve(message.heads);
            else reject(new Error(`fitting ${job.label}: ${message.message}`));
          };
          worker.on('message', onMessage);
          worker.once('error', reject);
          worker.postMessage({ type: 'fit', id, backend: options.backend, job } satisfies ToFitThread);
        });
      }
    } finally {
      worker.postMessage({ type: 'close' } satisfies ToFitThread);
    }
  };
  // Even one job runs on a thread then: the main thread stays free for a stage running beside it.
  await Promise.all(Array.from({ length: Math.min(options.threads, jobs.length) }, runThread));
  return results;
}
