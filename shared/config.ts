/**
 * The one typed place for configuration. Defaults live here; environment variables override them,
 * and CLI flags override both (callers pass them as `overrides`).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './errors.js';
import type { NgramScope } from './features/feature-set.js';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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

export const FEATURE_KINDS = ['embedding', 'embedding+ngrams'] as const;
export type FeatureKindSetting = (typeof FEATURE_KINDS)[number];

export interface HeadTrainingConfig {
  features: FeatureKindSetting;
  ngramBuckets: number;
  /** Weight of the unit-norm n-gram block next to the unit-norm embedding. */
  ngramWeight: number;
  /** `wanted`: n-grams skip the part of a query it rules out ("X, not Y"). */
  ngramScope: NgramScope;
  epochs: number;
  batchSize: number;
  learningRate: number;
  /** L2 penalties tried; the one with the best calibration-split accuracy wins per head. */
  l2Grid: number[];
}

export interface TrainingConfig {
  seed: number;
  intent: HeadTrainingConfig;
  adContent: HeadTrainingConfig;
  /** Target precision (accepted accuracy) per head when picking its confidence threshold. */
  targetPrecision: Record<'intent_type' | 'intent_subtype' | 'decision_phase' | 'ad_content', number>;
  thresholdFloor: number;
}

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
  /** BATCH_MAX_SIZE: texts per coalesced encoder call. */
  batchMaxSize: number;
  /** BATCH_MAX_WAIT_MS: how long the first queued text waits for company before its batch runs. */
  batchMaxWaitMs: number;
  /** SHUTDOWN_TIMEOUT_MS: on SIGTERM/SIGINT, in-flight requests get this long before the process exits 1. */
  shutdownTimeoutMs: number;
}

export interface AppConfig {
  encoder: EncoderConfig;
  paths: PathsConfig;
  training: TrainingConfig;
  serving: ServingConfig;
}

export interface ConfigOverrides {
  encoder?: Partial<EncoderConfig>;
  paths?: Partial<PathsConfig>;
  training?: Partial<Pick<TrainingConfig, 'seed'>> & { features?: FeatureKindSetting };
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
  training: {
    seed: 20261121,
    intent: { features: 'embedding+ngrams', ngramBuckets: 4096, ngramWeight: 1, ngramScope: 'query', epochs: 15, batchSize: 256, learningRate: 0.01, l2Grid: [1e-6, 1e-5, 1e-4] },
    adContent: { features: 'embedding+ngrams', ngramBuckets: 4096, ngramWeight: 1, ngramScope: 'wanted', epochs: 12, batchSize: 256, learningRate: 0.01, l2Grid: [1e-6] },
    targetPrecision: { intent_type: 0.8, intent_subtype: 0.75, decision_phase: 0.75, ad_content: 0.7 },
    thresholdFloor: 0.2,
  },
  serving: {
    host: '127.0.0.1',
    port: 8080,
    apiKey: undefined,
    logQueries: false,
    logLevel: 'info',
    requestTimeoutMs: 10_000,
    bodyLimitBytes: 65_536,
    batchMaxSize: 32,
    batchMaxWaitMs: 2,
    shutdownTimeoutMs: 15_000,
  },
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
    batchMaxWaitMs: env.BATCH_MAX_WAIT_MS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  });
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
    batchMaxWaitMs: intInRange('batch max wait (BATCH_MAX_WAIT_MS / --batch-max-wait-ms)', merged.batchMaxWaitMs, 0, 1000),
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
  const training = structuredClone(DEFAULT_CONFIG.training);
  if (overrides.training?.seed !== undefined) training.seed = overrides.training.seed;
  if (overrides.training?.features !== undefined) {
    training.intent.features = oneOf('feature set (--features)', overrides.training.features, FEATURE_KINDS);
  }
  if (encoder.backend === 'transformers' && !encoder.model) {
    throw new ConfigError('the transformers encoder needs a model: set ENCODER_MODEL or --encoder-model to a Hub id or a local folder');
  }
  const serving = validServing({ ...envOverrides.serving, ...definedOnly(overrides.serving) });
  return { encoder, paths, training, serving };
}
