/** `query-intent eval`: score the classifier on labelled files; print a table, optionally write JSON and HTML. */
import { evaluate, parseThresholds, writeEvalOutputs } from '../evaluation/evaluate.js';
import { formatEvalTable } from '../evaluation/format-table.js';
import { loadClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { modelConfig, withModelFlags, type ModelFlags } from './encoder-flags.js';
import { defineCommand } from './define-command.js';

interface EvalArgs extends ModelFlags {
  data: string[];
  json?: string;
  html?: string;
  thresholds?: string[];
}

export const evalCommand = defineCommand<EvalArgs>({
  command: 'eval',
  describe: 'evaluate the classifier on labelled JSONL/CSV files (per-head metrics, calibration, coverage, ad_content paths)',
  examples: [['query-intent eval --data data/intent/test.jsonl --html report.html', 'score the test split and write the HTML report']],
  builder: (args) =>
    withModelFlags(args)
      .option('data', { type: 'string', array: true, demandOption: true, describe: 'labelled JSONL or CSV file (repeatable)' })
      .option('json', { type: 'string', describe: 'write the full report as JSON here' })
      .option('html', { type: 'string', describe: 'write a self-contained HTML report here' })
      .option('thresholds', { type: 'string', array: true, describe: 'threshold overrides, e.g. intent_type=0.6,ad_content=0.35' }),
  handler: async (args) => {
    const thresholds = parseThresholds(args.thresholds);
    const config = modelConfig(args);
    const runtime = await loadClassifierRuntime(config);
    try {
      const report = await evaluate(runtime, { dataFiles: args.data, thresholds, batchSize: config.encoder.batchSize });
      console.log(formatEvalTable(report));
      for (const path of await writeEvalOutputs(report, { json: args.json, html: args.html })) console.error(`wrote ${path}`);
    } finally {
      await runtime.encoder.dispose();
    }
  },
});
