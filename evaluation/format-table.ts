/** The console summary of an evaluation report: one compact table per kind of head, then distributions and skipped rows. */
import { INTENT_HEADS } from '../shared/labels.js';
import { CONFIDENT_ERROR_LEVEL, type AdContentSummary, type EnvelopeReport, type EvalReport, type HeadSummary } from './eval-report.js';
import { DEFAULT_BOOTSTRAP, formatInterval, INTERVAL_STATISTICS, macroF1IntervalHolds, MIN_ROWS_PER_LABEL_FOR_F1_INTERVAL } from '../shared/math/bootstrap.js';
import { formatProblem } from './eval-rows.js';
import { textTable as table } from '../shared/text-table.js';

/** Skipped rows listed on the console; the JSON report lists all of them. */
export const MAX_PROBLEMS_SHOWN = 20;

const f3 = (x: number) => x.toFixed(3);


const INTENT_HEADER = ['head', 'n', 'acc', 'F1 all', 'F1 present', 'NLL', 'Brier', 'ECE raw', 'ECE cal', 'thr', 'coverage', 'acc@thr', 'fallback', 'conf-err', 'if calibrated'];

function intentCells(name: string, s: HeadSummary, threshold: number): string[] {
  return [name, String(s.n), f3(s.accuracy), f3(s.macro_f1), f3(s.macro_f1_present), f3(s.nll), f3(s.brier), f3(s.ece_raw), f3(s.ece), threshold.toFixed(2), f3(s.coverage), f3(s.accepted_accuracy), f3(s.fallback_rate), f3(s.confident_error_share), f3(s.expected_confident_error_share)];
}

const INTERVAL_HEADER = ['head', 'acc', 'F1 all', 'ECE cal', 'conf-err'];

const AD_HEADER = ['head', 'n', 'exact', 'tier1', 'tier2', 'tier3', 'tier4', 'parent-safe', 'depth', 'gold depth', 'thr', 'coverage', 'exact@thr', 'ECE'];

function adCells(name: string, s: AdContentSummary, threshold: number): string[] {
  return [name, String(s.n), f3(s.exact), f3(s.tier1), f3(s.tier2), f3(s.tier3), f3(s.tier4), f3(s.parent_safe), s.average_depth.toFixed(2), s.average_gold_depth.toFixed(2), threshold.toFixed(2), f3(s.coverage), f3(s.accepted_exact), f3(s.ece)];
}

function distribution(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

function envelopeLines(e: EnvelopeReport): string[] {
  return [
    `envelope (${e.rows} rows): fallback rate ${f3(e.fallback_rate)}`,
    `  monetization_eligibility: ${distribution(e.monetization_eligibility)}`,
    `  fallback reason: ${distribution(e.fallback_reason)}`,
  ];
}

export function formatEvalTable(report: EvalReport): string {
  const out: string[] = [
    `${report.rows} rows scored from ${report.datasets.length} file(s), ${report.skipped} skipped; artifacts ${report.artifact_version}, encoder ${report.encoder}`,
  ];
  const intentRows: string[][] = [];
  for (const head of INTENT_HEADS) {
    const h = report.heads[head];
    if (!h) continue;
    intentRows.push(intentCells(head, h, h.threshold));
    for (const [difficulty, s] of Object.entries(h.by_difficulty ?? {})) intentRows.push(intentCells(`  ${difficulty}`, s, h.threshold));
  }
  if (intentRows.length > 0) {
    out.push('', ...table(INTENT_HEADER, intentRows));
    out.push('F1 all = macro-F1 over every label of the head; F1 present = over labels present in truth or prediction.');
    out.push(`ECE = top-label, 10 equal-width bins (raw softmax / calibrated); coverage = share meeting the threshold; acc@thr = accuracy of those rows; conf-err = share of wrong answers with calibrated confidence above ${CONFIDENT_ERROR_LEVEL}; if calibrated = the conf-err these confidences would give if they were calibrated (conf-err above it is overconfidence).`);
    const intervalRows = INTENT_HEADS.flatMap((head) => {
      const h = report.heads[head];
      const f1Holds = h && macroF1IntervalHolds(h.per_label.map((l) => l.support));
      return h ? [[head, ...INTERVAL_STATISTICS.map((k) => (k === 'macro_f1' && !f1Holds ? '-' : formatInterval(h.intervals[k])))]] : [];
    });
    out.push('', ...table(INTERVAL_HEADER, intervalRows));
    out.push(`${DEFAULT_BOOTSTRAP.level * 100}% bootstrap intervals: ${DEFAULT_BOOTSTRAP.resamples} resamples of each head's rows (fixed seed); how far each figure would move on another sample of as many rows. F1 "-": a label has fewer than ${MIN_ROWS_PER_LABEL_FOR_F1_INTERVAL} gold rows, so resamples drop it and score it 0.`);
  }
  const ad = report.heads.ad_content;
  if (ad) {
    const rows = [adCells('ad_content', ad, ad.threshold), ...Object.entries(ad.by_difficulty ?? {}).map(([d, s]) => adCells(`  ${d}`, s, ad.threshold))];
    out.push('', ...table(AD_HEADER, rows));
    out.push(`mapping_mode: ${distribution(ad.mapping_mode)}; tierK accuracy over rows whose gold path reaches tier K (${ad.tier_rows.tier1}/${ad.tier_rows.tier2}/${ad.tier_rows.tier3}/${ad.tier_rows.tier4} rows).`);
  }
  if (report.ad_content_unavailable) out.push('', `ad_content not scored: ${report.ad_content_unavailable}`);
  out.push('', ...envelopeLines(report.envelope));
  if (report.problems.length > 0) {
    out.push('', `skipped rows (${report.problems.length}):`);
    for (const p of report.problems.slice(0, MAX_PROBLEMS_SHOWN)) out.push(`  ${formatProblem(p)}`);
    if (report.problems.length > MAX_PROBLEMS_SHOWN) out.push(`  ... and ${report.problems.length - MAX_PROBLEMS_SHOWN} more (all of them in the --json report)`);
  }
  return out.join('\n');
}
