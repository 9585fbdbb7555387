/**
 * IAB Content Taxonomy 3.1 loader and linter. The Tier cells are authoritative for the hierarchy;
 * the Parent column is only cross-checked. Lint findings are reported, never fatal.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { sha256Hex } from '../hash.js';

export const TAXONOMY_NAME = 'IAB Content Taxonomy';
export const TAXONOMY_VERSION = '3.1';
export const PATH_SEPARATOR = ' > ';
const SENSITIVE_MARKER = 'SCD';
const HEADER_ROWS = 2;
const TIER_COUNT = 4;

export interface TaxonomyNode {
  /** Unique ID (a string; some are not numeric). Internal extensions start with `x-`. */
  id: string;
  /** Display label: the Name column. */
  name: string;
  /** Non-empty Tier cells, tier 1 first. */
  path: readonly string[];
  depth: number;
  /** Parent by Tier path (authoritative); null for tier 1. */
  parentId: string | null;
  /** Parent as the Parent column states it (may disagree; see lint). */
  declaredParentId: string | null;
  /** Extension column carries the sensitive-category marker. */
  sensitive: boolean;
  /** A project-authored node the IAB table lacks. */
  internalExtension: boolean;
}

export type LintKind = 'parent_mismatch' | 'name_differs_from_tier' | 'duplicate_id' | 'duplicate_path' | 'skipped_tier' | 'missing_ancestor' | 'malformed_row';

export interface LintFinding {
  kind: LintKind;
  /** 1-based line in the TSV, when the finding is about one row. */
  line?: number;
  id?: string;
  message: string;
}

export interface Taxonomy {
  readonly nodes: readonly TaxonomyNode[];
  readonly byId: ReadonlyMap<string, TaxonomyNode>;
  readonly byPath: ReadonlyMap<string, TaxonomyNode>;
  readonly children: ReadonlyMap<string, readonly string[]>;
  readonly lint: readonly LintFinding[];
  /** SHA-256 of the TSV bytes the taxonomy was parsed from. */
  readonly sha256: string;
}

export const pathKey = (path: readonly string[]): string => path.join(PATH_SEPARATOR);

interface ParsedRow {
  line: number;
  id: string;
  declaredParentId: string | null;
  name: string;
  tiers: string[];
  extension: string;
}

function parseRows(tsv: string, lint: LintFinding[]): ParsedRow[] {
  const parsed = Papa.parse<string[]>(tsv, { delimiter: '\t', skipEmptyLines: 'greedy' });
  const rows: ParsedRow[] = [];
  parsed.data.slice(HEADER_ROWS).forEach((cells, index) => {
    const line = index + HEADER_ROWS + 1;
    const clean = cells.map((c) => c.trim());
    const [id = '', parent = '', name = '', ...rest] = clean;
    if (id === '' || name === '') {
      lint.push({ kind: 'malformed_row', line, message: `line ${line}: missing Unique ID or Name` });
      return;
    }
    rows.push({ line, id, declaredParentId: parent || null, name, tiers: rest.slice(0, TIER_COUNT), extension: rest[TIER_COUNT] ?? '' });
  });
  return rows;
}

/** Tier cells up to the last non-empty one; a gap before it is a skipped tier. */
function tierPath(row: ParsedRow, lint: LintFinding[]): string[] {
  const last = row.tiers.reduce((acc, cell, i) => (cell !== '' ? i : acc), -1);
  const path = row.tiers.slice(0, last + 1);
  if (path.some((cell) => cell === '')) {
    lint.push({ kind: 'skipped_tier', line: row.line, id: row.id, message: `line ${row.line} (${row.id}): tier path skips a level: ${pathKey(path)}` });
  }
  return path.filter((cell) => cell !== '');
}

export function parseTaxonomy(tsv: string): Taxonomy {
  const lint: LintFinding[] = [];
  const rows = parseRows(tsv, lint);
  const nodes: TaxonomyNode[] = [];
  const byId = new Map<string, TaxonomyNode>();
  const byPath = new Map<string, TaxonomyNode>();
  for (const row of rows) {
    const path = tierPath(row, lint);
    if (path.length === 0) {
      lint.push({ kind: 'malformed_row', line: row.line, id: row.id, message: `line ${row.line} (${row.id}): no Tier cells` });
      continue;
    }
    if (byId.has(row.id)) {
      lint.push({ kind: 'duplicate_id', line: row.line, id: row.id, message: `line ${row.line}: Unique ID ${row.id} used again` });
      continue;
    }
    const key = pathKey(path);
    if (byPath.has(key)) {
      lint.push({ kind: 'duplicate_path', line: row.line, id: row.id, message: `line ${row.line} (${row.id}): path ${key} already belongs to ${byPath.get(key)?.id}` });
      continue;
    }
    if (row.name !== path[path.length - 1]) {
      lint.push({ kind: 'name_differs_from_tier', line: row.line, id: row.id, message: `line ${row.line} (${row.id}): Name "${row.name}" differs from its deepest Tier cell "${path[path.length - 1]}"` });
    }
    const node: TaxonomyNode = {
      id: row.id,
      name: row.name,
      path,
      depth: path.length,
      parentId: null,
      declaredParentId: row.declaredParentId,
      sensitive: row.extension.split(/[\s,;]+/).includes(SENSITIVE_MARKER),
      internalExtension: false,
    };
    nodes.push(node);
    byId.set(node.id, node);
    byPath.set(key, node);
  }
  const lineOf = new Map(rows.map((r) => [r.id, r.line]));
  for (const node of nodes) {
    if (node.depth === 1) {
      if (node.declaredParentId !== null) lint.push({ kind: 'parent_mismatch', line: lineOf.get(node.id), id: node.id, message: `${node.id} "${node.name}" is tier 1 but names Parent ${node.declaredParentId}` });
      continue;
    }
    const parent = byPath.get(pathKey(node.path.slice(0, -1)));
    if (!parent) {
      lint.push({ kind: 'missing_ancestor', line: lineOf.get(node.id), id: node.id, message: `${node.id} "${node.name}": no node has the parent path ${pathKey(node.path.slice(0, -1))}` });
      continue;
    }
    node.parentId = parent.id;
    if (node.declaredParentId !== parent.id) {
      lint.push({
        kind: 'parent_mismatch',
        line: lineOf.get(node.id),
        id: node.id,
        message: `${node.id} "${node.name}": Parent column says ${node.declaredParentId ?? '(none)'}, Tier path says ${parent.id} (${pathKey(parent.path)})`,
      });
    }
  }
  return { nodes, byId, byPath, children: childrenOf(nodes), lint, sha256: sha256Hex(tsv) };
}

export function childrenOf(nodes: readonly TaxonomyNode[]): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const node of nodes) {
    if (node.parentId === null) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node.id);
    children.set(node.parentId, list);
  }
  return children;
}

export async function loadTaxonomyFile(path: string): Promise<Taxonomy> {
  return parseTaxonomy(await readFile(path, 'utf8'));
}

/** The id of a node's tier-1 ancestor (itself at tier 1; the id itself when the taxonomy lacks it). */
export function tier1Id(taxonomy: Pick<Taxonomy, 'byId'>, id: string): string {
  return lineage(taxonomy, id)[0]?.id ?? id;
}

/** The node and its ancestors, tier 1 first. */
export function lineage(taxonomy: Pick<Taxonomy, 'byId'>, id: string): TaxonomyNode[] {
  const chain: TaxonomyNode[] = [];
  for (let node = taxonomy.byId.get(id); node; node = node.parentId ? taxonomy.byId.get(node.parentId) : undefined) chain.unshift(node);
  return chain;
}
