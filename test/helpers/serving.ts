/** Helpers for the HTTP service tests: quiet settings, encoders that are slow or fail on demand, log capture. */
import { Writable } from 'node:stream';
import { DEFAULT_CONFIG, type ServingConfig } from '../../shared/config.js';
import type { Encoder } from '../../shared/encoder/encoder.js';
import type { ClassifierRuntime } from '../../shared/pipeline/classifier-runtime.js';

/** Default serving settings with logging off, plus overrides. */
export function servingConfig(overrides: Partial<ServingConfig> = {}): ServingConfig {
  return { ...DEFAULT_CONFIG.serving, logLevel: 'silent', ...overrides };
}

export interface ControlledEncoder extends Encoder {
  /** Milliseconds every embed call waits before answering. */
  delayMs: number;
  /** When set, embed calls throw it. */
  failWith: Error | undefined;
  /** Batch sizes of every embed call. */
  batches: number[];
}

/** Wrap an encoder: record batch sizes, add a delay, or fail, as the test sets. */
export function controlledEncoder(inner: Encoder): ControlledEncoder {
  const encoder: ControlledEncoder = {
    id: inner.id,
    dim: inner.dim,
    fingerprint: inner.fingerprint,
    delayMs: 0,
    failWith: undefined,
    batches: [],
    async embed(texts, options) {
      encoder.batches.push(texts.length);
      if (encoder.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, encoder.delayMs));
      if (encoder.failWith) throw encoder.failWith;
      return inner.embed(texts, options);
    },
    dispose: () => inner.dispose(),
  };
  return encoder;
}

/** The same runtime with another encoder (same fingerprint, so the artifacts still match). */
export function withEncoder(runtime: ClassifierRuntime, encoder: Encoder): ClassifierRuntime {
  return { ...runtime, encoder };
}

/** A promise with its resolve/reject exposed (a runtime that "loads" when the test says so). */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A pino-compatible destination that keeps every JSON log line. */
export function logCapture(): { stream: Writable; lines: () => Array<Record<string, unknown>>; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const text = () => chunks.join('');
  const lines = () =>
    text()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines, text };
}
