/**
 * Places the IAB Content Taxonomy 3.1 TSV at the configured path (git-ignored, env TAXONOMY_PATH) and
 * verifies its SHA-256: copied from a local file given with `--from FILE` or env TAXONOMY_SOURCE (for
 * machines without network), else from ../shared/taxonomy/ when present, else downloaded from the
 * public address named in SOURCE.md (the only step of the project that needs the network, once).
 * `query-intent setup` (cli/setup-command.ts) runs it; `npm start` and `npm test` run that first.
 */
import { chmod, copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { IntegrityError } from '../errors.js';
import { sha256File } from '../hash.js';

export const TAXONOMY_FILE_NAME = 'content-taxonomy-3.1.tsv';
export const TAXONOMY_SHA256 = '7212cdc496ba347a03e703b1932bdcdd4fd29089b058f4edeb4d3da1f1222ea7';
const SOURCE_FALLBACK_URL =
  'https://raw.githubusercontent.com/InteractiveAdvertisingBureau/Taxonomies/main/Content%20Taxonomies/Content%20Taxonomy%203.1.tsv';

async function sourceUrl(sharedDir: string): Promise<string> {
  const sourceDoc = join(sharedDir, 'SOURCE.md');
  if (!existsSync(sourceDoc)) return SOURCE_FALLBACK_URL;
  const match = /https:\/\/\S+\.tsv/.exec(await readFile(sourceDoc, 'utf8'));
  return match?.[0] ?? SOURCE_FALLBACK_URL;
}

async function download(url: string, target: string): Promise<void> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new IntegrityError(`could not download the taxonomy from ${url}: HTTP ${response.status}`);
  await writeFile(target, Buffer.from(await response.arrayBuffer()));
}

export async function verifyTaxonomyFile(path: string): Promise<void> {
  if (!existsSync(path)) {
    throw new IntegrityError(`taxonomy file missing at ${path} (expected SHA-256 ${TAXONOMY_SHA256}); run npm run setup`);
  }
  const actual = await sha256File(path);
  if (actual !== TAXONOMY_SHA256) {
    throw new IntegrityError(`taxonomy file ${path} has SHA-256 ${actual}, expected ${TAXONOMY_SHA256}`);
  }
}

/** Returns how the file got there: `present`, `copied` (from `localSource` or the shared folder) or `downloaded`. */
export async function setupTaxonomy(target: string, sharedDir: string, localSource?: string): Promise<'present' | 'copied' | 'downloaded'> {
  if (existsSync(target) && (await sha256File(target)) === TAXONOMY_SHA256) return 'present';
  if (localSource !== undefined && !existsSync(localSource)) {
    throw new IntegrityError(`taxonomy source ${localSource} (--from / TAXONOMY_SOURCE) does not exist`);
  }
  await mkdir(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  const sharedCopy = localSource ?? join(sharedDir, TAXONOMY_FILE_NAME);
  let how: 'copied' | 'downloaded';
  if (existsSync(sharedCopy)) {
    await copyFile(sharedCopy, temporary);
    how = 'copied';
  } else {
    try {
      await download(await sourceUrl(sharedDir), temporary);
    } catch (error) {
      throw new IntegrityError(
        `taxonomy file missing at ${target} (expected SHA-256 ${TAXONOMY_SHA256}); no copy in ${sharedDir} and the download failed: ${(error as Error).message}. ` +
          'Offline: npm run setup -- --from FILE, or set TAXONOMY_SOURCE=FILE (the IAB Content Taxonomy 3.1 TSV).',
      );
    }
    how = 'downloaded';
  }
  await verifyTaxonomyFile(temporary).catch((error: Error) => {
    throw new IntegrityError(error.message.replace(temporary, `${target} (from ${how === 'copied' ? sharedCopy : 'download'})`));
  });
  await chmod(temporary, 0o644);
  await rename(temporary, target);
  return how;
}
