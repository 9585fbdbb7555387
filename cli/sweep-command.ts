/** `query-intent sweep`: sweep one head's threshold on a labelled file; `--apply` writes it into a new artifact version. */
import { HEAD_NAMES, writeReportFile } from '../evaluation/evaluate.js';
import { formatSweepTable, sweep } from '../evaluation/sweep.js';
import { UserFacingError } from '../shared/errors.js';
import type { HeadName } from '../shared/labels.js';
import { loadClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { applySweep } from '../training/apply-sweep.js';
import { modelConfig, withModelFlags, type ModelFlags } from './encoder-flags.js';
import { defineCommand } from './define-command.js';

interface SweepArgs extends ModelFlags {
  data: string;
  head: string;
  'target-precision'?: number;
  apply?: boolean;
  json?: string;
}

export const sweepCommand = defineCommand<SweepArgs>({
  command: 'sweep',
  describe: "sweep one head's threshold over 0..1 on a labelled file and recommend one (--apply writes it into a new artifact version)",
  examples: [['query-intent sweep --data data/intent/selection.jsonl --head intent_type', 'recommend an intent_type threshold']],
  builder: (args) =>
    withModelFlags(args)
      .option('data', { type: 'string', demandOption: true, describe: 'labelled JSONL or CSV file' })
      .option('head', { type: 'string', demandOption: true, choices: HEAD_NAMES as string[], describe: 'the head whose threshold is swept' })
      .option('target-precision', { type: 'number', describe: "accepted accuracy to reach (default: the artifact's target for the head)" })
      .option('apply', { type: 'boolean', default: false, describe: 'write the recommended threshold into a new artifact version and make it current' })
      .option('json', { type: 'string', describe: 'write every threshold row as JSON here' }),
  handler: async (args) => {
    const target = args['target-precision'];
    if (target !== undefined && !(target > 0 && target <= 1)) throw new UserFacingError(`--target-precision must be in (0, 1]; given ${target}`);
    const config = modelConfig(args);
    const runtime = await loadClassifierRuntime(config);
    try {
      const report = await sweep(runtime, { dataFile: args.data, head: args.head as HeadName, targetPrecision: target, batchSize: config.encoder.batchSize, config });
      console.log(formatSweepTable(report));
      if (args.json) console.error(`wrote ${await writeReportFile(args.json, `${JSON.stringify(report, null, 2)}\n`)}`);
      if (args.apply) {
        const result = await applySweep(config, report);
        console.log(`artifact version ${result.version} (from ${result.base}) written to ${result.dir}; ${report.head} threshold ${report.recommendation.threshold.toFixed(2)}`);
      }
    } finally {
      await runtime.encoder.dispose();
    }
  },
});
