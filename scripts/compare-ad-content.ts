/**
 * `npm run compare:ad-content [-- --data FILE ...]`: ad_content path accuracy of the classifier alone,
 * the taxonomy index alone and the full resolver, on labelled files with `ad_content_path` (Tier cells
 * joined by " > ") or `ad_content_id`. Default data: the reference ad_content sets beside the checkout.
 * Gold paths unknown in the loaded taxonomy are reported and skipped.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { resolveAdContent, singleSourceNode } from '../shared/ad-content/resolve-ad-content.js';
import { loadConfig } from '../shared/config.js';
import { pathMetrics } from '../shared/math/metrics.js';
import { runCli } from '../shared/cli-runner.js';
import { encoderOverrides, withEncoderFlags } from '../shared/encoder/encoder-options.js';
import { UserFacingError } from '../shared/errors.js';
import { readLabelledFile } from '../shared/labelled-file.js';
import { loadClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';

interface GoldRow {
  text: string;
  goldId: string;
}

const SOURCES = ['classifier', 'index', 'resolver'] as const;

await runCli(async () => {
  const args = await withEncoderFlags(yargs(hideBin(process.argv)))
    .option('data', { type: 'string', array: true, describe: 'labelled files (default: ../shared/eval/reference/ad_content.*.jsonl)' })
    .strict()
    .parseAsync();
  const config = loadConfig(encoderOverrides(args));
  const runtime = await loadClassifierRuntime(config);
  const model = runtime.adContent;
  if (!model) throw new UserFacingError(`ad_content is not available: ${runtime.adContentProblem}`);
  const referenceDir = config.paths.referenceEvalDir;
  const files =
    args.data ?? (existsSync(referenceDir) ? (await readdir(referenceDir)).filter((n) => /^ad_content\..*\.jsonl$/.test(n)).sort().map((n) => join(referenceDir, n)) : []);
  if (files.length === 0) throw new UserFacingError('no labelled ad_content files given (--data)');

  console.log(`artifact ${runtime.artifacts.version}; resolver index weight ${model.params.indexWeight}, lexical weight ${model.params.lexicalWeight}`);
  console.log(`${'file'.padEnd(26)} ${'source'.padEnd(11)} ${'n'.padStart(5)} ${['exact', 'tier1', 'tier2', 'tier3', 'tier4', 'parent-safe', 'depth'].map((h) => h.padStart(12)).join('')}`);
  for (const file of files) {
    const { lines } = await readLabelledFile(file);
    const rows: GoldRow[] = [];
    let skipped = 0;
    for (const { line, value } of lines) {
      const record = value as { text?: string; ad_content_path?: string; ad_content_id?: string };
      const node = record.ad_content_id ? model.taxonomy.byId.get(record.ad_content_id) : record.ad_content_path ? model.taxonomy.byPath.get(record.ad_content_path) : undefined;
      if (!node || typeof record.text !== 'string') {
        skipped += 1;
        console.error(`${file}:${line}: skipped, gold path unknown in the loaded taxonomy: ${record.ad_content_path ?? record.ad_content_id}`);
        continue;
      }
      rows.push({ text: record.text, goldId: node.id });
    }
    const embeddings = await runtime.encoder.embed(rows.map((r) => r.text));
    const pathOf = (id: string) => model.taxonomy.byId.get(id)?.path ?? [];
    for (const source of SOURCES) {
      const predictedId = (row: GoldRow, i: number) =>
        source === 'resolver' ? resolveAdContent(model, row.text, embeddings[i] as Float32Array).node.id : singleSourceNode(model, source, row.text, embeddings[i] as Float32Array);
      const metrics = pathMetrics(rows.map((row, i) => pathOf(predictedId(row, i))), rows.map((row) => pathOf(row.goldId)));
      const cells = [metrics.exact, ...metrics.tiers.map((t) => t.accuracy), metrics.parent_safe, metrics.average_depth].map((v) => v.toFixed(3).padStart(12));
      console.log(`${basename(file).padEnd(26)} ${source.padEnd(11)} ${String(metrics.n).padStart(5)} ${cells.join('')}${source === 'classifier' && skipped ? `   (${skipped} skipped)` : ''}`);
    }
  }
  await runtime.encoder.dispose();
});
