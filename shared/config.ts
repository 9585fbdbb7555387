/**
 * The one typed place for configuration. Defaults live here; environment variables override them,
 * and CLI flags override both (callers pass them as `overrides`).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './errors.js';
import { DEFAULT_TRAINING_CONFIG, type TrainingConfig } from './training-config.js';

/** The checkout's root, whether this module runs from shared/ (tsx) or from the compiled dist/shared/ (`npm start`). */
export const PROJECT_ROOT = projectRoot(dirname(fileURLToPath(import.meta.url)));

function projectRoot(moduleDir: string): string {
  const parent = resolve(moduleDir, '..');
  return basename(parent) === 'dist' && existsSync(resolve(parent, '..', 'package.json')) ? resolve(parent, '..') : parent;
}

export const ENCODER_BACKENDS = ['use-lite', 'transformers'] as const;
export type EncoderBackend = (typeof ENCODER_BACKENDS)[number];

export const TFJS_BACKENDS = ['auto', 'wasm', 'cpu', 'tensorflow'] as const;
export type TfjsBackend = (typeof TFJS_BACKENDS)[number];

export interface EncoderConfig {
  backend: EncoderBackend;
  /** `transformers` only: a Hub model id or a local model folder. */
  model: string | undefined;
  /** Texts per forward pass. */
  batchSize: number;
  /** `use-lite` only: `auto` uses tfjs-node where it is installed, else wasm. */
  tfjsBackend: TfjsBackend;
}

export interface PathsConfig {
  /** Where the setup step places the taxonomy TSV (git-ignored). */
  taxonomyFile: string;
  /** The workspace copy the setup step copies from when present. */
  sharedTaxonomyDir: string;
  artifactsDir: string;
  /** Content-addressed embedding cache for training jobs (git-ignored). */
  embedCacheDir: string;
  dataDir: string;
  /** Reference evaluation sets beside the checkout: read for evaluation and overlap checks only. */
  referenceEvalDir: string;
}

export { FEATURE_KINDS, type FeatureCandidate, type FeatureKindSetting, type HeadTrainingConfig, type IntentBaggingConfig, type IntentSelectionConfig, type TrainingConfig } from './training-config.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The HTTP service (serving/). Each field has an environment variable and a `serve` flag. */
export interface ServingConfig {
  /** HOST: interface to listen on; anything but loopback without API_KEY logs a warning. */
  host: string;
  /** PORT: 0 picks a free port. */
  port: number;
  /** API_KEY: when set, every route but /health and /version needs `Authorization: Bearer <key>`. */
  apiKey: string | undefined;
  /** LOG_QUERIES: log query text; by default only its length and a short hash are logged. */
  logQueries: boolean;
  /** LOG_LEVEL: pino level. */
  logLevel: LogLevel;
  /** REQUEST_TIMEOUT_MS: a request not answered by then gets 503 `timeout`. */
  requestTimeoutMs: number;
  /** BODY_LIMIT: request body bytes; larger bodies get 413 `payload_too_large`. */
  bodyLimitBytes: number;
  /** BATCH_MAX_SIZE: texts per coalesced encoder call (a batch goes as soon as an encoder is free; no fixed wait). */
  batchMaxSize: number;
  /** ENCODER_WORKERS: encoder worker threads (default: available cores); 0 runs the encoder on the main thread. */
  encoderWorkers: number;
  /** ENCODER_WORKER_NICENESS: how much lower the workers' scheduling priority is than the main thread's (Linux; 0: the same). */
  encoderWorkerNiceness: number;
  /** LOG_HASH_SECRET: key of the HMAC that identifies queries in logs; a random one per process when unset. */
  logHashSecret: string | undefined;
  /** SHUTDOWN_TIMEOUT_MS: on SIGTERM/SIGINT, in-flight requests get this long before the process exits 1. */
  shutdownTimeoutMs: number;
}

export interface AppConfig {
  encoder: EncoderConfig;
  paths: PathsConfig;
  training: TrainingConfig;
  serving: ServingConfig;
  /**
   * JOB_THREADS: worker threads of long jobs (training, calibration): encoder instances while
   * embedding, then head fits at once; 1 runs everything in-process. A machine setting, not a
   * hyper-parameter: the artifacts are the same for any value.
   */
  jobThreads: number;
}

export interface ConfigOverrides {
  encoder?: Partial<EncoderConfig>;
  paths?: Partial<PathsConfig>;
  /** `features`: the name of one selection candidate (selection then only fits that one). */
  training?: Partial<Pick<TrainingConfig, 'seed'>> & { features?: string; base?: TrainingConfig };
  serving?: Partial<ServingConfig>;
}

export const DEFAULT_CONFIG: AppConfig = {
  encoder: { backend: 'use-lite', model: undefined, batchSize: 64, tfjsBackend: 'auto' },
  paths: {
    taxonomyFile: resolve(PROJECT_ROOT, 'taxonomy/content-taxonomy-3.1.tsv'),
    sharedTaxonomyDir: resolve(PROJECT_ROOT, '../shared/taxonomy'),
    artifactsDir: resolve(PROJECT_ROOT, 'artifacts'),
    embedCacheDir: resolve(PROJECT_ROOT, '.cache/embeddings'),
    dataDir: resolve(PROJECT_ROOT, 'data'),
    referenceEvalDir: resolve(PROJECT_ROOT, '../shared/eval/reference'),
  },
  training: DEFAULT_TRAINING_CONFIG,
  serving: {
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
  },
  jobThreads: Math.min(4, availableParallelism()),
};

type Env = Readonly<Record<string, string | undefined>>;

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}; given "${value}"`);
  }
  return value as T;
}

function positiveInt(name: string, value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name} must be a positive integer; given "${value}"`);
  return n;
}

function intInRange(name: string, value: string | number, min: number, max: number): number {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}; given "${value}"`);
  return n;
}

function booleanSetting(name: string, value: string | boolean): boolean {
  if (typeof value === 'boolean') return value;
  const lower = value.trim().toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0' || lower === '') return false;
  throw new ConfigError(`${name} must be true or false; given "${value}"`);
}

function definedOnly<T extends object>(value: Partial<T> | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function fromEnv(env: Env): Omit<ConfigOverrides, 'serving'> & { serving: RawServing } {
  return {
    encoder: definedOnly<EncoderConfig>({
      backend: env.ENCODER_BACKEND as EncoderBackend | undefined,
      model: env.ENCODER_MODEL,
      batchSize: env.ENCODER_BATCH_SIZE === undefined ? undefined : Number(env.ENCODER_BATCH_SIZE),
      tfjsBackend: env.TFJS_BACKEND as TfjsBackend | undefined,
    }),
    paths: definedOnly<PathsConfig>({
      taxonomyFile: env.TAXONOMY_PATH && resolve(env.TAXONOMY_PATH),
      artifactsDir: env.ARTIFACTS_DIR && resolve(env.ARTIFACTS_DIR),
      embedCacheDir: env.EMBED_CACHE_DIR && resolve(env.EMBED_CACHE_DIR),
    }),
    serving: servingFromEnv(env),
  };
}

/** Raw serving settings from the environment; validated (with their names) in validServing. */
type RawServing = { [K in keyof ServingConfig]?: ServingConfig[K] | string };

function servingFromEnv(env: Env): RawServing {
  return definedOnly<RawServing>({
    host: env.HOST,
    port: env.PORT,
    // An empty API_KEY means "no key", never "the empty key".
    apiKey: env.API_KEY === '' ? undefined : env.API_KEY,
    logQueries: env.LOG_QUERIES,
    logLevel: env.LOG_LEVEL,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    bodyLimitBytes: env.BODY_LIMIT,
    batchMaxSize: env.BATCH_MAX_SIZE,
    encoderWorkers: env.ENCODER_WORKERS,
    encoderWorkerNiceness: env.ENCODER_WORKER_NICENESS,
    // An empty LOG_HASH_SECRET means "generate one", never "the empty key".
    logHashSecret: env.LOG_HASH_SECRET === '' ? undefined : env.LOG_HASH_SECRET,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  });
}

function validLogHashSecret(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (String(value).length < 16) throw new ConfigError(`log hash secret (LOG_HASH_SECRET) must be at least 16 characters; given ${String(value).length}`);
  return String(value);
}

function validServing(raw: RawServing): ServingConfig {
  const merged = { ...DEFAULT_CONFIG.serving, ...raw };
  const host = String(merged.host).trim();
  if (host === '') throw new ConfigError('host (HOST / --host) must not be empty');
  const apiKey = merged.apiKey === undefined || merged.apiKey === '' ? undefined : String(merged.apiKey);
  if (apiKey !== undefined && (apiKey.length < 8 || /\s/.test(apiKey))) {
    throw new ConfigError(`API key (API_KEY / --api-key) must be at least 8 characters with no whitespace; given ${apiKey.length} characters`);
  }
  return {
    host,
    port: intInRange('port (PORT / --port)', merged.port, 0, 65_535),
    apiKey,
    logQueries: booleanSetting('LOG_QUERIES / --log-queries', merged.logQueries),
    logLevel: oneOf('log level (LOG_LEVEL / --log-level)', String(merged.logLevel), LOG_LEVELS),
    requestTimeoutMs: intInRange('request timeout (REQUEST_TIMEOUT_MS / --request-timeout-ms)', merged.requestTimeoutMs, 1, 600_000),
    bodyLimitBytes: intInRange('body limit (BODY_LIMIT / --body-limit)', merged.bodyLimitBytes, 1, 16 * 1024 * 1024),
    batchMaxSize: intInRange('batch max size (BATCH_MAX_SIZE / --batch-max-size)', merged.batchMaxSize, 1, 1024),
    encoderWorkers: intInRange('encoder workers (ENCODER_WORKERS / --encoder-workers)', merged.encoderWorkers, 0, 64),
    encoderWorkerNiceness: intInRange('encoder worker niceness (ENCODER_WORKER_NICENESS / --encoder-worker-niceness)', merged.encoderWorkerNiceness, 0, 19),
    logHashSecret: validLogHashSecret(merged.logHashSecret),
    shutdownTimeoutMs: intInRange('shutdown timeout (SHUTDOWN_TIMEOUT_MS / --shutdown-timeout-ms)', merged.shutdownTimeoutMs, 1, 600_000),
  };
}

/** Defaults <- environment <- explicit overrides, then validated. */
export function loadConfig(overrides: ConfigOverrides = {}, env: Env = process.env): AppConfig {
  const envOverrides = fromEnv(env);
  const encoder = { ...DEFAULT_CONFIG.encoder, ...envOverrides.encoder, ...definedOnly(overrides.encoder) };
  const paths = { ...DEFAULT_CONFIG.paths, ...envOverrides.paths, ...definedOnly(overrides.paths) };
  encoder.backend = oneOf('encoder backend (ENCODER_BACKEND / --encoder)', encoder.backend, ENCODER_BACKENDS);
  encoder.tfjsBackend = oneOf('tfjs backend (TFJS_BACKEND)', encoder.tfjsBackend, TFJS_BACKENDS);
  encoder.batchSize = positiveInt('encoder batch size (ENCODER_BATCH_SIZE)', encoder.batchSize);
  const training = structuredClone(overrides.training?.base ?? DEFAULT_CONFIG.training);
  if (overrides.training?.seed !== undefined) training.seed = overrides.training.seed;
  if (overrides.training?.features !== undefined) {
    const name = oneOf('feature set (--features)', overrides.training.features, training.intentSelection.candidates.map((c) => c.name));
    training.intentSelection.candidates = training.intentSelection.candidates.filter((c) => c.name === name);
  }
  if (encoder.backend === 'transformers' && !encoder.model) {
    throw new ConfigError('the transformers encoder needs a model: set ENCODER_MODEL or --encoder-model to a Hub id or a local folder');
  }
  const serving = validServing({ ...envOverrides.serving, ...definedOnly(overrides.serving) });
  const jobThreads = positiveInt('job threads (JOB_THREADS)', env.JOB_THREADS ?? DEFAULT_CONFIG.jobThreads);
  return { encoder, paths, training, serving, jobThreads };
}
