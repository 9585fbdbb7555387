/**
 * The project's JSON Schemas (draft 2020-12), one module each: the one source of every shape on the
 * wire and on disk. Validation (Ajv), the OpenAPI document (@fastify/swagger) and the TypeScript types
 * (json-schema-to-ts) all read these objects; nothing restates them. Keyed by the file names their
 * $ids end in.
 */
import classifyBatchRequestSchema from './classify-batch-request.schema.js';
import classifyBatchResponseSchema from './classify-batch-response.schema.js';
import classifyRequestSchema from './classify-request.schema.js';
import decisionPolicySchema from './decision-policy.schema.js';
import envelopeSchema from './envelope.schema.js';
import errorSchema from './error.schema.js';
import healthSchema from './health.schema.js';
import manifestSchema from './manifest.schema.js';
import versionSchema from './version.schema.js';

export const SCHEMA_FILES = {
  'classify-batch-request.schema.json': classifyBatchRequestSchema,
  'classify-batch-response.schema.json': classifyBatchResponseSchema,
  'classify-request.schema.json': classifyRequestSchema,
  'decision-policy.schema.json': decisionPolicySchema,
  'envelope.schema.json': envelopeSchema,
  'error.schema.json': errorSchema,
  'health.schema.json': healthSchema,
  'manifest.schema.json': manifestSchema,
  'version.schema.json': versionSchema,
} as const;

export type SchemaFileName = keyof typeof SCHEMA_FILES;
