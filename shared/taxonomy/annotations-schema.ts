/**
 * The JSON Schema of the hand-edited annotation files (taxonomy/annotations/), one $def per kind of
 * file. It is the one source of their shape: the TypeScript types below come from it (json-schema-to-ts),
 * and loadAnnotations checks every file against it.
 */
import type { FromSchema } from 'json-schema-to-ts';

const NODE_ID = { type: 'string', pattern: '^(x-)?[0-9A-Za-z-]+$' } as const;
const TEXT = { type: 'string', minLength: 1 } as const;

const nodeAnnotation = {
  type: 'object',
  additionalProperties: false,
  required: ['aliases', 'queries'],
  properties: {
    aliases: { type: 'array', items: TEXT },
    queries: { type: 'array', items: TEXT },
  },
} as const;

const regulatedEntry = {
  type: 'object',
  additionalProperties: false,
  required: ['vertical', 'reason'],
  properties: { vertical: { type: 'string', pattern: '^[a-z_]+$' }, reason: TEXT },
} as const;

const extensionNode = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'parent', 'name', 'aliases', 'queries'],
  properties: {
    id: { type: 'string', pattern: '^x-[a-z0-9-]+$' },
    /** Unique ID of the closest IAB parent. */
    parent: NODE_ID,
    name: TEXT,
    aliases: nodeAnnotation.properties.aliases,
    queries: nodeAnnotation.properties.queries,
  },
} as const;

const polysemyQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['text', 'node', 'word'],
  properties: { text: TEXT, node: NODE_ID, word: TEXT },
} as const;

export const ANNOTATION_SCHEMAS = {
  /** nodes/*.json: annotations keyed by Unique ID. */
  nodes: { type: 'object', propertyNames: NODE_ID, additionalProperties: nodeAnnotation },
  /** regulated.json */
  regulated: {
    type: 'object',
    additionalProperties: false,
    required: ['nodes'],
    properties: { $comment: { type: 'string' }, nodes: { type: 'object', propertyNames: NODE_ID, additionalProperties: regulatedEntry } },
  },
  /** extensions.json */
  extensions: {
    type: 'object',
    additionalProperties: false,
    required: ['nodes'],
    properties: { $comment: { type: 'string' }, nodes: { type: 'array', items: extensionNode } },
  },
  /** polysemy.json */
  polysemy: {
    type: 'object',
    additionalProperties: false,
    required: ['rows'],
    properties: { $comment: { type: 'string' }, rows: { type: 'array', items: polysemyQuery } },
  },
} as const;

export type AnnotationFileKind = keyof typeof ANNOTATION_SCHEMAS;

export type NodeAnnotation = FromSchema<typeof nodeAnnotation>;
export type RegulatedEntry = FromSchema<typeof regulatedEntry>;
export type ExtensionNode = FromSchema<typeof extensionNode>;
/** A query that uses a word of some node's name in another sense, filed under the node it is about. */
export type PolysemyQuery = FromSchema<typeof polysemyQuery>;

/** Each file kind as it is on disk, typed from its schema. */
export interface AnnotationFiles {
  nodes: FromSchema<typeof ANNOTATION_SCHEMAS.nodes>;
  regulated: FromSchema<typeof ANNOTATION_SCHEMAS.regulated>;
  extensions: FromSchema<typeof ANNOTATION_SCHEMAS.extensions>;
  polysemy: FromSchema<typeof ANNOTATION_SCHEMAS.polysemy>;
}
