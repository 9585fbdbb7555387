/** `query-intent data:check`: check the labelled data and print counts; exit 1 on any problem. */
import { join } from 'node:path';
import { loadConfig } from '../shared/config.js';
import { UserFacingError } from '../shared/errors.js';
import { toJsonl } from '../shared/jsonl.js';
import { CORPUS_SPLITS } from '../training/data/corpus/topic-splits.js';
import { buildCorpus, loadCorpusSource } from '../training/data/build-intent-data.js';
import { checkCorpus, formatCorpusCheck } from '../training/data/corpus/check-corpus.js';
import type { CorpusRow } from '../training/data/corpus/corpus-row.js';
import { checkIntentRows, formatCounts, type CheckFailure } from '../training/data/check-intent-data.js';
import { loadReferenceTexts } from '../training/data/reference-texts.js';
import { buildAdContentRows } from '../training/data/ad-content-rows.js';
import { checkAdContentRows, checkHeldOutSet, sharedAcross } from '../training/data/check-ad-content-data.js';
import { CONTRAST_CALIBRATION_SET, HELD_OUT_AD_CONTENT_SETS, readAdContentEvalRows } from '../training/data/ad-content-eval-rows.js';
import { loadTaxonomySources } from '../shared/taxonomy/annotations.js';
import { readSplitRows } from '../training/data/check-data.js';
import { defineCommand } from './define-command.js';
import { checkUnseenWriterRows, loadUnseenWriterRows } from '../training/unseen-writers.js';
import { normaliseText } from '../shared/text.js';

export const dataCheckCommand = defineCommand({
  command: 'data:check',
  describe: 'check the labelled data (labels, corpus rules, staleness, overlap with the reference sets) and print counts',
  examples: [['query-intent data:check', 'check data/ before training']],
  handler: async () => {
    const { paths } = loadConfig();
    const { rows, failures: parseFailures } = await readSplitRows(paths.dataDir);
    const referenceTexts = await loadReferenceTexts(paths.referenceEvalDir);
    const report = checkIntentRows(rows, referenceTexts);
    console.log(formatCounts(report));
    const source = await loadCorpusSource(paths.dataDir);
    const corpus = checkCorpus(rows.map((r) => r.value as CorpusRow), source.registry);
    console.log(`\n${formatCorpusCheck(corpus)}`);
    const built = buildCorpus(source).bySplit;
    const stale = CORPUS_SPLITS.filter((split) => toJsonl(built[split]) !== toJsonl(rows.filter((r) => r.split === split).map((r) => r.value)));
    const corpusFailures: CheckFailure[] = [
      ...corpus.failures.map((message) => ({ kind: 'corpus_rule' as const, message })),
      ...stale.map((split) => ({ kind: 'stale' as const, message: `data/intent/${split}.jsonl differs from what data/corpus-v2 builds; run npm run data` })),
    ];
    const { taxonomy, annotations } = await loadTaxonomySources(paths.taxonomyFile);
    const adRows = buildAdContentRows(taxonomy, annotations);
    const adReport = checkAdContentRows(taxonomy, annotations, adRows, referenceTexts);
    console.log(
      `\nad_content: ${adReport.nodes} nodes (${annotations.extensions.length} internal extensions); rows ${Object.entries(adReport.rowsPerSplit).map(([s, n]) => `${s} ${n}`).join(', ')}; queries per node min ${adReport.minRowsPerNode}, median ${adReport.medianRowsPerNode}; templated texts also in the reference sets: ${adReport.templatesInReference}`,
    );
    const heldOut = [];
    for (const set of [...HELD_OUT_AD_CONTENT_SETS, CONTRAST_CALIBRATION_SET]) {
      const setRows = await readAdContentEvalRows(join(paths.dataDir, set.file), taxonomy);
      heldOut.push({ set, rows: setRows, report: checkHeldOutSet(taxonomy, set, setRows, adRows) });
    }
    const sharedTexts = sharedAcross(heldOut.map((h) => ({ name: h.set.name, texts: h.rows.texts })));
    console.log(`ad_content polysemy queries: ${annotations.polysemy.length}; ${heldOut.map(({ set, report }) => `${set.name} (data/${set.file}): ${report.rows} rows, ${report.tier1} tier-1 categories, ${report.polysemyRows} polysemy rows`).join('; ')}`);
    const writers = checkUnseenWriterRows(await loadUnseenWriterRows(paths.dataDir), new Set(rows.map((r) => normaliseText((r.value as CorpusRow).text))), referenceTexts);
    console.log(writers.summary);
    const failures = [...parseFailures, ...report.failures, ...corpusFailures, ...adReport.failures, ...heldOut.flatMap((h) => h.report.failures), ...sharedTexts, ...writers.failures];
    if (failures.length > 0) {
      for (const failure of failures) console.error(`[${failure.kind}] ${failure.message}`);
      throw new UserFacingError(`data check failed: ${failures.length} problems`);
    }
    console.log('\ndata check passed');
  },
});
