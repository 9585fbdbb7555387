/**
 * Report charts as static SVG: vega-lite specs compiled to vega and rendered by vega's headless view
 * in Node. Data is inline and the font is a generic family, so the SVG needs nothing from the network.
 */
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { ReliabilityBin } from '../shared/math/metrics.js';

const FONT = 'sans-serif';
const CHART_WIDTH = 300;
const CHART_HEIGHT = 240;
/** Pixels per label in a confusion matrix. */
const CELL = 22;

const CONFIG = {
  font: FONT,
  view: { stroke: '#ccc' },
  axis: { labelFont: FONT, titleFont: FONT, labelFontSize: 11, titleFontSize: 12 },
  legend: { labelFont: FONT, titleFont: FONT },
  title: { font: FONT, fontSize: 13, anchor: 'start' as const },
};

/** Prefix the SVG's element ids (vega's legend gradients) and their references, so several charts can share one HTML page. */
export function namespaceSvgIds(svg: string, prefix: string): string {
  return svg.replace(/\bid="([^"]+)"/g, `id="${prefix}-$1"`).replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`).replace(/href="#([^"]+)"/g, `href="#${prefix}-$1"`);
}

/** Render one chart; `id` (unique within the page) namespaces the SVG's internal ids. */
export async function renderSvg(spec: TopLevelSpec, id: string): Promise<string> {
  const compiled = compile({ ...spec, config: CONFIG }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return namespaceSvgIds(await view.toSVG(), id);
  } finally {
    view.finalize();
  }
}

type Series = { name: string; bins: readonly ReliabilityBin[] };

/** Accuracy against mean confidence per non-empty bin, one line per series, with the diagonal of perfect calibration. */
export function reliabilitySpec(title: string, series: readonly Series[], yTitle = 'accuracy'): TopLevelSpec {
  const values = series.flatMap((s) => s.bins.filter((b) => b.count > 0).map((b) => ({ series: s.name, confidence: b.confidence, accuracy: b.accuracy, count: b.count })));
  return {
    title,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    layer: [
      {
        data: { values: [{ x: 0, y: 0 }, { x: 1, y: 1 }] },
        mark: { type: 'line', strokeDash: [4, 4], color: '#999' },
        encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' } },
      },
      {
        data: { values },
        mark: { type: 'line', point: true },
        encoding: {
          x: { field: 'confidence', type: 'quantitative', scale: { domain: [0, 1] }, title: 'mean confidence in bin' },
          y: { field: 'accuracy', type: 'quantitative', scale: { domain: [0, 1] }, title: yTitle },
          color: { field: 'series', type: 'nominal', title: null, sort: series.map((s) => s.name) },
        },
      },
    ],
  };
}

/** Gold label (rows) against predicted label (columns), counts as colour and text. */
export function confusionSpec(title: string, labels: readonly string[], matrix: readonly (readonly number[])[]): TopLevelSpec {
  const values = matrix.flatMap((row, t) => row.map((count, p) => ({ gold: labels[t], predicted: labels[p], count })));
  const axis = (field: 'gold' | 'predicted', label: string) => ({ field, type: 'nominal', sort: [...labels], title: label });
  return {
    title,
    width: Math.max(CELL * labels.length, 120),
    height: Math.max(CELL * labels.length, 120),
    data: { values },
    encoding: { x: { ...axis('predicted', 'predicted'), axis: { labelAngle: -45 } }, y: axis('gold', 'gold') },
    layer: [
      {
        mark: 'rect',
        encoding: { color: { condition: { test: 'datum.count === 0', value: 'white' }, field: 'count', type: 'quantitative', scale: { scheme: 'blues' }, title: 'rows' } },
      },
      {
        mark: { type: 'text', fontSize: 9 },
        transform: [{ filter: 'datum.count > 0' }],
        encoding: { text: { field: 'count', type: 'quantitative' }, color: { value: '#222' } },
      },
    ],
  } as TopLevelSpec;
}

/** Named measures against the threshold, with a rule at the threshold in use. */
export function thresholdCurveSpec(title: string, points: ReadonlyArray<Record<string, number>>, measures: Record<string, string>, threshold: number): TopLevelSpec {
  const values = points.flatMap((p) => Object.entries(measures).map(([field, name]) => ({ threshold: p.threshold, measure: name, value: p[field] })));
  return {
    title,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    layer: [
      {
        data: { values },
        mark: { type: 'line' },
        encoding: {
          x: { field: 'threshold', type: 'quantitative', scale: { domain: [0, 1] }, title: 'confidence threshold' },
          y: { field: 'value', type: 'quantitative', scale: { domain: [0, 1] }, title: 'share' },
          color: { field: 'measure', type: 'nominal', title: null, sort: Object.values(measures) },
        },
      },
      {
        data: { values: [{ threshold }] },
        mark: { type: 'rule', strokeDash: [2, 2], color: '#d62728' },
        encoding: { x: { field: 'threshold', type: 'quantitative' } },
      },
    ],
  };
}

/** Horizontal bars of counts by category. */
export function barSpec(title: string, counts: Record<string, number>): TopLevelSpec {
  const values = Object.entries(counts).map(([category, count]) => ({ category, count }));
  return {
    title,
    width: CHART_WIDTH,
    height: { step: 18 },
    data: { values },
    mark: 'bar',
    encoding: {
      y: { field: 'category', type: 'nominal', sort: Object.keys(counts), title: null },
      x: { field: 'count', type: 'quantitative', title: 'rows' },
    },
  };
}
