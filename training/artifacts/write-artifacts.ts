/**
 * Write one artifact version atomically: build it in a temporary folder, fsync every file and folder,
 * rename it into place, fsync artifacts/, verify it loads, then point artifacts/current.json at it
 * (temporary, fsync, rename, fsync). The version id is derived from the content, so the same inputs
 * give the same version and the same bytes; an existing version is never modified. Temporaries of a
 * killed writer (`.tmp-<version>-<pid>`, `.current.json.<pid>.tmp`) are removed by the next write.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { removeStaleTemporaries, replaceFileDurably, syncDir, syncTree, writeFileSynced } from '../../shared/durable-fs.js';
import { IntegrityError } from '../../shared/errors.js';
import { sha256Hex } from '../../shared/hash.js';
import { loadArtifacts } from '../../shared/artifacts/load-artifacts.js';
import { CURRENT_FILE, MANIFEST_FILE, type CurrentPointer, type Manifest, type ManifestFile } from '../../shared/artifacts/layout.js';

export interface ArtifactFile {
  path: string;
  bytes: Buffer;
  optional?: boolean;
}

export type ManifestDraft = Omit<Manifest, 'version' | 'files'>;

/** Stable JSON: 2-space indent and a trailing newline (keys keep the order the code builds them in). */
export function jsonBytes(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}

export function versionOf(draft: ManifestDraft, files: readonly ManifestFile[]): string {
  return `v${sha256Hex(JSON.stringify({ draft, files })).slice(0, 12)}`;
}

async function writeAll(dir: string, files: readonly ArtifactFile[]): Promise<void> {
  for (const file of files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFileSynced(join(dir, file.path), file.bytes);
  }
}

async function pointCurrentAt(artifactsDir: string, version: string): Promise<void> {
  const pointer: CurrentPointer = { version };
  await replaceFileDurably(join(artifactsDir, CURRENT_FILE), jsonBytes(pointer));
}

export interface WriteResult {
  version: string;
  dir: string;
  manifest: Manifest;
  /** False when an identical version already existed. */
  written: boolean;
}

function manifestEntries(files: readonly ArtifactFile[]): ManifestFile[] {
  return files.map((f) => ({ path: f.path, sha256: sha256Hex(f.bytes), bytes: f.bytes.length, ...(f.optional ? { optional: true } : {}) }));
}

/** A killed writer's version folder and current.json temporaries; the capture group is its process id. */
const STALE_TEMPORARIES = [/^\.tmp-.+-(\d+)$/, /^\..+\.(\d+)\.tmp$/];

/** Remove what killed writers left in the artifacts folder (live writers' temporaries stay). */
export async function removeStaleArtifactTemporaries(artifactsDir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const pattern of STALE_TEMPORARIES) removed.push(...(await removeStaleTemporaries(artifactsDir, pattern)));
  return removed;
}

const byPath = (a: ArtifactFile, b: ArtifactFile) => (a.path < b.path ? -1 : 1);

export interface WriteOptions {
  setCurrent?: boolean;
  /** Files that name the version (e.g. report.md): rendered once the version is known, not part of its hash. */
  describeVersion?: (version: string) => ArtifactFile[];
}

export async function writeArtifactVersion(artifactsDir: string, draft: ManifestDraft, files: readonly ArtifactFile[], options: WriteOptions = {}): Promise<WriteResult> {
  const version = versionOf(draft, manifestEntries([...files].sort(byPath)));
  const sorted = [...files, ...(options.describeVersion?.(version) ?? [])].sort(byPath);
  const entries = manifestEntries(sorted);
  const manifest: Manifest = { ...draft, version, files: entries };
  const manifestBytes = jsonBytes(manifest);
  const finalDir = join(artifactsDir, version);
  await mkdir(artifactsDir, { recursive: true });
  await removeStaleArtifactTemporaries(artifactsDir);

  let written = false;
  if (existsSync(finalDir)) {
    const existing = await readFile(join(finalDir, MANIFEST_FILE)).catch(() => Buffer.alloc(0));
    if (!existing.equals(manifestBytes)) throw new IntegrityError(`artifact version ${version} exists at ${finalDir} with different content; refusing to modify it`);
    await loadArtifacts(artifactsDir, { version });
  } else {
    const temporary = join(artifactsDir, `.tmp-${version}-${process.pid}`);
    await rm(temporary, { recursive: true, force: true });
    await writeAll(temporary, [...sorted, { path: MANIFEST_FILE, bytes: manifestBytes }]);
    await syncTree(temporary);
    await rename(temporary, finalDir).catch(async (error: Error) => {
      await rm(temporary, { recursive: true, force: true });
      throw error;
    });
    await syncDir(artifactsDir);
    // Verify the renamed folder loads (checksums, shapes) before anything points at it.
    await loadArtifacts(artifactsDir, { version }).catch(async (error: Error) => {
      await rm(finalDir, { recursive: true, force: true });
      throw error;
    });
    written = true;
  }
  if (options.setCurrent !== false) await pointCurrentAt(artifactsDir, version);
  return { version, dir: finalDir, manifest, written };
}
