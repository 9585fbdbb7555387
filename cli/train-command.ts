/** `query-intent train`: fit every stage (or the named ones) into a new artifact version and print the test-split summary. */
import { DEFAULT_CONFIG, loadConfig } from '../shared/config.js';
import { encoderOverrides, withEncoderFlags } from './encoder-flags.js';
import { train, STAGES, type TrainResult } from '../training/train.js';
import { textTable } from '../shared/text-table.js';
import { defineCommand } from './define-command.js';

function summaryTable(result: TrainResult): string {
  const rows = result.reports.map((r) => [r.head, String(r.test.raw.n), r.test.calibrated.accuracy.toFixed(3), r.test.calibrated.macro_f1.toFixed(3), r.test.raw.ece.toFixed(3), r.test.calibrated.ece.toFixed(3), r.threshold.value.toFixed(2)]);
  return textTable(['head', 'n', 'accuracy', 'macro-F1', 'ECE raw', 'ECE cal', 'threshold'], rows).join('\n');
}

export const trainCommand = defineCommand({
  command: 'train',
  describe: 'train the encoder-based heads, calibration, thresholds and ad_content resolver into a new artifact version',
  examples: [['query-intent train --stage heads', 'retrain only the intent heads; the other stages carry over']],
  builder: (y) =>
    withEncoderFlags(y)
      .option('data', { type: 'string', describe: 'labelled intent file (JSONL or CSV) to train on instead of data/intent/' })
      .option('artifacts', { type: 'string', describe: 'artifacts folder to write the new version into (default artifacts/; env ARTIFACTS_DIR)' })
      .option('seed', { type: 'number', describe: 'random seed for shuffling' })
      .option('features', { type: 'string', describe: `intent head feature set, skipping selection (one of: ${DEFAULT_CONFIG.training.intentSelection.candidates.map((c) => c.name).join(', ')})` })
      .option('stage', { type: 'string', choices: STAGES, array: true, describe: 'run only these stages (the others carry over from the current version)' }),
  handler: async (args) => {
    const config = loadConfig({
      ...encoderOverrides(args),
      paths: { artifactsDir: args.artifacts },
      training: { seed: args.seed, features: args.features },
    });
    const result = await train({ config, dataFile: args.data, stages: args.stage });
    console.log(`\nartifact version ${result.version} written to ${result.dir} in ${result.seconds.toFixed(0)} s (test split)\n`);
    console.log(summaryTable(result));
  },
});

