/**
 * The response-schema check every envelope passes before it is returned (spec 1.7.7, 7).
 * schemas/envelope.schema.ts is compiled once, with ajv's 2020-12 dialect in strict mode.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { Envelope } from './envelope-types.js';
import { formatAjvErrors, lazyValidator } from '../schema-ajv.js';

export const ENVELOPE_SCHEMA_FILE = 'envelope.schema.json';

/** An envelope that does not match the schema: a bug in the pipeline, never the caller's input. */
export class EnvelopeValidationError extends Error {
  override readonly name = 'EnvelopeValidationError';
  readonly errors: readonly ErrorObject[];

  constructor(errors: readonly ErrorObject[]) {
    super(`envelope does not match ${ENVELOPE_SCHEMA_FILE}: ${formatAjvErrors(errors)}`);
    this.errors = errors;
  }
}

const envelopeValidator = lazyValidator<Envelope>(ENVELOPE_SCHEMA_FILE);

/** True when the value matches the envelope schema. */
export function isValidEnvelope(value: unknown): value is Envelope {
  return envelopeValidator()(value);
}

/** Throws EnvelopeValidationError (carrying ajv's errors) unless the value matches the schema. */
export function validateEnvelope(value: unknown): asserts value is Envelope {
  const validate = envelopeValidator();
  if (!validate(value)) throw new EnvelopeValidationError([...(validate.errors ?? [])]);
}
