/** The flags every command that embeds shares (encoder), and those that also load artifacts (--artifacts). */
import type { Argv } from 'yargs';
import { ENCODER_BACKENDS, loadConfig, type AppConfig, type ConfigOverrides, type EncoderBackend } from '../shared/config.js';

export interface EncoderFlags {
  encoder?: string;
  'encoder-model'?: string;
  'batch-size'?: number;
}

export function withEncoderFlags<T>(args: Argv<T>): Argv<T & EncoderFlags> {
  return args
    .option('encoder', { type: 'string', describe: `encoder backend (${ENCODER_BACKENDS.join(' | ')}); env ENCODER_BACKEND` })
    .option('encoder-model', { type: 'string', describe: 'transformers backend: Hub model id or local folder; env ENCODER_MODEL' })
    .option('batch-size', { type: 'number', describe: 'texts per encoder forward pass; env ENCODER_BATCH_SIZE' });
}

export function encoderOverrides(flags: EncoderFlags): ConfigOverrides {
  return {
    encoder: {
      backend: flags.encoder as EncoderBackend | undefined,
      model: flags['encoder-model'],
      batchSize: flags['batch-size'],
    },
  };
}

export interface ModelFlags extends EncoderFlags {
  artifacts?: string;
}

/** The encoder flags plus --artifacts, for commands that load (or write) an artifact version. */
export function withModelFlags<T>(args: Argv<T>): Argv<T & ModelFlags> {
  return withEncoderFlags(args).option('artifacts', { type: 'string', describe: 'artifacts folder (default artifacts/; env ARTIFACTS_DIR)' });
}

/** Defaults <- environment <- the encoder flags and --artifacts. */
export function modelConfig(flags: ModelFlags): AppConfig {
  return loadConfig({ ...encoderOverrides(flags), paths: { artifactsDir: flags.artifacts } });
}
