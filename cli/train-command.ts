/** `query-intent train`: fit every stage (or the named ones) into a new artifact version and print the test-split summary. */
import { DEFAULT_CONFIG, loadConfig } from '../shared/config.js';
import { encoderOverrides, withEncoderFlags } from './encoder-flags.js';
import { train, STAGES, type TrainResult } from '../training/train.js';
import { textTable } from '../shared/text-table.js';
import type { Argv } from 'yargs';
import { DEFAULT_TRAINING_CONFIG, TRAINING_CONFIG_SCHEMA } from '../shared/training-config.js';
import { mergeTrainingConfig, readTrainingConfigFile, trainingConfigFields } from '../training/training-config-file.js';
import { defineCommand } from './define-command.js';

function summaryTable(result: TrainResult): string {
  const rows = result.reports.map((r) => [r.head, String(r.test.raw.n), r.test.calibrated.accuracy.toFixed(3), r.test.calibrated.macro_f1.toFixed(3), r.test.raw.ece.toFixed(3), r.test.calibrated.ece.toFixed(3), r.threshold.value.toFixed(2)]);
  return textTable(['head', 'n', 'accuracy', 'macro-F1', 'ECE raw', 'ECE cal', 'threshold'], rows).join('\n');
}

const TRAINING_TOP_KEYS = new Set(Object.keys(TRAINING_CONFIG_SCHEMA.properties).filter((key) => key !== 'seed'));

/** One flag per training-config field (`--intent.epochs 20`, `--adContent.l2Grid 1e-6 1e-5`); --seed has its own. */
export function withTrainingFlags<T>(args: Argv<T>): Argv<T> {
  // The objects the dotted flags build (`--intent.epochs` -> intent.epochs), so that strict mode knows them.
  for (const [key, schema] of Object.entries(TRAINING_CONFIG_SCHEMA.properties)) if (schema.type === 'object') args.option(key, { hidden: true });
  for (const field of trainingConfigFields()) {
    if (field.path === 'seed') continue;
    const type = field.type === 'array' ? { type: 'number' as const, array: true } : { type: field.type };
    args.option(field.path, { ...type, describe: field.describe || 'training configuration field', group: 'Training configuration (defaults: shared/training-config.ts):' });
  }
  return args;
}

export const trainCommand = defineCommand({
  command: 'train',
  describe: 'train the encoder-based heads, calibration, thresholds and ad_content resolver into a new artifact version',
  examples: [
    ['query-intent train --stage heads', 'retrain only the intent heads; the other stages carry over'],
    ['query-intent train --config my-training.json --intent.epochs 20', 'a config file, and one field changed by flag'],
  ],
  builder: (y) =>
    withTrainingFlags(withEncoderFlags(y))
      .option('data', { type: 'string', describe: 'labelled intent file (JSONL or CSV) to train on instead of data/intent/' })
      .option('artifacts', { type: 'string', describe: 'artifacts folder to write the new version into (default artifacts/; env ARTIFACTS_DIR)' })
      .option('seed', { type: 'number', describe: 'random seed for shuffling' })
      .option('features', { type: 'string', describe: `intent head feature set, skipping selection (one of: ${DEFAULT_CONFIG.training.intentSelection.candidates.map((c) => c.name).join(', ')})` })
      .option('stage', { type: 'string', choices: STAGES, array: true, describe: 'run only these stages (the others carry over from the current version)' })
      .option('config', { type: 'string', describe: 'training configuration file (JSON, any subset of the fields; schema: shared/training-config.ts)' }),
  handler: async (args) => {
    let base = DEFAULT_TRAINING_CONFIG;
    if (args.config) base = await readTrainingConfigFile(base, args.config);
    const fromFlags = Object.fromEntries(Object.entries(args as Record<string, unknown>).filter(([key, value]) => TRAINING_TOP_KEYS.has(key) && value !== undefined));
    base = mergeTrainingConfig(base, fromFlags, 'the training flags');
    const config = loadConfig({
      ...encoderOverrides(args),
      paths: { artifactsDir: args.artifacts },
      training: { seed: args.seed, features: args.features, base },
    });
    const result = await train({ config, dataFile: args.data, stages: args.stage });
    console.log(`\nartifact version ${result.version} written to ${result.dir} in ${result.seconds.toFixed(0)} s (test split)\n`);
    console.log(summaryTable(result));
  },
});

