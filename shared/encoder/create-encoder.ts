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
