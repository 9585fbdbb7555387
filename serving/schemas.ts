/**
 * The JSON Schemas of schemas/ (TypeScript modules) as the service uses them: one draft 2020-12 Ajv (the project's
 * setup) holding every schema by its $id, used to validate request bodies (Fastify's own validator is
 * draft-07), to check every response against the schema its route declares before it is sent, and
 * to build /openapi.json. Routes refer to schemas as `{ $ref: SCHEMA_IDS.x }`.
 */
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import classifyBatchRequestSchema from '../schemas/classify-batch-request.schema.js';
import classifyRequestSchema from '../schemas/classify-request.schema.js';
import { createAjv, formatAjvErrors, readSchema } from '../shared/schema-ajv.js';

export const SCHEMA_FILES = {
  classifyRequest: 'classify-request.schema.json',
  classifyBatchRequest: 'classify-batch-request.schema.json',
  classifyBatchResponse: 'classify-batch-response.schema.json',
  envelope: 'envelope.schema.json',
  health: 'health.schema.json',
  version: 'version.schema.json',
  error: 'error.schema.json',
} as const;

export type SchemaName = keyof typeof SCHEMA_FILES;

/** Parsed schema files by name. */
export const SCHEMAS: Record<SchemaName, Record<string, unknown>> = Object.fromEntries(
  Object.entries(SCHEMA_FILES).map(([name, file]) => [name, readSchema(file)]),
) as Record<SchemaName, Record<string, unknown>>;

export const SCHEMA_IDS = Object.fromEntries(Object.entries(SCHEMAS).map(([name, schema]) => [name, schema.$id as string])) as Record<SchemaName, string>;

/** `{ $ref }` to a schema file, for route definitions. */
export const ref = (name: SchemaName) => ({ $ref: SCHEMA_IDS[name] });

/** Max trimmed text length and max batch size, read from the request schemas (reported by /version). */
export const REQUEST_LIMITS = {
  maxTextLength: classifyRequestSchema.$defs.query_text.maxLength,
  maxBatchSize: classifyBatchRequestSchema.properties.texts.maxItems,
};

/** The project's Ajv with every served schema added. */
export function createSchemaAjv() {
  const ajv = createAjv();
  for (const schema of Object.values(SCHEMAS)) ajv.addSchema(schema);
  return ajv;
}

/** A response that does not match its declared schema: a server bug, answered with 500. */
export class ResponseSchemaError extends Error {
  override readonly name = 'ResponseSchemaError';
}

export interface SchemaCompilers {
  validatorCompiler: FastifySchemaCompiler<unknown>;
  serializerCompiler: FastifySerializerCompiler<unknown>;
}

/** Fastify compilers backed by one 2020-12 Ajv: `{ $ref: id }` schemas resolve to the files; inline schemas compile as given. */
export function schemaCompilers(): SchemaCompilers {
  const ajv = createSchemaAjv();
  const compile = (schema: unknown): ValidateFunction => {
    const id = (schema as { $ref?: unknown }).$ref;
    if (typeof id === 'string' && Object.keys(schema as object).length === 1) {
      const known = ajv.getSchema(id);
      if (!known) throw new Error(`unknown schema ${id}`);
      return known;
    }
    return ajv.compile(schema as object);
  };
  return {
    validatorCompiler: ({ schema }) => compile(schema),
    serializerCompiler: ({ schema, method, url, httpStatus }) => {
      const validate = compile(schema);
      return (data: unknown) => {
        if (!validate(data)) {
          throw new ResponseSchemaError(`${method} ${url} ${httpStatus} response does not match its schema: ${formatAjvErrors(validate.errors)}`);
        }
        return JSON.stringify(data);
      };
    },
  };
}
