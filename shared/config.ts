/**
 * The one typed place for configuration. Defaults live here; environment variables override them,
 * and CLI flags override both (callers pass them as `overrides`).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './errors.js';

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

export interface AppConfig {
  encoder: EncoderConfig;
  paths: PathsConfig;
}

export interface ConfigOverrides {
  encoder?: Partial<EncoderConfig>;
  paths?: Partial<PathsConfig>;
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

function definedOnly<T extends object>(value: Partial<T> | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function fromEnv(env: Env): ConfigOverrides {
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
  if (encoder.backend === 'transformers' && !encoder.model) {
    throw new ConfigError('the transformers encoder needs a model: set ENCODER_MODEL or --encoder-model to a Hub id or a local folder');
  }
  return { encoder, paths };
}
