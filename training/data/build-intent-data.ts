/**
 * `npm run data`: regenerate data/intent/{train,calibration,test}.jsonl from the hand-written files
 * (data/hand/*.jsonl) and the generators (data/generators/intent/*.ts), byte for byte.
 * Rows with the same normalised text and the same labels are kept once (hand-written first);
 * rows that disagree are all kept so `npm run data:check` reports them.
 */
import { readdir, mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../shared/config.js';
import { isMainModule, runCli } from '../../shared/cli-runner.js';
import { UserFacingError } from '../../shared/errors.js';
import { sha256Hex } from '../../shared/hash.js';
import { readJsonl, writeJsonl } from '../../shared/jsonl.js';
import { SPLITS, splitOfGroup, type Split } from '../../shared/splits.js';
import { normaliseText } from '../../shared/text.js';
import { Rng, type IntentGenerator, type IntentRow } from '../../data/generators/lib.js';
import { isRowProblem, labelKey, validateIntentRow } from './intent-rows.js';

export const INTENT_DATA_DIR = 'intent';

async function sortedFiles(dir: string, suffix: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith(suffix)).sort().map((name) => join(dir, name));
}

export async function handWrittenRows(handDir: string): Promise<IntentRow[]> {
  const rows: IntentRow[] = [];
  for (const file of await sortedFiles(handDir, '.jsonl')) {
    const source = `hand/${basename(file, '.jsonl')}`;
    const { lines, errors } = await readJsonl(file);
    const problems = [...errors];
    for (const { line, value } of lines) {
      const row = validateIntentRow(value, line);
      if (isRowProblem(row)) problems.push(row);
      else rows.push({ ...row, source, group: row.group ?? `${source}#${sha256Hex(normaliseText(row.text)).slice(0, 12)}` } as IntentRow);
    }
    if (problems.length > 0) {
      throw new UserFacingError(`${file}:${problems[0]!.line}: ${problems[0]!.message} (${problems.length} bad rows in all)`);
    }
  }
  return rows;
}

export async function generatedRows(generatorDir: string): Promise<IntentRow[]> {
  const rows: IntentRow[] = [];
  for (const file of await sortedFiles(generatorDir, '.ts')) {
    const { generator } = (await import(pathToFileURL(file).href)) as { generator: IntentGenerator };
    rows.push(...generator.generate(Rng.fromName(generator.name)).map((row) => ({ ...row, source: row.source || generator.name })));
  }
  return rows;
}

/** Drop exact duplicates (same normalised text, same labels); keep the first. */
export function dedupe(rows: readonly IntentRow[]): IntentRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${normaliseText(row.text)}\0${labelKey(row)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function orderedRow(row: IntentRow): IntentRow {
  const { text, intent_type, intent_subtype, decision_phase, source, group } = row;
  return Object.fromEntries(
    Object.entries({ text, intent_type, intent_subtype, decision_phase, source, group }).filter(([, v]) => v !== undefined),
  ) as unknown as IntentRow;
}

export function assignSplits(rows: readonly IntentRow[]): Record<Split, IntentRow[]> {
  const bySplit: Record<Split, IntentRow[]> = { train: [], calibration: [], test: [] };
  for (const row of rows) bySplit[splitOfGroup(row.group)].push(orderedRow(row));
  return bySplit;
}

export async function buildIntentData(dataDir: string): Promise<Record<Split, IntentRow[]>> {
  const rows = dedupe([...(await handWrittenRows(join(dataDir, 'hand'))), ...(await generatedRows(join(dataDir, 'generators/intent')))]);
  const bySplit = assignSplits(rows);
  await mkdir(join(dataDir, INTENT_DATA_DIR), { recursive: true });
  for (const split of SPLITS) await writeJsonl(join(dataDir, INTENT_DATA_DIR, `${split}.jsonl`), bySplit[split]);
  return bySplit;
}

if (isMainModule(import.meta.url)) {
  await runCli(async () => {
    const { paths } = loadConfig();
    const bySplit = await buildIntentData(paths.dataDir);
    console.log(SPLITS.map((split) => `${split} ${bySplit[split].length}`).join('  '));
  });
}
