/**
 * `npm run compare:ad-content [-- --data FILE ...]`: ad_content path accuracy of the classifier alone,
 * the taxonomy index alone and the full resolver, on labelled files with `ad_content_path` (Tier cells
 * joined by " > ") or `ad_content_id`. Default data: the reference ad_content sets beside the checkout.
 * Gold paths unknown in the loaded taxonomy are reported and skipped. Rows whose text the training
 * corpus contains verbatim (templates over node names can coincide with name-based evaluation texts)
 * are counted, and each source is scored again on the rows no training or calibration text matches.
 */
import { textTable } from '../shared/text-table.js';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { resolveAdContent, singleSourceNode } from '../shared/ad-content/resolve-ad-content.js';
import { pathMetrics } from '../shared/math/metrics.js';
import { defineCommand } from './define-command.js';
import { modelConfig, withModelFlags } from './encoder-flags.js';
import { UserFacingError } from '../shared/errors.js';
import { readLabelledFile } from '../shared/labelled-file.js';
import { loadClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { normaliseText } from '../shared/text.js';
import { loadAnnotations } from '../shared/taxonomy/annotations.js';
import { buildAdContentRows } from '../training/data/ad-content-rows.js';
import { ablationTable, adContentAblation } from '../evaluation/ad-content-ablation.js';
import { HELD_OUT_AD_CONTENT_SETS } from '../training/data/ad-content-eval-rows.js';

interface GoldRow {
  text: string;
  goldId: string;
  polysemy: boolean;
}

const SOURCES = ['classifier', 'index', 'resolver'] as const;

export const compareAdContentCommand = defineCommand({
  command: 'compare:ad-content',
  describe: 'compare ad_content sources (classifier, index, resolver) on labelled files, with a stage ablation',
  examples: [['query-intent compare:ad-content --data data/eval/ad_content.natural.jsonl', 'score the natural held-out set']],
  builder: (y) =>
    withModelFlags(y)
    .option('data', { type: 'string', array: true, describe: 'labelled files (default: the held-out sets data/eval/ad_content.{natural,contrast}.jsonl and ../shared/eval/reference/ad_content.*.jsonl)' })
    .option('ablation', { type: 'boolean', default: true, describe: 'also print the stage ablation table per file' }),
  handler: async (args) => {
    const config = modelConfig(args);
    const runtime = await loadClassifierRuntime(config);
    const model = runtime.adContent;
    if (!model) throw new UserFacingError(`ad_content is not available: ${runtime.adContentProblem}`);
    const referenceDir = config.paths.referenceEvalDir;
    const heldOut = HELD_OUT_AD_CONTENT_SETS.map((set) => join(config.paths.dataDir, set.file)).filter((file) => existsSync(file));
    const files = args.data ?? [
      ...heldOut,
      ...(existsSync(referenceDir) ? (await readdir(referenceDir)).filter((n) => /^ad_content\..*\.jsonl$/.test(n)).sort().map((n) => join(referenceDir, n)) : []),
    ];
    if (files.length === 0) throw new UserFacingError('no labelled ad_content files given (--data)');

    const fitted = buildAdContentRows(model.taxonomy, await loadAnnotations()).filter((r) => r.split !== 'test');
    const seenInTraining = new Set(fitted.map((r) => normaliseText(r.text)));

    console.log(
      `artifact ${runtime.artifacts.version}; resolver index weight ${model.params.indexWeight}, lexical weight ${model.params.lexicalWeight}, walk-up threshold ${model.params.walkUpThreshold}`,
    );
    const header = ['file', 'source', 'n', 'exact', 'tier1', 'tier2', 'tier3', 'tier4', 'parent-safe', 'depth', ''];
    const align = ['left', 'left', ...header.slice(2, -1).map(() => 'right' as const), 'left'] as const;
    const table: string[][] = [];
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
        rows.push({ text: record.text, goldId: node.id, polysemy: (record as { polysemy?: unknown }).polysemy === true });
      }
      const embeddings = await runtime.encoder.embed(rows.map((r) => r.text));
      const pathOf = (id: string) => model.taxonomy.byId.get(id)?.path ?? [];
      const unseen = rows.flatMap((row, i) => (seenInTraining.has(normaliseText(row.text)) ? [] : [i]));
      const subsets: Array<[string, number[]]> = [['', rows.map((_, i) => i)], ...(unseen.length < rows.length ? [[' unseen', unseen] as [string, number[]]] : [])];
      const predictedPaths = Object.fromEntries(
        SOURCES.map((source) => [
          source,
          rows.map(({ text }, i) => {
            const embedding = embeddings[i] as Float32Array;
            return pathOf(source === 'resolver' ? resolveAdContent(model, text, embedding).node.id : singleSourceNode(model, source, text, embedding));
          }),
        ]),
      ) as Record<(typeof SOURCES)[number], Array<readonly string[]>>;
      for (const [subset, positions] of subsets) {
        for (const source of SOURCES) {
          const metrics = pathMetrics(positions.map((i) => predictedPaths[source][i] as readonly string[]), positions.map((i) => pathOf((rows[i] as GoldRow).goldId)));
          const cells = [metrics.exact, ...metrics.tiers.map((t) => t.accuracy), metrics.parent_safe, metrics.average_depth].map((v) => v.toFixed(3));
          const notes = source === 'classifier' && !subset ? [skipped && `${skipped} skipped`, unseen.length < rows.length && `${rows.length - unseen.length} texts seen in training`].filter(Boolean) : [];
          table.push([basename(file), source + subset, String(metrics.n), ...cells, notes.length ? `(${notes.join('; ')})` : '']);
        }
      }
      if (args.ablation) {
        const ablation = adContentAblation(model, { texts: rows.map((r) => r.text), embeddings, goldIds: rows.map((r) => r.goldId), polysemy: rows.map((r) => r.polysemy) });
        console.log(`\nablation on ${basename(file)}:\n${ablationTable(ablation).join('\n')}\n`);
      }
    }
    console.log(textTable(header, table, { align }).join('\n'));
    await runtime.encoder.dispose();
  },
});

