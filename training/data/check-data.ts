/** `npm run data:check`: counts per head, label and split; non-zero exit listing every failing row. */
import { join } from 'node:path';
import { loadConfig } from '../../shared/config.js';
import { isMainModule, parseNoFlags, runCli } from '../../shared/cli-runner.js';
import { UserFacingError } from '../../shared/errors.js';
import { readJsonl, toJsonl } from '../../shared/jsonl.js';
import { CORPUS_SPLITS } from './corpus/topic-splits.js';
import { buildCorpus, INTENT_DATA_DIR, loadCorpusSource } from './build-intent-data.js';
import { checkCorpus, formatCorpusCheck } from './corpus/check-corpus.js';
import type { CorpusRow } from './corpus/corpus-row.js';
import { checkIntentRows, formatCounts, type CheckFailure, type LocatedRow } from './check-intent-data.js';
import { loadReferenceTexts } from './reference-texts.js';
import { buildAdContentRows } from './ad-content-rows.js';
import { checkAdContentRows, checkNaturalSet } from './check-ad-content-data.js';
import { NATURAL_EVAL_FILE, readAdContentEvalRows } from './ad-content-eval-rows.js';
import { loadTaxonomySources } from '../../taxonomy/annotations.js';

export async function readSplitRows(dataDir: string): Promise<{ rows: LocatedRow[]; failures: CheckFailure[] }> {
  const rows: LocatedRow[] = [];
  const failures: CheckFailure[] = [];
  for (const split of CORPUS_SPLITS) {
    const file = join(dataDir, INTENT_DATA_DIR, `${split}.jsonl`);
    const { lines, errors } = await readJsonl(file).catch(() => {
      throw new UserFacingError(`cannot read ${file}; run npm run data`);
    });
    failures.push(...errors.map((e) => ({ kind: 'malformed' as const, message: `${file}:${e.line}: ${e.message}` })));
    rows.push(...lines.map(({ line, value }) => ({ file, line, split, value })));
  }
  return { rows, failures };
}

if (isMainModule(import.meta.url)) {
  await runCli(async () => {
    await parseNoFlags('npm run data:check', 'Check the labelled data (labels, corpus rules, staleness, overlap with the reference sets) and print counts.');
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
    const adReport = checkAdContentRows(taxonomy, annotations, buildAdContentRows(taxonomy, annotations), referenceTexts);
    console.log(
      `\nad_content: ${adReport.nodes} nodes (${annotations.extensions.length} internal extensions); rows ${Object.entries(adReport.rowsPerSplit).map(([s, n]) => `${s} ${n}`).join(', ')}; queries per node min ${adReport.minRowsPerNode}, median ${adReport.medianRowsPerNode}; templated texts also in the reference sets: ${adReport.templatesInReference}`,
    );
    const natural = checkNaturalSet(taxonomy, await readAdContentEvalRows(join(paths.dataDir, NATURAL_EVAL_FILE), taxonomy), buildAdContentRows(taxonomy, annotations));
    console.log(`ad_content polysemy queries: ${annotations.polysemy.length}; natural held-out set: ${natural.rows} rows, ${natural.tier1} tier-1 categories, ${natural.polysemyRows} polysemy rows`);
    const failures = [...parseFailures, ...report.failures, ...corpusFailures, ...adReport.failures, ...natural.failures];
    if (failures.length > 0) {
      for (const failure of failures) console.error(`[${failure.kind}] ${failure.message}`);
      throw new UserFacingError(`data check failed: ${failures.length} problems`);
    }
    console.log('\ndata check passed');
  });
}
