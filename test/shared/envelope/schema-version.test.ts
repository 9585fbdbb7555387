import { describe, expect, it } from 'vitest';
import { readSchema } from '../../../shared/schema-ajv.js';
import { API_SCHEMA_VERSION, canonicalJson, ENVELOPE_SCHEMA_SHA256, schemaFingerprint } from '../../../shared/envelope/schema-version.js';

describe('API_SCHEMA_VERSION', () => {
  it('is a real date in YYYY-MM-DD form', () => {
    expect(API_SCHEMA_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${API_SCHEMA_VERSION}T00:00:00Z`).toISOString().slice(0, 10)).toBe(API_SCHEMA_VERSION);
  });

  it('is bumped whenever envelope.schema.json changes', () => {
    const actual = schemaFingerprint(readSchema('envelope.schema.json'));
    expect(
      actual,
      `schemas/envelope.schema.ts changed: set API_SCHEMA_VERSION (now ${API_SCHEMA_VERSION}) to today's date and ENVELOPE_SCHEMA_SHA256 to '${actual}' in shared/envelope/schema-version.ts`,
    ).toBe(ENVELOPE_SCHEMA_SHA256);
  });
});

describe('schemaFingerprint', () => {
  it('ignores key order and formatting but not content', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: true })).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
    expect(schemaFingerprint({ a: 1, b: 2 })).toBe(schemaFingerprint(JSON.parse('{ "b": 2,\n  "a": 1 }')));
    expect(schemaFingerprint({ a: 1, b: 2 })).not.toBe(schemaFingerprint({ a: 1, b: 3 }));
  });
});
