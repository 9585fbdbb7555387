/** Shared pieces of route schemas: the error responses a route declares, each the one error body. */
import { ERROR_CODES } from './api-error.js';
import { ref } from './schemas.js';

/** `{ 400: {description, $ref: error}, ... }` for the given statuses; descriptions list the codes. */
export function errorResponses(...statuses: number[]): Record<number, { description: string; $ref: string }> {
  return Object.fromEntries(
    statuses.map((status) => {
      const codes = Object.entries(ERROR_CODES).filter(([, s]) => s === status).map(([code]) => code);
      if (codes.length === 0) throw new Error(`no error code for HTTP ${status}`);
      return [status, { description: `Error body; code ${codes.join(' or ')}`, ...ref('error') }];
    }),
  );
}
