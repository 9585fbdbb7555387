/**
 * Score the served pipeline against labelled files (`query-intent eval`): the report, its console
 * table, and its JSON and self-contained HTML files.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { withOptionalPackages } from '../shared/optional-package.js';
import { UserFacingError } from '../shared/errors.js';
import { INTENT_HEADS, type HeadName, type IntentHead } from '../shared/labels.js';
import { type ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { buildEvalReport, type EvalReport } from './eval-report.js';
import { readEvalRows, type AdContentGoldSource } from './eval-rows.js';
import { runPipeline } from './run-pipeline.js';

export const HEAD_NAMES: readonly HeadName[] = [...INTENT_HEADS, 'ad_content'];

/** "intent_type=0.6,ad_content=0.35" (flags may repeat) -> per-head thresholds in [0, 1]. */
export function parseThresholds(values: string | readonly string[] | undefined): Partial<Record<HeadName, number>> {
  const out: Partial<Record<HeadName, number>> = {};
  const items = (typeof values === 'string' ? [values] : (values ?? [])).flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
  for (const item of items) {
    const [head, value, ...rest] = item.split('=').map((s) => s.trim());
    if (!HEAD_NAMES.includes(head as HeadName)) throw new UserFacingError(`--thresholds: unknown head "${head}" in "${item}" (heads: ${HEAD_NAMES.join(', ')})`);
    const threshold = Number(value);
    if (rest.length > 0 || value === undefined || value === '' || !Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
      throw new UserFacingError(`--thresholds: "${item}" must be head=x with x between 0 and 1`);
    }
    out[head as HeadName] = threshold;
  }
  return out;
}

export function adContentGoldSource(runtime: ClassifierRuntime): AdContentGoldSource {
  return runtime.adContent ? { taxonomy: runtime.adContent.taxonomy } : { unavailable: runtime.adContentProblem ?? 'no ad_content model in the artifacts' };
}

export interface EvaluateOptions {
  dataFiles: readonly string[];
  thresholds?: Partial<Record<HeadName, number>>;
  /** Texts per encoder call. */
  batchSize: number;
}

export async function evaluate(runtime: ClassifierRuntime, options: EvaluateOptions): Promise<EvalReport> {
  const source = adContentGoldSource(runtime);
  const { rows, problems, datasets } = await readEvalRows(options.dataFiles, source);
  const thresholds = { ...runtime.thresholds, ...options.thresholds };
  const evaluated = await runPipeline(runtime, rows, { batchSize: options.batchSize, thresholds });
  const labels = Object.fromEntries(INTENT_HEADS.map((h) => [h, runtime.artifacts.intentHeads[h].head.labels])) as Record<IntentHead, readonly string[]>;
  return buildEvalReport(
    evaluated,
    { thresholds, labels, adContent: runtime.adContent },
    {
      datasets,
      problems,
      artifact_version: runtime.artifacts.version,
      encoder: runtime.encoder.id,
      ...('unavailable' in source ? { adContentUnavailable: source.unavailable } : {}),
    },
  );
}

export async function writeReportFile(path: string, body: string): Promise<string> {
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, body);
  return target;
}

/** The HTML report's charting: development dependencies (a production install for serving leaves them out). */
export const CHART_PACKAGES = [
  { name: 'vega', range: '^6.4.0' },
  { name: 'vega-lite', range: '^6.4.3' },
] as const;

export async function writeEvalOutputs(report: EvalReport, outputs: { json?: string; html?: string }): Promise<string[]> {
  const written: string[] = [];
  if (outputs.json) written.push(await writeReportFile(outputs.json, `${JSON.stringify(report, null, 2)}\n`));
  if (outputs.html) {
    const { renderHtmlReport } = await withOptionalPackages(CHART_PACKAGES, 'the HTML report (--html)', () => import('./html-report.js'));
    written.push(await writeReportFile(outputs.html, await renderHtmlReport(report)));
  }
  return written;
}
