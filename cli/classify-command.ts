/**
 * `query-intent classify "text"`: print the full envelope for one query.
 * `query-intent classify --in FILE --out FILE`: classify every row of a JSONL or CSV file (`-`: stdin /
 * stdout), streaming, one output record per input row in input order (see bulk-classify.ts).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { availableParallelism } from 'node:os';
import { type AppConfig } from '../shared/config.js';
import { createThreadEncoder, type ThreadEncoder } from '../shared/encoder/thread-encoder.js';
import { selectTfjsBackend } from '../shared/tfjs-backend.js';
import { modelConfig, withModelFlags, type ModelFlags } from './encoder-flags.js';
import { UserFacingError } from '../shared/errors.js';
import { loadClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { classifyQuery } from '../shared/pipeline/classify-query.js';
import { BULK_FORMATS, classifyStream, countRows, formatOf } from '../shared/pipeline/bulk-classify.js';
import { defineCommand } from './define-command.js';

interface ClassifyArgs extends ModelFlags {
  text?: string;
  in?: string;
  out: string;
  'in-format'?: string;
  'out-format'?: string;
  'text-field': string;
  'id-field'?: string;
  'chunk-rows': number;
  'encoder-thread': boolean;
}

/** The runtime for a bulk job: with the encoder in a worker thread (the default on more than one core), so embedding overlaps the rest. */
async function bulkRuntime(config: AppConfig, encoderThread: boolean) {
  if (!encoderThread) return loadClassifierRuntime(config);
  const encoder = await createThreadEncoder(config.encoder);
  try {
    // ad_content scoring stays on this thread and runs on tfjs: give it the backend the encoder uses.
    if (config.encoder.backend === 'use-lite') await selectTfjsBackend(config.encoder.tfjsBackend);
    return await loadClassifierRuntime(config, { encoder });
  } catch (error) {
    await encoder.dispose();
    throw error;
  }
}

async function openInput(path: string): Promise<Readable> {
  if (path === '-') return process.stdin;
  const stream = createReadStream(path);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error) => reject(new UserFacingError(`cannot read ${path}: ${error.message}`)));
  });
  return stream;
}

/** Output goes to `<out>.partial` and is renamed to `<out>` when every row is written. */
async function openOutput(path: string): Promise<{ stream: Writable; finish: () => Promise<void>; abandon: () => Promise<void> }> {
  if (path === '-') return { stream: process.stdout, finish: async () => {}, abandon: async () => {} };
  const partial = `${path}.partial`;
  const stream = createWriteStream(partial);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error) => reject(new UserFacingError(`cannot write ${partial}: ${error.message}`)));
  });
  const ended = () => new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return {
    stream,
    finish: async () => {
      await ended();
      await rename(partial, path);
    },
    abandon: async () => {
      stream.destroy();
      await rm(partial, { force: true });
    },
  };
}

export const classifyCommand = defineCommand<ClassifyArgs>({
  command: 'classify [text]',
  describe: 'classify one query and print its envelope, or every row of a file with --in',
  examples: [["query-intent classify 'best crm for a small team'", 'one envelope as JSON'], ['query-intent classify --in queries.csv --out envelopes.jsonl', 'a whole file']],
  builder: (args) =>
    withModelFlags(args)
      .positional('text', { type: 'string', describe: 'one query (omit it when using --in)' })
      .option('in', { type: 'string', nargs: 1, describe: 'JSONL or CSV file of queries; - for stdin' })
      .option('out', { type: 'string', nargs: 1, default: '-', describe: 'output file (JSONL, or CSV for a .csv name); - for stdout' })
      .option('in-format', { type: 'string', choices: BULK_FORMATS, describe: 'input format (default: csv for a .csv name, else jsonl)' })
      .option('out-format', { type: 'string', choices: BULK_FORMATS, describe: 'output format (default: csv for a .csv name, else jsonl)' })
      .option('text-field', { type: 'string', default: 'text', describe: 'JSON field or CSV column holding the query' })
      .option('id-field', { type: 'string', describe: 'field or column copied to each output record as "id"' })
      .option('chunk-rows', { type: 'number', default: 1024, describe: 'rows per classification call' })
      .option('encoder-thread', { type: 'boolean', default: availableParallelism() > 1, describe: 'run the encoder in a worker thread, overlapping the rest (--no-encoder-thread: in-process)' })
      .check((argv) => {
        if ((argv.text === undefined) === (argv.in === undefined)) throw new Error('give either one query or --in FILE');
        if (!Number.isInteger(argv['chunk-rows']) || (argv['chunk-rows']) < 1) throw new Error('--chunk-rows must be a positive integer');
        return true;
      }),
  handler: async (args) => {
    if (args.in === undefined) {
      const text = (args.text ?? '').trim();
      if (text === '') throw new UserFacingError('text is empty after trimming');
      const config = modelConfig(args);
      const runtime = await loadClassifierRuntime(config);
      try {
        console.log(JSON.stringify(await classifyQuery(runtime, text), null, 2));
      } finally {
        await runtime.encoder.dispose();
      }
      return;
    }
    const inputFormat = formatOf(args.in, args['in-format']);
    const outputFormat = formatOf(args.out, args['out-format']);
    const input = await openInput(args.in);
    const config = modelConfig(args);
    const runtime = await bulkRuntime(config, args['encoder-thread']);
    const expectedRows = args.in === '-' ? undefined : await countRows(args.in, inputFormat);
    const output = await openOutput(args.out);
    try {
      const stats = await classifyStream(runtime, input, output.stream, {
        inputFormat,
        outputFormat,
        textField: args['text-field'],
        idField: args['id-field'],
        chunkRows: args['chunk-rows'],
        expectedRows,
      });
      await output.finish();
      const peakMb = process.resourceUsage().maxRSS / 1024;
      const busyMs = (runtime.encoder as Partial<ThreadEncoder>).busyMs;
      const busy = busyMs === undefined ? '' : `, encoder thread busy ${((100 * busyMs) / 1000 / Math.max(stats.seconds, 1e-9)).toFixed(0)}% of the run`;
      process.stderr.write(
        `classified ${stats.rows} rows (${stats.classified} envelopes, ${stats.errors} error records) in ${stats.seconds.toFixed(1)} s, ` +
          `${(stats.rows / Math.max(stats.seconds, 1e-9)).toFixed(1)} rows/s${busy}, peak RSS ${peakMb.toFixed(0)} MB${args.out === '-' ? '' : `; wrote ${args.out}`}\n`,
      );
    } catch (error) {
      await output.abandon();
      throw error;
    } finally {
      await runtime.encoder.dispose();
    }
  },
});
