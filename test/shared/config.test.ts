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
