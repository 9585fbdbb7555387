/** A real ClassifierRuntime for tests: fixture artifacts trained in a temp folder with the stub encoder. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../shared/config.js';
import { loadClassifierRuntime, type ClassifierRuntime } from '../../shared/pipeline/classifier-runtime.js';
import { train } from '../../training/train.js';
import { stubEncoder } from './stub-encoder.js';
import { fixtureConfig, taxonomyFixture, writeIntentFixture } from './training-fixture.js';

export interface TestRuntime {
  runtime: ClassifierRuntime;
  config: AppConfig;
  /** The artifact version folder, for tests that alter files. */
  versionDir: string;
  cleanup(): Promise<void>;
}

export async function createTestRuntime(): Promise<TestRuntime> {
  const root = await mkdtemp(join(tmpdir(), 'qi-runtime-'));
  const config = fixtureConfig(root);
  const result = await train({ config, dataFile: await writeIntentFixture(root), encoder: stubEncoder(), taxonomy: taxonomyFixture(), log: () => {} });
  const runtime = await loadClassifierRuntime(config, { encoder: stubEncoder(), taxonomy: taxonomyFixture() });
  return { runtime, config, versionDir: result.dir, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** Load another runtime over the same artifacts (e.g. after a test removed a file). */
export function reloadTestRuntime(test: TestRuntime): Promise<ClassifierRuntime> {
  return loadClassifierRuntime(test.config, { encoder: stubEncoder(), taxonomy: taxonomyFixture() });
}
