/** `query-intent calibrate`: refit calibration and thresholds on a labelled file into a new artifact version. */
import { modelConfig, withModelFlags } from './encoder-flags.js';
import { calibrate } from '../training/calibrate.js';
import { defineCommand } from './define-command.js';

export const calibrateCommand = defineCommand({
  command: 'calibrate',
  describe: 'refit calibration and thresholds on a labelled file into a new artifact version',
  examples: [['query-intent calibrate --data data/intent/calibration.jsonl', 'recalibrate on the calibration split']],
  builder: (y) =>
    withModelFlags(y)
      .option('data', { type: 'string', demandOption: true, describe: 'labelled JSONL or CSV (text plus intent_type / intent_subtype / decision_phase)' }),
  handler: async (args) => {
    const config = modelConfig(args);
    const result = await calibrate({ config, dataFile: args.data });
    console.log(`artifact version ${result.version} (from ${result.base}) written to ${result.dir}`);
  },
});

