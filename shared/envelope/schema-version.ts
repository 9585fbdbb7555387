/**
 * The envelope schema's version, reported by GET /version as `api_schema_version`.
 * ENVELOPE_SCHEMA_SHA256 is the fingerprint of schemas/envelope.schema.ts at this version;
 * test/envelope/schema-version.test.ts fails when the schema changes without a bump. To change the
 * schema: edit it, set API_SCHEMA_VERSION to today's date and paste the fingerprint the test prints.
 */
import { sha256Hex } from '../hash.js';

export const API_SCHEMA_VERSION = '2026-11-21';

/** SHA-256 of canonicalJson(envelope.schema.json): formatting-only edits do not count as changes. */
export const ENVELOPE_SCHEMA_SHA256 = '9a97ed4a75ef9262fb35dcbb5f385faee28eaf766cca43cfb2baa6ea7a64c6a3';

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
