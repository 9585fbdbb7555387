import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yargs from 'yargs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTrainingFlags } from '../../cli/train-command.js';
import { DEFAULT_CONFIG, loadConfig } from '../../shared/config.js';
import { ConfigError } from '../../shared/errors.js';
import { DEFAULT_TRAINING_CONFIG } from '../../shared/training-config.js';
import { mergeTrainingConfig, readTrainingConfigFile, trainingConfigFields } from '../../training/training-config-file.js';

describe('training configuration', () => {
  let tmp = '';
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'qi-training-config-'));
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('the defaults are the ones loadConfig uses, and they satisfy the schema', () => {
    expect(DEFAULT_CONFIG.training).toBe(DEFAULT_TRAINING_CONFIG);
    expect(mergeTrainingConfig(DEFAULT_TRAINING_CONFIG, {}, 'defaults')).toEqual(DEFAULT_TRAINING_CONFIG);
  });

  it('a file sets any subset of fields: objects merge key by key, arrays replace, the rest keeps its default', async () => {
    const path = join(tmp, 'config.json');
    await writeFile(path, JSON.stringify({ intent: { epochs: 3, l2Grid: [0.1] }, targetPrecision: { ad_content: 0.5 } }));
    const config = await readTrainingConfigFile(DEFAULT_TRAINING_CONFIG, path);
    expect(config.intent.epochs).toBe(3);
    expect(config.intent.l2Grid).toEqual([0.1]);
    expect(config.intent.charNgrams).toEqual(DEFAULT_TRAINING_CONFIG.intent.charNgrams);
    expect(config.targetPrecision).toEqual({ ...DEFAULT_TRAINING_CONFIG.targetPrecision, ad_content: 0.5 });
    expect(DEFAULT_TRAINING_CONFIG.intent.epochs).toBe(15);
  });

  it.each([
    [{ intent: { epochs: 0 } }, /\/intent\/epochs must be >= 1/],
    [{ intent: { epoch: 3 } }, /unknown property "epoch"/],
    [{ targetPrecision: { intent_type: 1.5 } }, /intent_type must be <= 1/],
    [{ adContent: { features: 'bag-of-words' } }, /features must be one of embedding, embedding\+ngrams/],
  ])('refuses %j with a message naming the field', (patch, message) => {
    expect(() => mergeTrainingConfig(DEFAULT_TRAINING_CONFIG, patch, 'test')).toThrow(ConfigError);
    expect(() => mergeTrainingConfig(DEFAULT_TRAINING_CONFIG, patch, 'test')).toThrow(message);
  });

  it('every scalar field has a flag, parsed into the nested shape the config takes', async () => {
    const paths = trainingConfigFields().map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['seed', 'intent.epochs', 'intent.l2Grid', 'adContent.ngramScope', 'adContentResolver.walkUpThresholds', 'targetPrecision.ad_content', 'thresholdFloor', 'intentSelection.comparisonL2']));
    const args = (await withTrainingFlags(yargs([])).strict().parseAsync(['--intent.epochs', '3', '--adContent.l2Grid', '1e-6', '1e-5', '--adContentResolver.walkUpThresholds', '0.1', '0.3', '--thresholdFloor', '0.3'])) as Record<string, unknown>;
    const patch = { intent: args.intent, adContent: args.adContent, adContentResolver: args.adContentResolver, thresholdFloor: args.thresholdFloor };
    const config = mergeTrainingConfig(DEFAULT_TRAINING_CONFIG, patch, 'flags');
    expect(config.intent.epochs).toBe(3);
    expect(config.adContent.l2Grid).toEqual([1e-6, 1e-5]);
    expect(config.adContentResolver.walkUpThresholds).toEqual([0.1, 0.3]);
    expect(config.adContentResolver.indexWeights).toEqual(DEFAULT_TRAINING_CONFIG.adContentResolver.indexWeights);
    expect(config.thresholdFloor).toBe(0.3);
    expect(config.adContent.epochs).toBe(DEFAULT_TRAINING_CONFIG.adContent.epochs);
  });

  it('loadConfig starts from a given base and still applies --seed and --features', () => {
    const base = mergeTrainingConfig(DEFAULT_TRAINING_CONFIG, { intent: { epochs: 2 } }, 'test');
    const config = loadConfig({ training: { base, seed: 7, features: 'embedding' } }, {});
    expect(config.training.intent.epochs).toBe(2);
    expect(config.training.seed).toBe(7);
    expect(config.training.intentSelection.candidates.map((c) => c.name)).toEqual(['embedding']);
  });
});
