/** The flags of `query-intent serve` and `npm start -- ...`; each overrides its environment variable. */
import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { LOG_LEVELS, type ConfigOverrides, type LogLevel } from '../shared/config.js';
import { encoderOverrides, withEncoderFlags, type EncoderFlags } from './encoder-flags.js';

export interface ServeFlags extends EncoderFlags {
  host?: string;
  port?: number;
  'api-key'?: string;
  'log-queries'?: boolean;
  'log-level'?: string;
  'request-timeout-ms'?: number;
  'body-limit'?: number;
  'batch-max-size'?: number;
  'encoder-workers'?: number;
  'encoder-worker-niceness'?: number;
  'shutdown-timeout-ms'?: number;
  artifacts?: string;
}

export function withServeFlags<T>(args: Argv<T>): Argv<T & ServeFlags> {
  return withEncoderFlags(args)
    .option('host', { type: 'string', describe: 'interface to listen on (default 127.0.0.1); env HOST' })
    .option('port', { type: 'number', describe: 'port, 0 for any free one (default 8080); env PORT' })
    .option('api-key', { type: 'string', describe: 'require Authorization: Bearer <key> except on /health and /version; env API_KEY (prefer the env var: flags show in ps)' })
    .option('log-queries', { type: 'boolean', describe: 'log query text (default: only length and hash); env LOG_QUERIES' })
    .option('log-level', { type: 'string', choices: LOG_LEVELS, describe: 'pino log level (default info); env LOG_LEVEL' })
    .option('request-timeout-ms', { type: 'number', describe: 'answer 503 timeout after this long (default 10000); env REQUEST_TIMEOUT_MS' })
    .option('body-limit', { type: 'number', describe: 'max request body bytes (default 65536); env BODY_LIMIT' })
    .option('batch-max-size', { type: 'number', describe: 'max texts per coalesced encoder call (default 32; a batch goes as soon as an encoder is free); env BATCH_MAX_SIZE' })
    .option('encoder-workers', { type: 'number', describe: 'encoder worker threads (default: available cores; 0: encoder on the main thread); env ENCODER_WORKERS' })
    .option('encoder-worker-niceness', { type: 'number', describe: 'Linux: encoder workers run this much below the main thread\'s priority (0 to 19, default 5); env ENCODER_WORKER_NICENESS' })
    .option('shutdown-timeout-ms', { type: 'number', describe: 'grace period for in-flight requests on SIGTERM (default 15000); env SHUTDOWN_TIMEOUT_MS' })
    .option('artifacts', { type: 'string', describe: 'artifacts folder (default artifacts/); env ARTIFACTS_DIR' });
}

export function serveOverrides(flags: ServeFlags): ConfigOverrides {
  return {
    ...encoderOverrides(flags),
    paths: { artifactsDir: flags.artifacts && resolve(flags.artifacts) },
    serving: {
      host: flags.host,
      port: flags.port,
      apiKey: flags['api-key'],
      logQueries: flags['log-queries'],
      logLevel: flags['log-level'] as LogLevel | undefined,
      requestTimeoutMs: flags['request-timeout-ms'],
      bodyLimitBytes: flags['body-limit'],
      batchMaxSize: flags['batch-max-size'],
      encoderWorkers: flags['encoder-workers'],
      encoderWorkerNiceness: flags['encoder-worker-niceness'],
      shutdownTimeoutMs: flags['shutdown-timeout-ms'],
    },
  };
}
