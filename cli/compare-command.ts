/** `query-intent compare`: the current artifact version against a baseline version on labelled files, per intent head. */
import { compareVersions, formatComparison } from '../evaluation/compare-versions.js';
import { writeReportFile } from '../evaluation/evaluate.js';
import { loadArtifacts } from '../shared/artifacts/load-artifacts.js';
import { loadClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { defineCommand } from './define-command.js';
import { modelConfig, withModelFlags, type ModelFlags } from './encoder-flags.js';

interface CompareArgs extends ModelFlags {
  baseline: string;
  'baseline-version'?: string;
  data: string[];
  top: number;
  json?: string;
}

export const compareCommand = defineCommand<CompareArgs>({
  command: 'compare',
  describe: 'compare the intent heads of two artifact versions on labelled files: accuracy, confident errors, rows fixed and broken, largest moves',
  examples: [['query-intent compare --baseline /tmp/old-artifacts --data data/eval/intent.natural.jsonl', 'what a retrain changed on the natural set']],
  builder: (args) =>
    withModelFlags(args)
      .option('baseline', { type: 'string', demandOption: true, describe: 'artifacts folder of the version to compare against (its current.json names the version)' })
      .option('baseline-version', { type: 'string', describe: 'a specific version in the baseline folder' })
      .option('data', { type: 'string', array: true, demandOption: true, describe: 'labelled JSONL or CSV file (repeatable)' })
      .option('top', { type: 'number', default: 10, describe: 'largest moves listed per head' })
      .option('json', { type: 'string', describe: 'write the full comparison as JSON here' }),
  handler: async (args) => {
    const config = modelConfig(args);
    const runtime = await loadClassifierRuntime(config);
    try {
      const baseline = await loadArtifacts(args.baseline, { encoderFingerprint: runtime.encoder.fingerprint, ...(args['baseline-version'] ? { version: args['baseline-version'] } : {}) });
      const comparison = await compareVersions(runtime, baseline, { dataFiles: args.data, batchSize: config.encoder.batchSize, top: args.top });
      console.log(formatComparison(comparison));
      if (args.json) console.error(`wrote ${await writeReportFile(args.json, `${JSON.stringify(comparison, null, 2)}\n`)}`);
    } finally {
      await runtime.encoder.dispose();
    }
  },
});
