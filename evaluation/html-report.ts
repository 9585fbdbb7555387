/**
 * `--html OUT`: one self-contained HTML file (inline CSS and inline SVG charts, no scripts, nothing
 * fetched) with, per head, a reliability diagram (raw and calibrated), a confusion-matrix heat map, a
 * coverage / accepted-accuracy curve over thresholds, and the tables of the JSON report.
 */
import { INTENT_HEADS } from '../shared/labels.js';
import type { ReliabilityBin } from '../shared/math/metrics.js';
import { DEFAULT_BOOTSTRAP, formatInterval, macroF1IntervalHolds, MIN_ROWS_PER_LABEL_FOR_F1_INTERVAL } from '../shared/math/bootstrap.js';
import { barSpec, confusionSpec, reliabilitySpec, renderSvg, thresholdCurveSpec } from './charts.js';
import { CONFIDENT_ERROR_LEVEL, type AdContentReport, type AdContentSummary, type EvalReport, type HeadSummary, type IntentHeadReport } from './eval-report.js';
import { formatProblem } from './eval-rows.js';

/** Skipped rows listed in the HTML; the JSON report lists all of them. */
export const MAX_PROBLEMS_IN_HTML = 500;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f3 = (x: number) => x.toFixed(3);
const pct = (n: number, of: number) => (of === 0 ? '0.0%' : `${((100 * n) / of).toFixed(1)}%`);

function table(header: readonly string[], rows: ReadonlyArray<readonly (string | number)[]>, className = ''): string {
  const cell = (v: string | number, tag: 'td' | 'th') => `<${tag}${typeof v === 'number' ? ' class="num"' : ''}>${escapeHtml(String(v))}</${tag}>`;
  return `<table class="${className}"><thead><tr>${header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((v) => cell(v, 'td')).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

const figure = (svg: string, caption: string) => `<figure>${svg}<figcaption>${escapeHtml(caption)}</figcaption></figure>`;

const STYLE = `
body { font-family: sans-serif; margin: 2rem; color: #222; max-width: 1400px; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.25rem; border-bottom: 1px solid #ccc; padding-bottom: .25rem; margin-top: 2.5rem; } h3 { font-size: 1rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .85rem; }
th, td { border: 1px solid #ddd; padding: .2rem .5rem; text-align: left; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
thead th { background: #f4f4f4; }
.charts { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
figure { margin: 0; } figcaption { font-size: .8rem; color: #555; max-width: 420px; }
dl { font-size: .85rem; } dt { font-weight: bold; margin-top: .4rem; } dd { margin-left: 1rem; }
.note { font-size: .85rem; color: #555; }
`;

function summaryRows(s: HeadSummary): Array<[string, string | number, string | number]> {
  return [
    ['n', s.n, ''],
    ['accuracy', f3(s.accuracy), f3(s.accuracy_raw)],
    ['macro-F1, all labels', f3(s.macro_f1), ''],
    ['macro-F1, labels present', f3(s.macro_f1_present), ''],
    ['NLL', f3(s.nll), f3(s.nll_raw)],
    ['Brier', f3(s.brier), f3(s.brier_raw)],
    ['ECE (10 bins)', f3(s.ece), f3(s.ece_raw)],
    ['coverage', f3(s.coverage), ''],
    ['accepted accuracy', f3(s.accepted_accuracy), ''],
    ['fallback rate', f3(s.fallback_rate), ''],
    [`wrong answers above ${CONFIDENT_ERROR_LEVEL} confidence`, f3(s.confident_error_share), ''],
    ['the same, if these confidences were calibrated', f3(s.expected_confident_error_share), ''],
  ];
}

function difficultyTable(groups: Record<string, HeadSummary>): string {
  return table(
    ['difficulty', 'n', 'accuracy', 'macro-F1 all', 'macro-F1 present', 'NLL', 'Brier', 'ECE raw', 'ECE cal', 'coverage', 'accepted acc.', 'fallback'],
    Object.entries(groups).map(([d, s]) => [d, s.n, f3(s.accuracy), f3(s.macro_f1), f3(s.macro_f1_present), f3(s.nll), f3(s.brier), f3(s.ece_raw), f3(s.ece), f3(s.coverage), f3(s.accepted_accuracy), f3(s.fallback_rate)]),
  );
}

function binsTable(series: Record<string, readonly ReliabilityBin[]>): string {
  const names = Object.keys(series);
  const first = series[names[0] as string] as readonly ReliabilityBin[];
  return table(
    ['bin', ...names.flatMap((n) => [`${n} rows`, `${n} mean conf.`, `${n} accuracy`])],
    first.map((bin, b) => [
      `[${bin.lower.toFixed(1)}, ${bin.upper.toFixed(1)}${b === first.length - 1 ? ']' : ')'}`,
      ...names.flatMap((n) => {
        const x = (series[n] as readonly ReliabilityBin[])[b] as ReliabilityBin;
        return [x.count, x.count ? f3(x.confidence) : '–', x.count ? f3(x.accuracy) : '–'];
      }),
    ]),
  );
}

async function intentSection(head: string, r: IntentHeadReport): Promise<string> {
  const [reliability, confusion, curve] = await Promise.all([
    renderSvg(
      reliabilitySpec(`${head}: reliability`, [
        { name: 'raw', bins: r.reliability.raw },
        { name: 'calibrated', bins: r.reliability.calibrated },
      ]),
      `${head}-reliability`,
    ),
    renderSvg(confusionSpec(`${head}: confusion matrix`, r.labels, r.confusion), `${head}-confusion`),
    renderSvg(thresholdCurveSpec(`${head}: coverage vs accepted accuracy`, r.threshold_curve as unknown as Array<Record<string, number>>, { coverage: 'coverage', accepted_accuracy: 'accepted accuracy' }, r.threshold), `${head}-curve`),
  ]);
  return `<section id="${head}"><h2>${head}</h2>
<p class="note">${r.n} rows; threshold ${r.threshold.toFixed(2)}.</p>
${table(['metric', 'calibrated (served)', 'raw softmax'], summaryRows(r), 'summary')}
<p class="note">${DEFAULT_BOOTSTRAP.level * 100}% bootstrap intervals (${DEFAULT_BOOTSTRAP.resamples} resamples of these rows): accuracy ${formatInterval(r.intervals.accuracy)}, macro-F1 ${macroF1IntervalHolds(r.per_label.map((l) => l.support)) ? formatInterval(r.intervals.macro_f1) : `- (a label has fewer than ${MIN_ROWS_PER_LABEL_FOR_F1_INTERVAL} rows)`}, ECE ${formatInterval(r.intervals.ece)}, confident errors ${formatInterval(r.intervals.confident_error_share)}.</p>
<div class="charts">
${figure(reliability, 'Top-label accuracy against mean confidence per non-empty bin (10 equal-width bins); dashed: perfect calibration.')}
${figure(confusion, 'Rows: gold label; columns: served label.')}
${figure(curve, 'Share of rows accepted (confidence at or above the threshold) and their accuracy, per threshold (step 0.01); red: the threshold in use.')}
</div>
${r.by_difficulty ? `<h3>By difficulty</h3>${difficultyTable(r.by_difficulty)}` : ''}
<h3>Per label</h3>
${table(
  ['label', 'precision', 'recall', 'F1', 'support', 'predicted'],
  r.per_label.map((l) => [l.label, f3(l.precision), f3(l.recall), f3(l.f1), l.support, l.predicted]),
)}
<h3>Reliability bins</h3>
${binsTable({ raw: r.reliability.raw, calibrated: r.reliability.calibrated })}
</section>`;
}

function adSummaryRow(name: string, s: AdContentSummary): Array<string | number> {
  return [name, s.n, f3(s.exact), f3(s.tier1), f3(s.tier2), f3(s.tier3), f3(s.tier4), f3(s.parent_safe), s.average_depth.toFixed(2), s.average_gold_depth.toFixed(2), f3(s.coverage), f3(s.accepted_exact), f3(s.ece), f3(s.placeholder_rate)];
}

async function adSection(r: AdContentReport): Promise<string> {
  const [reliability, confusion, curve] = await Promise.all([
    renderSvg(reliabilitySpec('ad_content: reliability of mapping_confidence', [{ name: 'mapping_confidence', bins: r.reliability }], 'parent-safe accuracy'), 'ad_content-reliability'),
    renderSvg(confusionSpec('ad_content: tier-1 confusion', r.tier1_confusion.labels, r.tier1_confusion.matrix), 'ad_content-confusion'),
    renderSvg(
      thresholdCurveSpec(
        'ad_content: coverage vs accepted accuracy',
        r.threshold_curve as unknown as Array<Record<string, number>>,
        { coverage: 'coverage', accepted_accuracy: 'accepted exact', accepted_parent_safe: 'accepted parent-safe' },
        r.threshold,
      ),
      'ad_content-curve',
    ),
  ]);
  const header = ['rows', 'n', 'exact', 'tier1', 'tier2', 'tier3', 'tier4', 'parent-safe', 'avg depth', 'avg gold depth', 'coverage', 'accepted exact', 'ECE', 'placeholder'];
  return `<section id="ad_content"><h2>ad_content</h2>
<p class="note">${r.n} rows; threshold ${r.threshold.toFixed(2)}. Tier K accuracy counts rows whose gold path reaches tier K (${r.tier_rows.tier1} / ${r.tier_rows.tier2} / ${r.tier_rows.tier3} / ${r.tier_rows.tier4} rows). There is no separate raw confidence: mapping_confidence is the resolver's calibrated subtree mass.</p>
${table(header, [adSummaryRow('all', r), ...Object.entries(r.by_difficulty ?? {}).map(([d, s]) => adSummaryRow(d, s))])}
<h3>mapping_mode</h3>
${table(
  ['mapping_mode', 'rows', 'share'],
  Object.entries(r.mapping_mode).map(([m, n]) => [m, n, pct(n, r.n)]),
)}
<div class="charts">
${figure(reliability, 'Parent-safe accuracy against mean mapping_confidence per non-empty bin (10 equal-width bins); dashed: perfect calibration.')}
${figure(confusion, 'Rows: gold tier 1; columns: predicted tier 1 ("(none)" = placeholder).')}
${figure(curve, 'Every row re-resolved at each threshold (step 0.01): share accepted (mapping_confidence at or above the threshold) and the exact / parent-safe accuracy of those; red: the threshold in use.')}
</div>
<h3>Reliability bins</h3>
${binsTable({ mapping_confidence: r.reliability })}
</section>`;
}

async function envelopeSection(report: EvalReport): Promise<string> {
  const e = report.envelope;
  const [eligibility, reasons] = await Promise.all([
    renderSvg(barSpec('monetization_eligibility', e.monetization_eligibility), 'envelope-eligibility'),
    renderSvg(barSpec('fallback reason', e.fallback_reason), 'envelope-fallback'),
  ]);
  const counts = (c: Record<string, number>, title: string) =>
    table(
      [title, 'rows', 'share'],
      Object.entries(c).map(([k, n]) => [k, n, pct(n, e.rows)]),
    );
  return `<section id="envelope"><h2>Envelope</h2>
<p class="note">${e.rows} rows; fallback rate ${f3(e.fallback_rate)}.</p>
<div class="charts">${figure(eligibility, 'system_decision.policy.monetization_eligibility')}${figure(reasons, 'model_output.fallback.reason ("none": no fallback)')}</div>
${counts(e.monetization_eligibility, 'monetization_eligibility')}
${counts(e.fallback_reason, 'fallback reason')}
${counts(
  Object.fromEntries(Object.entries(e.eligibility_reason).filter(([, n]) => n > 0)),
  'eligibility_reason',
)}
</section>`;
}

export async function renderHtmlReport(report: EvalReport): Promise<string> {
  const sections: string[] = [];
  for (const head of INTENT_HEADS) {
    const r = report.heads[head];
    if (r) sections.push(await intentSection(head, r));
  }
  if (report.heads.ad_content) sections.push(await adSection(report.heads.ad_content));
  sections.push(await envelopeSection(report));
  const problems = report.problems.slice(0, MAX_PROBLEMS_IN_HTML);
  const thresholds = Object.entries(report.thresholds).map(([h, t]) => `${h} ${t.toFixed(2)}`).join(', ');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>query-intent evaluation</title><style>${STYLE}</style></head>
<body>
<h1>query-intent evaluation</h1>
<p>${report.rows} rows scored, ${report.skipped} skipped; artifacts <code>${escapeHtml(report.artifact_version)}</code>, encoder <code>${escapeHtml(report.encoder)}</code>; thresholds: ${escapeHtml(thresholds)}.</p>
${table(
  ['dataset', 'rows scored', 'skipped'],
  report.datasets.map((d) => [d.path, d.rows, d.skipped]),
)}
${report.ad_content_unavailable ? `<p class="note">ad_content not scored: ${escapeHtml(report.ad_content_unavailable)}</p>` : ''}
<h3>Definitions</h3>
<dl>${Object.entries(report.definitions)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('')}</dl>
${sections.join('\n')}
<section id="skipped"><h2>Skipped rows</h2>
${problems.length ? `<ul>${problems.map((p) => `<li><code>${escapeHtml(formatProblem(p))}</code></li>`).join('')}</ul>` : '<p>none</p>'}
${report.problems.length > problems.length ? `<p class="note">… and ${report.problems.length - problems.length} more (all of them in the --json report).</p>` : ''}
</section>
</body></html>
`;
}
