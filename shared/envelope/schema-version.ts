/**
 * The envelope schema's version, reported by GET /version as `api_schema_version`.
 * ENVELOPE_SCHEMA_SHA256 is the fingerprint of schemas/envelope.schema.json at this version;
 * test/envelope/schema-version.test.ts fails when the schema changes without a bump. To change the
 * schema: edit it, set API_SCHEMA_VERSION to today's date and paste the fingerprint the test prints.
 */
import { sha256Hex } from '../hash.js';

export const API_SCHEMA_VERSION = '2026-11-23';

/** SHA-256 of canonicalJson(envelope.schema.json): formatting-only edits do not count as changes. */
export const ENVELOPE_SCHEMA_SHA256 = 'a4f7f1b8c7d43de1e73517265c44fc01620fbe59fc42dee1c001592c8bbd9fe9';

/** JSON with object keys sorted at every level and no whitespace. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function schemaFingerprint(schema: unknown): string {
  return sha256Hex(canonicalJson(schema));
}
