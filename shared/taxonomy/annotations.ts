/**
 * The project's own annotations over the taxonomy, keyed by Unique ID: aliases and example queries
 * (annotations/nodes/*.json), polysemy queries (annotations/polysemy.json: a node-name word used in
 * another sense, filed under the node the query is about), regulated verticals (annotations/regulated.json)
 * and internal extension nodes for commercial topics the IAB table lacks (annotations/extensions.json,
 * ids prefixed `x-`). annotations/README.md holds the conventions for contested regions.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../config.js';
import { IntegrityError } from '../errors.js';
import { childrenOf, loadTaxonomyFile, pathKey, type Taxonomy, type TaxonomyNode } from './taxonomy.js';

/** The hand-edited annotation files: data at the project root (also when running the compiled dist/). */
export const ANNOTATIONS_DIR = join(PROJECT_ROOT, 'taxonomy', 'annotations');
export const EXTENSION_ID_PREFIX = 'x-';
const MAX_DEPTH = 4;

export interface NodeAnnotation {
  aliases: string[];
  queries: string[];
}

export interface RegulatedEntry {
  vertical: string;
  reason: string;
}

export interface ExtensionNode extends NodeAnnotation {
  id: string;
  /** Unique ID of the closest IAB parent. */
  parent: string;
  name: string;
}

/** A query that uses a word of some node's name in another sense, filed under the node it is about. */
export interface PolysemyQuery {
  text: string;
  /** Unique ID (or extension id) of the node the query is about. */
  node: string;
  /** The word that also names another node. */
  word: string;
}

export interface Annotations {
  nodes: ReadonlyMap<string, NodeAnnotation>;
  regulated: ReadonlyMap<string, RegulatedEntry>;
  extensions: readonly ExtensionNode[];
  polysemy: readonly PolysemyQuery[];
}

async function readJson<T>(path: string): Promise<T> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (error) {
    throw new IntegrityError(`cannot read annotations ${path}: ${(error as Error).message}`);
  }
}

export async function loadAnnotations(dir = ANNOTATIONS_DIR): Promise<Annotations> {
  const nodes = new Map<string, NodeAnnotation>();
  const nodeFiles = (await readdir(join(dir, 'nodes'))).filter((n) => n.endsWith('.json')).sort();
  for (const name of nodeFiles) {
    const entries = await readJson<Record<string, NodeAnnotation>>(join(dir, 'nodes', name));
    for (const [id, annotation] of Object.entries(entries)) {
      if (nodes.has(id)) throw new IntegrityError(`annotations: node ${id} annotated twice (again in nodes/${name})`);
      nodes.set(id, annotation);
    }
  }
  const regulated = await readJson<{ nodes: Record<string, RegulatedEntry> }>(join(dir, 'regulated.json'));
  const extensions = await readJson<{ nodes: ExtensionNode[] }>(join(dir, 'extensions.json'));
  const polysemy = await readJson<{ rows: PolysemyQuery[] }>(join(dir, 'polysemy.json'));
  return { nodes, regulated: new Map(Object.entries(regulated.nodes)), extensions: extensions.nodes, polysemy: polysemy.rows };
}

/** The taxonomy plus the internal extension nodes, each under its IAB parent. */
export function withExtensions(taxonomy: Taxonomy, extensions: readonly ExtensionNode[]): Taxonomy {
  const nodes: TaxonomyNode[] = [...taxonomy.nodes];
  const byId = new Map(taxonomy.byId);
  const byPath = new Map(taxonomy.byPath);
  for (const extension of extensions) {
    if (!extension.id.startsWith(EXTENSION_ID_PREFIX)) throw new IntegrityError(`extension ${extension.id}: id must start with ${EXTENSION_ID_PREFIX}`);
    if (byId.has(extension.id)) throw new IntegrityError(`extension ${extension.id}: id already used`);
    const parent = byId.get(extension.parent);
    if (!parent) throw new IntegrityError(`extension ${extension.id}: unknown parent ${extension.parent}`);
    if (parent.depth >= MAX_DEPTH) throw new IntegrityError(`extension ${extension.id}: parent ${parent.id} is already tier ${MAX_DEPTH}`);
    const node: TaxonomyNode = {
      id: extension.id,
      name: extension.name,
      path: [...parent.path, extension.name],
      depth: parent.depth + 1,
      parentId: parent.id,
      declaredParentId: parent.id,
      sensitive: false,
      internalExtension: true,
    };
    if (byPath.has(pathKey(node.path))) throw new IntegrityError(`extension ${extension.id}: path ${pathKey(node.path)} already exists`);
    nodes.push(node);
    byId.set(node.id, node);
    byPath.set(pathKey(node.path), node);
  }
  return { ...taxonomy, nodes, byId, byPath, children: childrenOf(nodes) };
}

export interface TaxonomySources {
  taxonomy: Taxonomy;
  annotations: Annotations;
}

/** The taxonomy file with the project's extension nodes added, and the annotations that describe them. */
export async function loadTaxonomySources(taxonomyFile: string): Promise<TaxonomySources> {
  const annotations = await loadAnnotations();
  return { taxonomy: withExtensions(await loadTaxonomyFile(taxonomyFile), annotations.extensions), annotations };
}

/** The regulated entry of the node or its nearest listed ancestor. */
export function regulatedVerticalOf(taxonomy: Pick<Taxonomy, 'byId'>, regulated: ReadonlyMap<string, RegulatedEntry>, id: string): RegulatedEntry | undefined {
  for (let node = taxonomy.byId.get(id); node; node = node.parentId ? taxonomy.byId.get(node.parentId) : undefined) {
    const entry = regulated.get(node.id);
    if (entry) return entry;
  }
  return undefined;
}
