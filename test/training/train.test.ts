import { cp, mkdir, readdir, readFile, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadArtifacts } from '../../shared/artifacts/load-artifacts.js';
import { calibrationFile, headWeightsFile, RESOLVER_FILE, type StoredCalibration, type StoredResolver } from '../../shared/artifacts/layout.js';
import { IntegrityError } from '../../shared/errors.js';
import { sha256Hex } from '../../shared/hash.js';
import { train, type TrainResult } from '../../training/train.js';
import { INTENT_NATURAL_EVAL_FILE, UNSEEN_WRITERS_FILE } from '../../training/unseen-writers.js';
import { CONTRAST_CALIBRATION_SET } from '../../training/data/ad-content-eval-rows.js';
import { stubEncoder } from '../helpers/stub-encoder.js';
import { fixtureConfig, taxonomyFixture, writeIntentFixture } from '../helpers/training-fixture.js';

async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      out.set(relative(dir, path), await readFile(path));
    }
  }
  return out;
}

const loadedTier1Labels = (artifacts: Awaited<ReturnType<typeof loadArtifacts>>) => [...(artifacts.adContent?.tier1Head?.head.labels ?? [])].sort();

describe('train on a small fixture', () => {
  let root = '';
  let first: TrainResult;
  let second: TrainResult;
  const quiet = () => {};

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'qi-train-'));
    const data = await writeIntentFixture(root);
    first = await train({ config: fixtureConfig(join(root, 'a')), dataFile: data, encoder: stubEncoder(), taxonomy: taxonomyFixture(), log: quiet });
    second = await train({ config: fixtureConfig(join(root, 'b')), dataFile: data, encoder: stubEncoder(), taxonomy: taxonomyFixture(), log: quiet });
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('produces byte-identical artifact files when run twice on the same inputs', async () => {
    expect(second.version).toBe(first.version);
    const a = await filesUnder(first.dir);
    const b = await filesUnder(second.dir);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [path, bytes] of a) expect(bytes.equals(b.get(path) as Buffer), path).toBe(true);
  });

  it('writes a manifest with checksums, labels, thresholds and a report', async () => {
    const loaded = await loadArtifacts(join(root, 'a', 'artifacts'), { encoderFingerprint: 'a'.repeat(64) });
    expect(loaded.version).toBe(first.version);
    expect(loaded.manifest.labels.intent_type).toHaveLength(10);
    expect(Object.keys(loaded.manifest.thresholds).sort()).toEqual(['ad_content', 'decision_phase', 'intent_subtype', 'intent_type']);
    expect(loaded.adContent?.index.nodeIds).toEqual(['1', '2', '3', '4']);
    const report = await readFile(join(first.dir, 'report.md'), 'utf8');
    expect(report).toContain(first.version);
    expect(report).toMatch(/\| intent_type \| \d+ \| [\d.]+ \| [\d.]+ \| (\[[\d.]+, [\d.]+\]|-) \|/);
  });

  it('brackets each head\'s test figures with bootstrap intervals', () => {
    for (const r of first.reports) {
      const { calibrated, intervals } = r.test;
      expect(intervals, r.head).toBeDefined();
      expect(intervals!.accuracy.low).toBeLessThanOrEqual(calibrated.accuracy);
      expect(intervals!.accuracy.high).toBeGreaterThanOrEqual(calibrated.accuracy);
      expect(intervals!.macro_f1.low).toBeLessThanOrEqual(intervals!.macro_f1.high);
    }
  });

  it('searches exactly the resolver grid of the training configuration and records it', async () => {
    const grid = fixtureConfig(join(root, 'a')).training.adContentResolver;
    const stored = JSON.parse(await readFile(join(first.dir, RESOLVER_FILE), 'utf8')) as StoredResolver;
    // Node-first decoding once, tier-first once per tier-1 head weight and contrast decoding (the fixture trains the tier-1 head).
    const combos = grid.indexWeights.length * grid.lexicalWeights.reduce((n, w) => n + (w === 0 ? 1 : grid.lexicalGates.length), 0) * (1 + 2 * grid.tier1HeadWeights.length) * grid.walkUpThresholds.length;
    expect(stored.search).toHaveLength(combos);
    expect(new Set(stored.search.map((r) => r.walk_up_threshold))).toEqual(new Set(grid.walkUpThresholds));
    expect(new Set(stored.search.filter((r) => r.tier_first).map((r) => r.tier1_head_weight))).toEqual(new Set(grid.tier1HeadWeights));
    expect(grid.indexWeights).toContain(stored.index_weight);
    expect(grid.tier1HeadWeights).toContain(stored.tier1_head_weight);
    expect(new Set(stored.search.filter((r) => r.tier_first).map((r) => r.contrast_node_first))).toEqual(new Set([false, true]));
    expect(loadedTier1Labels(await loadArtifacts(join(root, 'a', 'artifacts')))).toEqual(['1', '3']);
  });

  it('compares one fit on the train topics with one fit on a random split of every row, each scored on its own test part', async () => {
    type Score = { accuracy: number; macro_f1: number };
    const report = JSON.parse(await readFile(join(first.dir, 'report.json'), 'utf8')) as {
      random_split_comparison: { rows: { train: number; test: number }; topic_rows: { train: number; test: number }; heads: Record<string, { random_split: Score; topic_held_out: Score }> };
    };
    const comparison = report.random_split_comparison;
    const typeTest = first.reports.find((r) => r.head === 'intent_type')!.test.raw;
    expect(comparison.topic_rows.test).toBe(typeTest.n);
    expect(comparison.rows.train).toBeGreaterThan(comparison.rows.test);
    expect(Object.keys(comparison.heads).sort()).toEqual(['decision_phase', 'intent_subtype', 'intent_type']);
    for (const side of Object.values(comparison.heads).flatMap((h) => [h.random_split, h.topic_held_out])) {
      expect(side.accuracy).toBeGreaterThanOrEqual(0);
      expect(side.accuracy).toBeLessThanOrEqual(1);
    }
    expect(await readFile(join(first.dir, 'report.md'), 'utf8')).toContain(`Topics held out: ${comparison.topic_rows.train} train / ${comparison.topic_rows.test} test rows`);
  });

  it('chooses the type prior of the subtype and phase heads from the configured grid and stores it with them', async () => {
    const { weights: grid, subtypeConditions, phaseConditions } = fixtureConfig(join(root, 'a')).training.intentTypePrior;
    type Row = { head: string; weight: number; condition: string };
    const report = JSON.parse(await readFile(join(first.dir, 'report.json'), 'utf8')) as { intent_type_prior: { settings: Record<string, { weight: number; condition: string }>; table: Row[] } };
    const tried = grid.flatMap((w) => [...subtypeConditions.map((c) => `intent_subtype@${w}@${c}`), ...phaseConditions.map((c) => `decision_phase@${w}@${c}`)]);
    expect(report.intent_type_prior.table.map((r) => `${r.head}@${r.weight}@${r.condition}`).sort()).toEqual(tried.sort());
    const loaded = await loadArtifacts(join(root, 'a', 'artifacts'));
    expect(loaded.intentHeads.intent_type.typePrior).toBeUndefined();
    expect(loaded.intentHeads.intent_subtype.typePrior?.pairs).toBeUndefined();
    for (const head of ['intent_subtype', 'decision_phase'] as const) {
      const prior = loaded.intentHeads[head].typePrior;
      const setting = report.intent_type_prior.settings[head]!;
      expect(prior?.weight).toBe(setting.weight);
      expect(grid).toContain(prior?.weight);
      expect(prior?.pairs !== undefined).toBe(setting.condition === 'type_subtype' || setting.condition === 'type_subtype_decoded');
      expect(prior?.decoded === true).toBe(setting.condition.endsWith('_decoded'));
      expect(prior?.table).toHaveLength(prior?.pairs?.length ?? 10);
      for (const row of prior?.table ?? []) {
        expect(row).toHaveLength(loaded.intentHeads[head].head.labels.length);
        expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      }
    }
  });

  type StoredPrior = { type_prior: { table: number[][]; pairs?: Array<[number, number]> } };
  it.each([
    ['intent_subtype', 'a table row too few', (stored: StoredPrior) => void stored.type_prior.table.pop()],
    ['decision_phase', 'a pair past the subtype labels', (stored: StoredPrior) => Object.assign(stored.type_prior, { pairs: stored.type_prior.table.map((_, i) => [0, 18 + i]) })],
    ['intent_subtype', 'pairs on the subtype head', (stored: StoredPrior) => Object.assign(stored.type_prior, { pairs: stored.type_prior.table.map((_, i) => [i, 0]) })],
    ['intent_subtype', 'decoded not a boolean', (stored: StoredPrior) => Object.assign(stored.type_prior, { decoded: 1 })],
    ['decision_phase', 'decoded not a boolean', (stored: StoredPrior) => Object.assign(stored.type_prior, { decoded: 'yes' })],
  ])('refuses a type prior of %s with %s, naming the file', async (head, _what, mutate) => {
    const copy = await mkdtemp(join(tmpdir(), 'qi-prior-'));
    try {
      await cp(join(root, 'a', 'artifacts'), copy, { recursive: true });
      const dir = join(copy, first.version);
      const headPath = join(dir, 'heads', `${head}.json`);
      const stored = JSON.parse(await readFile(headPath, 'utf8')) as StoredPrior;
      mutate(stored);
      const bytes = Buffer.from(JSON.stringify(stored));
      await writeFile(headPath, bytes);
      const manifestPath = join(dir, 'manifest.json');
      const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { files: Array<{ path: string; sha256: string; bytes: number }> };
      const entry = manifest.files.find((f) => f.path === `heads/${head}.json`)!;
      Object.assign(entry, { sha256: sha256Hex(bytes), bytes: bytes.length });
      await writeFile(manifestPath, JSON.stringify(manifest));
      await expect(loadArtifacts(copy)).rejects.toThrow(`artifact ${headPath} has an invalid type_prior`);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('refuses an artifact with one corrupted byte, naming the file', async () => {
    const dir = join(root, 'a', 'artifacts');
    const path = join(first.dir, headWeightsFile('intent_subtype'));
    const bytes = await readFile(path);
    bytes[10] = (bytes[10]! + 1) % 256;
    await writeFile(path, bytes);
    await expect(loadArtifacts(dir)).rejects.toThrow(IntegrityError);
    await expect(loadArtifacts(dir)).rejects.toThrow(`artifact file ${path} fails its checksum`);
  });

  it('refuses artifacts trained on another encoder', async () => {
    await expect(loadArtifacts(join(root, 'b', 'artifacts'), { encoderFingerprint: 'b'.repeat(64) })).rejects.toThrow(/trained on encoder stub/);
  });

  it('serves a head uncalibrated when its calibration file is missing', async () => {
    await rm(join(second.dir, calibrationFile('decision_phase')));
    const loaded = await loadArtifacts(join(root, 'b', 'artifacts'));
    expect(loaded.intentHeads.decision_phase.calibration).toBeUndefined();
    expect(loaded.intentHeads.intent_type.calibration).toBeDefined();
  });
});

describe('train one stage', () => {
  it('retrains only the named stage and carries the rest over from the current version', async () => {
    const root = await mkdtemp(join(tmpdir(), 'qi-stage-'));
    try {
      const data = await writeIntentFixture(root);
      const config = fixtureConfig(root);
      const full = await train({ config, dataFile: data, encoder: stubEncoder(), taxonomy: taxonomyFixture(), log: () => {} });
      const staged = await train({ config: { ...config, training: { ...config.training, seed: 7 } }, dataFile: data, encoder: stubEncoder(), taxonomy: taxonomyFixture(), log: () => {}, stages: ['heads'] });
      expect(staged.version).not.toBe(full.version);
      const before = await filesUnder(full.dir);
      const after = await filesUnder(staged.dir);
      expect(after.get('heads/ad_content.weights.bin')?.equals(before.get('heads/ad_content.weights.bin') as Buffer)).toBe(true);
      expect(after.get('taxonomy_index/vectors.bin')?.equals(before.get('taxonomy_index/vectors.bin') as Buffer)).toBe(true);
      expect(after.get('heads/intent_type.weights.bin')?.equals(before.get('heads/intent_type.weights.bin') as Buffer)).toBe(false);
      const loaded = await loadArtifacts(config.paths.artifactsDir);
      expect(loaded.version).toBe(staged.version);
      expect(loaded.manifest.seed).toBe(7);
      expect(staged.reports.map((r) => r.head).sort()).toEqual(['ad_content', 'decision_phase', 'intent_subtype', 'intent_type']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('manifest schema', () => {
  it('accepts the committed manifest and the loader refuses one that breaks the schema', async () => {
    const { createAjv, readSchema } = await import('../../shared/schema-ajv.js');
    const { currentVersion } = await import('../../shared/artifacts/load-artifacts.js');
    const { DEFAULT_CONFIG } = await import('../../shared/config.js');
    const validate = createAjv().compile(readSchema('manifest.schema.json'));
    const committed = await currentVersion(DEFAULT_CONFIG.paths.artifactsDir);
    const manifest = JSON.parse(await readFile(join(DEFAULT_CONFIG.paths.artifactsDir, committed, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);

    const root = await mkdtemp(join(tmpdir(), 'qi-manifest-'));
    try {
      const result = await train({ config: fixtureConfig(root), dataFile: await writeIntentFixture(root), encoder: stubEncoder(), taxonomy: taxonomyFixture(), log: () => {} });
      const path = join(result.dir, 'manifest.json');
      const broken = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
      broken.seed = 'forty-two';
      await writeFile(path, JSON.stringify(broken));
      await expect(loadArtifacts(join(root, 'artifacts'))).rejects.toThrow(/manifest\.json is not a valid manifest: \/seed must be integer/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('train on the project layout with rows by unseen writers', () => {
  it('fits the unseen-writers temperature, records it with each calibration and in the manifest, reports the evaluation writers and records the contrast calibration queries', async () => {
    const root = await mkdtemp(join(tmpdir(), 'qi-writers-'));
    try {
      const rows = (await readFile(await writeIntentFixture(root), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { text: string; split: string });
      const dataDir = join(root, 'data');
      const jsonl = (list: readonly object[]) => list.map((r) => JSON.stringify(r)).join('\n') + '\n';
      for (const split of ['train', 'selection', 'calibration', 'test']) {
        await mkdir(join(dataDir, 'intent'), { recursive: true });
        // The fixture has no selection rows: its test rows stand in (the project files may not be empty).
        await writeFile(join(dataDir, 'intent', `${split}.jsonl`), jsonl(rows.filter((r) => r.split === (split === 'selection' ? 'test' : split))));
      }
      const byWriter = (writer: string, suffix: string) => rows.map(({ split: _split, ...row }) => ({ ...row, text: `${row.text} ${suffix}`, writer }));
      await mkdir(join(dataDir, 'calibration'), { recursive: true });
      await mkdir(join(dataDir, 'eval'), { recursive: true });
      await writeFile(join(dataDir, UNSEEN_WRITERS_FILE), jsonl(byWriter('a', 'please')));
      await writeFile(join(dataDir, INTENT_NATURAL_EVAL_FILE), jsonl(byWriter('d', 'thanks')));
      const contrastRows = [
        { text: 'a laptop for school, not a hotel', ad_content_path: 'Technology > Laptops', excluded_path: 'Travel > Hotels' },
        { text: 'hotels near the beach rather than laptops', ad_content_path: 'Travel > Hotels', excluded_path: 'Technology > Laptops' },
      ];
      await writeFile(join(dataDir, CONTRAST_CALIBRATION_SET.file), jsonl(contrastRows));
      const config = fixtureConfig(root);
      const result = await train({ config: { ...config, paths: { ...config.paths, dataDir } }, encoder: stubEncoder(), taxonomy: taxonomyFixture(), log: () => {} });
      for (const head of ['intent_type', 'intent_subtype', 'decision_phase']) {
        const stored = JSON.parse(await readFile(join(result.dir, calibrationFile(head)), 'utf8')) as StoredCalibration;
        expect(stored.unseen_writers?.rows).toBe(rows.length);
        expect(stored.unseen_writers?.temperature).toBeGreaterThanOrEqual(1);
      }
      const manifest = JSON.parse(await readFile(join(result.dir, 'manifest.json'), 'utf8')) as { training_data: Array<{ path: string; rows: number }> };
      expect(manifest.training_data).toContainEqual(expect.objectContaining({ path: `data/${UNSEEN_WRITERS_FILE}`, rows: rows.length }));
      expect(manifest.training_data.map((f) => f.path)).not.toContain(`data/${INTENT_NATURAL_EVAL_FILE}`);
      // The contrast calibration queries join the resolver search and are recorded as data it was fitted on.
      expect(manifest.training_data).toContainEqual(expect.objectContaining({ path: `data/${CONTRAST_CALIBRATION_SET.file}`, rows: contrastRows.length }));
      const report = await readFile(join(result.dir, 'report.md'), 'utf8');
      expect(report).toContain(`## Calibration for unseen writers (${INTENT_NATURAL_EVAL_FILE}`);
      expect(report).toMatch(new RegExp(`\\| intent_type \\| ${rows.length} \\|`));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
