import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../shared/config.js';
import { IntegrityError } from '../../../shared/errors.js';
import { setupTaxonomy, TAXONOMY_FILE_NAME, TAXONOMY_SHA256, verifyTaxonomyFile } from '../../../shared/taxonomy/taxonomy-file.js';

describe('taxonomy setup', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('copies the shared TSV and verifies its SHA-256', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-tax-'));
    const target = join(dir, 'out', TAXONOMY_FILE_NAME);
    expect(await setupTaxonomy(target, DEFAULT_CONFIG.paths.sharedTaxonomyDir)).toBe('copied');
    await expect(verifyTaxonomyFile(target)).resolves.toBeUndefined();
    expect(await setupTaxonomy(target, DEFAULT_CONFIG.paths.sharedTaxonomyDir)).toBe('present');
  });

  it('refuses a mismatched file with the path and the expected hash', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-tax-'));
    const shared = join(dir, 'shared');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(shared);
    const original = await readFile(join(DEFAULT_CONFIG.paths.sharedTaxonomyDir, TAXONOMY_FILE_NAME));
    await writeFile(join(shared, TAXONOMY_FILE_NAME), Buffer.concat([original, Buffer.from('x')]));
    const target = join(dir, TAXONOMY_FILE_NAME);
    const attempt = setupTaxonomy(target, shared);
    await expect(attempt).rejects.toThrow(IntegrityError);
    await expect(setupTaxonomy(target, shared)).rejects.toThrow(new RegExp(`${TAXONOMY_FILE_NAME}.*expected ${TAXONOMY_SHA256}`));
  });

  it('copies from a local file (--from / TAXONOMY_SOURCE) without the shared folder or the network', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-tax-'));
    const local = join(dir, 'my copy.tsv');
    await writeFile(local, await readFile(join(DEFAULT_CONFIG.paths.sharedTaxonomyDir, TAXONOMY_FILE_NAME)));
    const target = join(dir, 'out', TAXONOMY_FILE_NAME);
    expect(await setupTaxonomy(target, join(dir, 'no-shared-folder'), local)).toBe('copied');
    await expect(verifyTaxonomyFile(target)).resolves.toBeUndefined();
    await expect(setupTaxonomy(join(dir, 'other.tsv'), join(dir, 'no-shared-folder'), join(dir, 'missing.tsv'))).rejects.toThrow(/missing\.tsv .*does not exist/);
  });

  it('names the path and the expected hash when the file is missing', async () => {
    await expect(verifyTaxonomyFile('/nonexistent/taxonomy.tsv')).rejects.toThrow(
      `taxonomy file missing at /nonexistent/taxonomy.tsv (expected SHA-256 ${TAXONOMY_SHA256})`,
    );
  });
});
