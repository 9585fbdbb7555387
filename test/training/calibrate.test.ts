import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentVersion, loadArtifacts } from '../../shared/artifacts/load-artifacts.js';
import { calibrationFile, headWeightsFile } from '../../shared/artifacts/layout.js';
import { calibrate } from '../../training/calibrate.js';
import { train, type TrainResult } from '../../training/train.js';
import { stubEncoder } from '../helpers/stub-encoder.js';
import { fixtureConfig, taxonomyFixture, writeIntentFixture } from '../helpers/training-fixture.js';

describe('calibrate on a user file', () => {
  let root = '';
  let trained: TrainResult;
  let data = '';
  const config = () => fixtureConfig(root);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'qi-calibrate-'));
    data = await writeIntentFixture(root);
    trained = await train({ config: config(), dataFile: data, encoder: stubEncoder(), taxonomy: taxonomyFixture(), log: () => {} });
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes a new version with refitted calibration, the same head weights, and points current at it', async () => {
    const result = await calibrate({ config: config(), dataFile: data, encoder: stubEncoder(), log: () => {} });
    expect(result.base).toBe(trained.version);
    expect(result.version).not.toBe(trained.version);
    expect(await currentVersion(config().paths.artifactsDir)).toBe(result.version);
    const [before, after] = await Promise.all([readFile(join(trained.dir, headWeightsFile('intent_type'))), readFile(join(result.dir, headWeightsFile('intent_type')))]);
    expect(after.equals(before)).toBe(true);
    const stored = JSON.parse(await readFile(join(result.dir, calibrationFile('intent_type')), 'utf8')) as { calibration_rows: number };
    expect(stored.calibration_rows).toBe(108);
    const loaded = await loadArtifacts(config().paths.artifactsDir);
    expect(loaded.manifest.training_data.at(-1)).toMatchObject({ path: 'calibration:intent-fixture.jsonl', rows: 108 });
    expect(await readFile(join(result.dir, 'report.md'), 'utf8')).toContain(`Derived from ${trained.version}: recalibrated on intent-fixture.jsonl (108 rows)`);
  });

  it('refuses a file with an unknown label, naming the line', async () => {
    const { writeFile } = await import('node:fs/promises');
    const bad = join(root, 'bad.jsonl');
    await writeFile(bad, '{"text": "hello", "intent_type": "greeting"}\n');
    await expect(calibrate({ config: config(), dataFile: bad, encoder: stubEncoder(), log: () => {} })).rejects.toThrow(`${bad}:1: unknown intent_type label "greeting"`);
  });
});
