import { loadConfig } from './shared/config.js';
import { loadClassifierRuntime } from './shared/pipeline/classifier-runtime.js';
import { buildAdContentRows } from './training/data/ad-content-rows.js';
import { loadAnnotations } from './taxonomy/annotations.js';
import { rowDistributions } from './training/ad-content-distributions.js';
import { lineage } from './taxonomy/taxonomy.js';
const config = loadConfig({ paths: { artifactsDir: process.argv[2]! } });
const rt = await loadClassifierRuntime(config);
const model = rt.adContent!;
for (const split of ['calibration', 'test'] as const) {
  const rows = buildAdContentRows(model.taxonomy, await loadAnnotations()).filter((r) => r.split === split);
  const embeddings = await rt.encoder.embed(rows.map((r) => r.text));
  const d = rowDistributions(model, { texts: rows.map((r) => r.text), embeddings });
  const labels = model.classifier.head.labels;
  const tier1 = labels.map((id) => lineage(model.taxonomy, id)[0]!.id);
  for (const mode of ['argmax', 'tier-first']) {
    let t1 = 0, ex = 0, pt = 0, pn = 0;
    d.forEach((row, i) => {
      const p = row.classifier;
      let best = 0; p.forEach((v, k) => { if (v > p[best]!) best = k; });
      if (mode !== 'argmax') {
        const mass = new Map<string, number>();
        p.forEach((v, k) => mass.set(tier1[k]!, (mass.get(tier1[k]!) ?? 0) + v));
        const top = [...mass].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
        best = -1; p.forEach((v, k) => { if (tier1[k] === top && (best < 0 || v > p[best]!)) best = k; });
      }
      const gold = rows[i]!.ad_content_id;
      const hit = lineage(model.taxonomy, gold)[0]!.id === tier1[best];
      if (hit) t1++; if (labels[best] === gold) ex++;
      if (rows[i]!.source === 'polysemy') { pn++; if (hit) pt++; }
    });
    console.log(split, mode, 'n', d.length, 'exact', (ex / d.length).toFixed(3), 'tier1', (t1 / d.length).toFixed(3), 'poly', pn, (pt / pn).toFixed(3));
  }
}
await rt.encoder.dispose();
