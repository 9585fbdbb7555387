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
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { IntegrityError } from '../errors.js';
import { createAjv, formatAjvErrors } from '../schema-ajv.js';
import { ANNOTATION_SCHEMAS, type AnnotationFileKind, type AnnotationFiles, type ExtensionNode, type NodeAnnotation, type PolysemyQuery, type RegulatedEntry } from './annotations-schema.js';
import { childrenOf, loadTaxonomyFile, pathKey, type Taxonomy, type TaxonomyNode } from './taxonomy.js';

/** The hand-edited annotation files: data at the project root (also when running the compiled dist/). */
export const ANNOTATIONS_DIR = join(PROJECT_ROOT, 'taxonomy', 'annotations');
export const EXTENSION_ID_PREFIX = 'x-';
const MAX_DEPTH = 4;

export type { ExtensionNode, NodeAnnotation, PolysemyQuery, RegulatedEntry } from './annotations-schema.js';

export interface Annotations {
  nodes: ReadonlyMap<string, NodeAnnotation>;
  regulated: ReadonlyMap<string, RegulatedEntry>;
  extensions: readonly ExtensionNode[];
  polysemy: readonly PolysemyQuery[];
}

const validators = new Map<AnnotationFileKind, ValidateFunction>();

/** A file of the given kind, parsed and checked against its schema (annotations-schema.ts). */
export async function readAnnotationFile<K extends AnnotationFileKind>(path: string, kind: K): Promise<AnnotationFiles[K]> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new IntegrityError(`cannot read annotations ${path}: ${(error as Error).message}`);
  }
  let validate = validators.get(kind);
  if (!validate) {
    validate = createAjv().compile(ANNOTATION_SCHEMAS[kind]);
    validators.set(kind, validate);
  }
  if (!validate(value)) throw new IntegrityError(`annotations ${path} do not match the ${kind} schema: ${formatAjvErrors(validate.errors)}`);
  return value as AnnotationFiles[K];
}

export async function loadAnnotations(dir = ANNOTATIONS_DIR): Promise<Annotations> {
  const nodes = new Map<string, NodeAnnotation>();
  const nodeFiles = (await readdir(join(dir, 'nodes'))).filter((n) => n.endsWith('.json')).sort();
  for (const name of nodeFiles) {
    const entries = await readAnnotationFile(join(dir, 'nodes', name), 'nodes');
    for (const [id, annotation] of Object.entries(entries)) {
      if (nodes.has(id)) throw new IntegrityError(`annotations: node ${id} annotated twice (again in nodes/${name})`);
      nodes.set(id, annotation);
    }
  }
  const regulated = await readAnnotationFile(join(dir, 'regulated.json'), 'regulated');
  const extensions = await readAnnotationFile(join(dir, 'extensions.json'), 'extensions');
  const polysemy = await readAnnotationFile(join(dir, 'polysemy.json'), 'polysemy');
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
