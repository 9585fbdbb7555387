/**
 * One way to compile the project's JSON Schemas (draft 2020-12) and to turn ajv errors into one
 * readable line. Schemas live in `schemas/` and are read from disk, never copied into code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020Module, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { PROJECT_ROOT } from './config.js';

// ajv and ajv-formats are CommonJS; under NodeNext the class sits on `.default` (also at runtime).
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
export type Ajv = InstanceType<typeof Ajv2020>;


/** At the project root (also when running the compiled dist/). */
export const SCHEMAS_DIR = join(PROJECT_ROOT, 'schemas');

/** A strict 2020-12 validator with every error reported and the standard formats (date, ...). */
export function createAjv(): Ajv {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/** Parsed `schemas/<name>`, e.g. `readSchema('envelope.schema.json')`. */
export function readSchema(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(SCHEMAS_DIR, name), 'utf8')) as Record<string, unknown>;
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
