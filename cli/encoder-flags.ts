/** The encoder flags every command that embeds shares (training, eval, serve, embed). */
import type { Argv } from 'yargs';
import { ENCODER_BACKENDS, type ConfigOverrides, type EncoderBackend } from '../shared/config.js';

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
