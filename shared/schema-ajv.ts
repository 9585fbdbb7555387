/**
 * One way to compile the project's JSON Schemas (draft 2020-12) and to turn ajv errors into one
 * readable line. The schemas are the modules of `schemas/` (schemas/index.ts), never restated.
 */
import Ajv2020Module, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { SCHEMA_FILES } from '../schemas/index.js';

// ajv and ajv-formats are CommonJS; under NodeNext the class sits on `.default` (also at runtime).
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
export type Ajv = InstanceType<typeof Ajv2020>;

/** A strict 2020-12 validator with every error reported and the standard formats (date, ...). */
export function createAjv(): Ajv {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** A copy of the schema `schemas/<name>.ts` holds, e.g. `readSchema('envelope.schema.json')` (the name its $id ends in). */
export function readSchema(name: string): Record<string, unknown> {
  const schema = (SCHEMA_FILES as Record<string, unknown>)[name];
  if (schema === undefined) throw new Error(`no schema ${name} in schemas/index.ts`);
  return structuredClone(schema) as Record<string, unknown>;
}

/** A validator for `schemas/<name>`, read and compiled on first use (nothing is read at import time). */
export function lazyValidator<T>(name: string): () => ValidateFunction<T> {
  let validate: ValidateFunction<T> | undefined;
  return () => {
    validate ??= createAjv().compile<T>(readSchema(name));
    return validate;
  };
}

function describe(error: ErrorObject): string {
  const at = error.instancePath === '' ? '(root)' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `${at} has unknown property "${String(params.additionalProperty)}"`;
  if (error.keyword === 'enum') return `${at} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
  return `${at} ${error.message ?? error.keyword}`;
}

/** `"/a/b must be <= 1; (root) has unknown property "x""`, duplicates removed. */
export function formatAjvErrors(errors: readonly ErrorObject[] | null | undefined): string {
  return [...new Set((errors ?? []).map(describe))].join('; ');
}
