import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadConfig } from '../../shared/config.js';
import { ConfigError } from '../../shared/errors.js';

describe('loadConfig', () => {
  it('uses the embedded default encoder when nothing is set', () => {
    expect(loadConfig({}, {}).encoder).toEqual(DEFAULT_CONFIG.encoder);
  });

  it('lets environment variables override defaults and flags override both', () => {
    const env = { ENCODER_BATCH_SIZE: '16', TFJS_BACKEND: 'cpu' };
    expect(loadConfig({}, env).encoder.batchSize).toBe(16);
    expect(loadConfig({ encoder: { batchSize: 8 } }, env).encoder).toMatchObject({ batchSize: 8, tfjsBackend: 'cpu' });
  });

  it('rejects an unknown backend, a bad batch size and a transformers backend without a model', () => {
    expect(() => loadConfig({}, { ENCODER_BACKEND: 'bert' })).toThrow(ConfigError);
    expect(() => loadConfig({}, { ENCODER_BACKEND: 'bert' })).toThrow(/must be one of use-lite, transformers; given "bert"/);
    expect(() => loadConfig({}, { ENCODER_BATCH_SIZE: '0' })).toThrow(/positive integer/);
    expect(() => loadConfig({ encoder: { backend: 'transformers' } }, {})).toThrow(/needs a model/);
  });
});

describe('loadConfig serving', () => {
  it('defaults to loopback:8080 with no key, 10 s timeout and a 64 KiB body limit', () => {
    expect(loadConfig({}, {}).serving).toEqual({
      host: '127.0.0.1',
      port: 8080,
      apiKey: undefined,
      logQueries: false,
      logLevel: 'info',
      requestTimeoutMs: 10_000,
      bodyLimitBytes: 65_536,
      batchMaxSize: 32,
      encoderWorkers: availableParallelism(),
      encoderWorkerNiceness: 5,
      logHashSecret: undefined,
      shutdownTimeoutMs: 15_000,
    });
  });

  it('reads every setting from its environment variable; flags override them', () => {
    const env = {
      HOST: '0.0.0.0',
      PORT: '9000',
      API_KEY: 'k-0123456789',
      LOG_QUERIES: 'true',
      LOG_LEVEL: 'warn',
      REQUEST_TIMEOUT_MS: '2500',
      BODY_LIMIT: '1024',
      BATCH_MAX_SIZE: '8',
      ENCODER_WORKERS: '0',
      ENCODER_WORKER_NICENESS: '0',
      LOG_HASH_SECRET: 'sixteen-chars-or-more',
      SHUTDOWN_TIMEOUT_MS: '3000',
    };
    expect(loadConfig({}, env).serving).toEqual({
      host: '0.0.0.0',
      port: 9000,
      apiKey: 'k-0123456789',
      logQueries: true,
      logLevel: 'warn',
      requestTimeoutMs: 2500,
      bodyLimitBytes: 1024,
      batchMaxSize: 8,
      encoderWorkers: 0,
      encoderWorkerNiceness: 0,
      logHashSecret: 'sixteen-chars-or-more',
      shutdownTimeoutMs: 3000,
    });
    expect(loadConfig({ serving: { port: 0, logQueries: false } }, env).serving).toMatchObject({ port: 0, logQueries: false, host: '0.0.0.0' });
    expect(loadConfig({}, { API_KEY: '' }).serving.apiKey).toBeUndefined();
    expect(loadConfig({}, { LOG_HASH_SECRET: '' }).serving.logHashSecret).toBeUndefined();
  });

  it.each([
    [{ PORT: '70000' }, /port \(PORT \/ --port\) must be an integer from 0 to 65535; given "70000"/],
    [{ PORT: 'http' }, /port .* given "http"/],
    [{ REQUEST_TIMEOUT_MS: '0' }, /REQUEST_TIMEOUT_MS .* from 1 to 600000; given "0"/],
    [{ BODY_LIMIT: '1.5' }, /BODY_LIMIT/],
    [{ BATCH_MAX_SIZE: '' }, /BATCH_MAX_SIZE/],
    [{ ENCODER_WORKERS: '-1' }, /ENCODER_WORKERS .* from 0 to 64; given "-1"/],
    [{ LOG_HASH_SECRET: 'short' }, /LOG_HASH_SECRET\) must be at least 16 characters/],
    [{ LOG_QUERIES: 'yes' }, /LOG_QUERIES \/ --log-queries must be true or false; given "yes"/],
    [{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL.*must be one of fatal, error, warn, info, debug, trace, silent; given "verbose"/],
    [{ HOST: ' ' }, /HOST .* must not be empty/],
    [{ API_KEY: 'short' }, /API_KEY .* at least 8 characters/],
  ])('rejects %j with one line', (env, message) => {
    expect(() => loadConfig({}, env)).toThrow(ConfigError);
    expect(() => loadConfig({}, env)).toThrow(message);
  });
});
