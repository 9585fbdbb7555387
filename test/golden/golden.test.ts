/**
 * The committed model's decisions on fixed, project-written queries (test/golden/queries.txt) with the
 * real encoder and the artifacts artifacts/current.json names. Any change not explained by a new
 * artifact version fails here (see scripts/golden.ts); a new version asks for `npm run golden:update`.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../shared/config.js';
import { compareGolden, computeGolden, readGoldenFile, readGoldenQueries } from '../../cli/golden-command.js';

describe('golden predictions of the committed artifacts', () => {
  it('match test/golden/predictions.json', async () => {
    const queries = await readGoldenQueries();
    expect(queries.length).toBeGreaterThanOrEqual(250);
    expect(new Set(queries).size).toBe(queries.length);
    const computed = await computeGolden(loadConfig({}, { ...process.env, ARTIFACTS_DIR: undefined }), queries);
    const problems = compareGolden(await readGoldenFile(), computed);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
