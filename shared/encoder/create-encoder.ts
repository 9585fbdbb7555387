import type { EncoderConfig } from '../config.js';
import type { Encoder } from './encoder.js';

/** The encoder a configuration names; backends load lazily so one never pays for the other. */
export async function createEncoder(config: EncoderConfig): Promise<Encoder> {
  switch (config.backend) {
    case 'use-lite':
      return (await import('./use-lite-encoder.js')).createUseLiteEncoder(config);
    case 'transformers':
      return (await import('./transformers-encoder.js')).createTransformersEncoder(config);
  }
}

/** The encoder for long jobs (training, calibration): `threads` encoder threads, or in-process for 1. */
export async function createJobEncoder(config: EncoderConfig, threads: number): Promise<Encoder> {
  if (threads <= 1) return createEncoder(config);
  return (await import('./parallel-encoder.js')).createParallelEncoder(config, threads);
}
