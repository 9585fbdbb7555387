/**
 * The one error body of every endpoint (schemas/error.schema.ts):
 * `{"error": {"code", "message", "details"?}}`. Codes are stable; messages are one line and state
 * limits as "given N, max M"; 5xx messages never carry internals.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type errorSchema from '../schemas/error.schema.js';

export const ERROR_CODES = {
  invalid_json: 400,
  invalid_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  reload_failed: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
  not_ready: 503,
  encoder_unavailable: 503,
  timeout: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The one error body, typed from schemas/error.schema.ts with the code narrowed to ERROR_CODES. */
export type ErrorBody = { error: Omit<FromSchema<typeof errorSchema>['error'], 'code'> & { code: ErrorCode } };

/** Thrown by routes and hooks; the error plugin turns it into the error body with its status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra response headers (e.g. Allow, WWW-Authenticate). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = ERROR_CODES[code];
  }

  body(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}
