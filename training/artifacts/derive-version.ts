/**
 * Write a new artifact version derived from an existing one (recalibration, a swept threshold, one
 * retrained stage): read and verify the base version's files, let the caller change the manifest draft
 * and the files, re-render report.md with a note of what changed, and write atomically.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadArtifacts } from '../../shared/artifacts/load-artifacts.js';
import { REPORT_JSON_FILE, REPORT_MD_FILE } from '../../shared/artifacts/layout.js';
import { reportMarkdown, type HeadReport } from '../report.js';
import { writeArtifactVersion, type ArtifactFile, type ManifestDraft, type WriteResult } from './write-artifacts.js';

export interface VersionContents {
  version: string;
  draft: ManifestDraft;
  files: ArtifactFile[];
}

/** The verified files of a version (all but manifest.json and report.md), with their optional flags. */
export async function readVersion(artifactsDir: string, version?: string): Promise<VersionContents> {
  const loaded = await loadArtifacts(artifactsDir, version === undefined ? {} : { version });
  const { version: id, files: entries, ...draft } = loaded.manifest;
  const files: ArtifactFile[] = [];
  for (const entry of entries) {
    if (entry.path === REPORT_MD_FILE) continue;
    const bytes = await readFile(join(loaded.dir, entry.path)).catch(() => undefined);
    if (bytes) files.push({ path: entry.path, bytes, ...(entry.optional ? { optional: true } : {}) });
  }
  return { version: id, draft: draft, files };
}

export interface Derivation {
  draft: ManifestDraft;
  files: ArtifactFile[];
  /** One line for report.md: what this version changes, e.g. "recalibrated on users.jsonl". */
  note: string;
  /** Replaces report.json's head reports when the change re-measured them. */
  reports?: HeadReport[];
  /** Extra report.md sections and report.json fields the change measured. */
  sections?: string[];
  fields?: Record<string, unknown>;
}

export async function deriveVersion(
  artifactsDir: string,
  change: (base: VersionContents) => Promise<Derivation> | Derivation,
  options: { baseVersion?: string; setCurrent?: boolean } = {},
): Promise<WriteResult & { base: string }> {
  const base = await readVersion(artifactsDir, options.baseVersion);
  const derived = await change(base);
  const previous = derived.files.find((f) => f.path === REPORT_JSON_FILE);
  const reports = derived.reports ?? (previous ? (JSON.parse(previous.bytes.toString('utf8')) as { heads: HeadReport[] }).heads : []);
  const files = derived.files.filter((f) => f.path !== REPORT_JSON_FILE);
  files.push({ path: REPORT_JSON_FILE, bytes: Buffer.from(`${JSON.stringify({ heads: reports, ...derived.fields }, null, 2)}\n`) });
  const result = await writeArtifactVersion(artifactsDir, derived.draft, files, {
    setCurrent: options.setCurrent,
    describeVersion: (version) => [{ path: REPORT_MD_FILE, bytes: Buffer.from(reportMarkdown(version, reports, [`Derived from ${base.version}: ${derived.note}.`], derived.sections)) }],
  });
  return { ...result, base: base.version };
}

