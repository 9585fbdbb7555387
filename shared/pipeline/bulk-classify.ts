/**
 * Bulk classification: a JSONL or CSV file of queries in, one output record per input row out, in
 * input order. Streaming with bounded memory: rows are read lazily, classified in chunks (one encoder
 * call per chunk, which the encoder groups by token count, then classifyEmbeddedSettled), pipelined so
 * that the encoder embeds one chunk while the previous one is finished, and written with back-pressure. A bad row (invalid JSON, no text field, empty or too long text, an
 * envelope that fails validation) gets an error record in its place and the run goes on.
 *
 * Output records:
 * - JSONL: `{"row": 1, "id"?: ..., "envelope": {...}}` or `{"row": 2, "id"?: ..., "error": "..."}`;
 * - CSV: one line per row with the decision's main fields flattened, plus the whole envelope as JSON.
 * `row` is the 1-based input row: the line number in a JSONL file, the record number (header not
 * counted) in a CSV file.
 */
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import Papa from 'papaparse';
import { UserFacingError } from '../errors.js';
import type { Envelope } from '../envelope/envelope-types.js';
import { startProgress, type Progress } from '../progress.js';
import type { ClassifierRuntime } from './classifier-runtime.js';
import { classifyEmbeddedSettled, type ClassifyOptions } from './classify-query.js';

export const BULK_FORMATS = ['jsonl', 'csv'] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];

/** The HTTP API's limit (schemas/classify-request.schema.ts), applied after trimming. */
export const MAX_TEXT_CHARS = 5000;

/** One input row, parsed: its text, or why it cannot be classified. */
export interface BulkRow {
  row: number;
  id?: unknown;
  text?: string;
  error?: string;
}

export interface RowFields {
  textField: string;
  idField?: string;
}

/** `csv` for a `.csv` name, else `jsonl` (also for `-`). */
export function formatOf(path: string, given?: string): BulkFormat {
  if (given !== undefined) {
    if (!(BULK_FORMATS as readonly string[]).includes(given)) throw new UserFacingError(`unknown format "${given}" (one of ${BULK_FORMATS.join(', ')})`);
    return given as BulkFormat;
  }
  return path.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl';
}

function rowFrom(row: number, record: unknown, fields: RowFields): BulkRow {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return { row, error: 'row is not a JSON object' };
  const value = (record as Record<string, unknown>)[fields.textField];
  const id = fields.idField === undefined ? undefined : (record as Record<string, unknown>)[fields.idField];
  const base = id === undefined ? { row } : { row, id };
  if (value === undefined || value === null) return { ...base, error: `no "${fields.textField}" field` };
  if (typeof value !== 'string') return { ...base, error: `"${fields.textField}" is not a string` };
  const text = value.trim();
  if (text === '') return { ...base, error: 'text is empty after trimming' };
  const length = [...text].length;
  if (length > MAX_TEXT_CHARS) return { ...base, error: `text too long: given ${length} characters, max ${MAX_TEXT_CHARS}` };
  return { ...base, text };
}

/** Rows of a JSON Lines stream; every line is a row (a blank line is a bad row, so rows out = lines in). */
export async function* jsonlRows(input: Readable, fields: RowFields): AsyncGenerator<BulkRow> {
  input.setEncoding('utf8');
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let row = 0;
  for await (const line of lines) {
    row++;
    if (line.trim() === '') {
      yield { row, error: 'empty line' };
      continue;
    }
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (error) {
      yield { row, error: `invalid JSON: ${(error as Error).message}` };
      continue;
    }
    yield rowFrom(row, record, fields);
  }
}

/** Rows of a CSV stream with a header row (papaparse, paused while the consumer is behind); blank lines are not rows. */
export function csvRows(input: Readable, fields: RowFields, highWater = 256): AsyncIterable<BulkRow> {
  input.setEncoding('utf8'); // chunks as strings: a character split across two chunks stays whole
  const queue: BulkRow[] = [];
  let finished = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let parser: Papa.Parser | undefined;
  let paused = false;
  let row = 0;
  let headerChecked = false;
  const notify = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  Papa.parse<Record<string, string>>(input as unknown as File, {
    header: true,
    skipEmptyLines: true,
    step(results, handle) {
      parser = handle;
      if (!headerChecked) {
        headerChecked = true;
        const names = results.meta.fields ?? [];
        if (!names.includes(fields.textField)) {
          failure = new UserFacingError(`the CSV header has no "${fields.textField}" column (columns: ${names.join(', ') || 'none'}); choose one with --text-field`);
          handle.abort();
          return;
        }
      }
      row++;
      const problem = results.errors[0];
      if (problem) {
        const id = fields.idField === undefined ? undefined : results.data[fields.idField];
        queue.push({ row, ...(id === undefined || id === '' ? {} : { id }), error: `CSV: ${problem.message}` });
      } else queue.push(rowFrom(row, results.data, fields));
      if (queue.length >= highWater && !paused) {
        paused = true;
        handle.pause();
      }
      notify();
    },
    complete() {
      finished = true;
      notify();
    },
    error(error: Error) {
      failure = error;
      finished = true;
      notify();
    },
  });
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (failure) throw failure;
        const next = queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (finished) return;
        if (paused) {
          paused = false;
          parser?.resume();
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (finished || queue.length > 0 || failure) notify();
        });
      }
    },
  };
}

/** A decision flattened for a CSV line. */
export const CSV_COLUMNS = [
  'row',
  'id',
  'error',
  'intent_type',
  'intent_subtype',
  'decision_phase',
  'intent_confidence',
  'commercial_score',
  'ad_content_path',
  'ad_content_id',
  'mapping_mode',
  'mapping_confidence',
  'monetization_eligibility',
  'eligibility_reason',
  'opportunity_type',
  'fallback_reason',
  'artifact_version',
  'envelope',
] as const;

function csvRecord(row: BulkRow, envelope: Envelope | undefined, error: string | undefined): Record<string, unknown> {
  const record: Record<string, unknown> = { row: row.row, id: row.id === undefined ? '' : typeof row.id === 'string' ? row.id : JSON.stringify(row.id), error: error ?? '' };
  if (!envelope) return record;
  const { intent, ad_content: ad } = envelope.model_output.classification;
  const tiers = [ad.tier1, ad.tier2, ad.tier3, ad.tier4].filter((t): t is { id: string; label: string } => t !== undefined && t !== null);
  const fallback = envelope.model_output.fallback;
  return {
    ...record,
    intent_type: intent.type,
    intent_subtype: intent.subtype,
    decision_phase: intent.decision_phase,
    intent_confidence: intent.confidence,
    commercial_score: intent.commercial_score,
    ad_content_path: tiers.map((t) => t.label).join(' > '),
    ad_content_id: tiers.at(-1)?.id ?? '',
    mapping_mode: ad.mapping_mode,
    mapping_confidence: ad.mapping_confidence,
    monetization_eligibility: envelope.system_decision.policy.monetization_eligibility,
    eligibility_reason: envelope.system_decision.policy.eligibility_reason,
    opportunity_type: envelope.system_decision.opportunity.type,
    fallback_reason: fallback?.reason ?? '',
    artifact_version: envelope.meta.artifact_version ?? '',
    envelope: JSON.stringify(envelope),
  };
}

function outputLines(format: BulkFormat, rows: readonly { row: BulkRow; envelope?: Envelope; error?: string }[]): string {
  if (rows.length === 0) return '';
  if (format === 'csv') {
    return `${Papa.unparse(rows.map((r) => csvRecord(r.row, r.envelope, r.error)), { header: false, columns: [...CSV_COLUMNS], newline: '\n' })}\n`;
  }
  return rows
    .map(({ row, envelope, error }) => JSON.stringify({ row: row.row, ...(row.id === undefined ? {} : { id: row.id }), ...(envelope ? { envelope } : { error }) }))
    .join('\n')
    .concat('\n');
}

async function write(out: Writable, text: string): Promise<void> {
  if (text !== '' && !out.write(text)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
}

export interface BulkOptions extends RowFields {
  inputFormat: BulkFormat;
  outputFormat: BulkFormat;
  /** Rows per classification call (default 1024): larger chunks give the encoder longer runs of equal token count. */
  chunkRows?: number;
  /** Rows expected, for percentage and ETA (undefined: unknown). */
  expectedRows?: number;
  classify?: ClassifyOptions;
  progress?: Progress;
}

export interface BulkStats {
  rows: number;
  classified: number;
  errors: number;
  seconds: number;
}

/** Classify every row of `input` into `out`; resolves when the last record is written (the caller ends `out`). */
export async function classifyStream(runtime: ClassifierRuntime, input: Readable, out: Writable, options: BulkOptions): Promise<BulkStats> {
  const started = performance.now();
  const chunkRows = options.chunkRows ?? 1024;
  const rows = options.inputFormat === 'csv' ? csvRows(input, options) : jsonlRows(input, options);
  const progress = options.progress ?? startProgress('classify', options.expectedRows ?? 0, 'rows');
  const stats: BulkStats = { rows: 0, classified: 0, errors: 0, seconds: 0 };
  if (options.outputFormat === 'csv') await write(out, `${Papa.unparse({ fields: [...CSV_COLUMNS], data: [] }, { newline: '\n' }).trim()}\n`);

  // Pipelined: a chunk's embedding starts as soon as its rows are read; while the encoder (a worker
  // thread, when the caller gave the runtime one) embeds it, the previous chunk is scored, turned into
  // envelopes and written. At most two chunks are in memory.
  interface Chunk {
    rows: BulkRow[];
    valid: BulkRow[];
    embeddings: Promise<Float32Array[]>;
  }
  const start = (rows: BulkRow[]): Chunk => {
    const valid = rows.filter((r) => r.text !== undefined);
    const embeddings = runtime.encoder.embed(valid.map((r) => r.text as string));
    embeddings.catch(() => {}); // awaited in finish; never an unhandled rejection meanwhile
    return { rows, valid, embeddings };
  };
  const finish = async (chunk: Chunk) => {
    const settled = await classifyEmbeddedSettled(runtime, chunk.valid.map((r) => r.text as string), await chunk.embeddings, options.classify);
    const byRow = new Map(chunk.valid.map((r, i) => [r, settled[i]]));
    const results = chunk.rows.map((row) => {
      const outcome = byRow.get(row);
      return { row, envelope: outcome?.envelope, error: row.error ?? outcome?.error };
    });
    for (const r of results) {
      if (r.envelope) stats.classified++;
      else stats.errors++;
    }
    stats.rows += chunk.rows.length;
    await write(out, outputLines(options.outputFormat, results));
    progress.update(stats.rows);
  };
  let pending: BulkRow[] = [];
  let inFlight: Chunk | undefined;
  const next = async () => {
    const chunk = start(pending);
    pending = [];
    if (inFlight) await finish(inFlight);
    inFlight = chunk;
  };
  try {
    for await (const row of rows) {
      pending.push(row);
      if (pending.length >= chunkRows) await next();
    }
    if (pending.length > 0) await next();
    if (inFlight) await finish(inFlight);
  } finally {
    progress.stop();
  }
  stats.seconds = (performance.now() - started) / 1000;
  return stats;
}

/** Rows in a regular file, counted by a fast pass over its newlines (CSV: minus the header; an estimate when fields hold newlines). */
export async function countRows(path: string, format: BulkFormat): Promise<number | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  let newlines = 0;
  let last = 10;
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) newlines++;
    if (bytes.length > 0) last = bytes[bytes.length - 1] as number;
  }
  const lines = newlines + (last === 10 ? 0 : 1);
  return format === 'csv' ? Math.max(0, lines - 1) : lines;
}
