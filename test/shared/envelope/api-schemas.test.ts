import { describe, expect, it } from 'vitest';
import { API_SCHEMA_VERSION } from '../../../shared/envelope/schema-version.js';
import { createAjv, readSchema } from '../../../shared/schema-ajv.js';

const compile = (name: string) => createAjv().compile(readSchema(name));

describe('classify-request.schema.json', () => {
  const validate = compile('classify-request.schema.json');
  it.each<[unknown, boolean]>([
    [{ text: 'best running shoes' }, true],
    [{ text: 'x' }, true],
    [{ text: 'é'.repeat(5000) }, true],
    [{ text: '😀'.repeat(5000) }, true], // 5000 code points (10000 UTF-16 units)
    [{ text: 'a'.repeat(5001) }, false],
    [{ text: '' }, false],
    [{ text: '   \n\t' }, false],
    [{ text: 42 }, false],
    [{}, false],
    [{ text: 'ok', lang: 'en' }, false],
  ])('%j -> %s', (body, ok) => {
    expect(validate(body)).toBe(ok);
  });

  it('documents that trimming happens before the length check', () => {
    const schema = readSchema('classify-request.schema.json') as { description: string; $defs: { query_text: { minLength: number; maxLength: number } } };
    expect(schema.description).toMatch(/trims `text`.*BEFORE the length check/);
    expect(schema.$defs.query_text).toMatchObject({ minLength: 1, maxLength: 5000 });
  });
});

describe('classify-batch-request.schema.json', () => {
  const validate = compile('classify-batch-request.schema.json');
  it('takes 1 to 64 texts with the single-text limits', () => {
    expect(validate({ texts: ['a'] })).toBe(true);
    expect(validate({ texts: Array.from({ length: 64 }, (_, i) => `q${i}`) })).toBe(true);
    expect(validate({ texts: Array.from({ length: 65 }, (_, i) => `q${i}`) })).toBe(false);
    expect(validate({ texts: [] })).toBe(false);
    expect(validate({ texts: ['ok', ''] })).toBe(false);
    expect(validate({ texts: ['a'.repeat(5001)] })).toBe(false);
    expect(validate({ texts: ['a'], extra: 1 })).toBe(false);
    expect(validate({ text: 'a' })).toBe(false);
  });
  it('shares the text definition with the single request', () => {
    expect(readSchema('classify-batch-request.schema.json').$defs).toEqual(readSchema('classify-request.schema.json').$defs);
  });
});

describe('health.schema.json', () => {
  const validate = compile('health.schema.json');
  const entry = (head: string) => ({ head, model_path: 'v1/heads/x.bin', calibration_path: '', ready: true, calibrated: false });
  const heads = ['intent_type', 'intent_subtype', 'decision_phase', 'ad_content'].map(entry);
  it('needs exactly one entry per head', () => {
    expect(validate({ status: 'ok', system_version: '0.1.0', reasons: [], heads })).toBe(true);
    expect(validate({ status: 'unavailable', system_version: '0.1.0', reasons: ['loading'], heads })).toBe(true);
    expect(validate({ status: 'ok', system_version: '0.1.0', reasons: [], heads: heads.slice(0, 3) })).toBe(false);
    expect(validate({ status: 'ok', system_version: '0.1.0', reasons: [], heads: [...heads.slice(0, 3), entry('intent_type')] })).toBe(false);
    expect(validate({ status: 'ok', system_version: '0.1.0', reasons: [], heads: [...heads.slice(0, 3), entry('sentiment')] })).toBe(false);
  });
  it('rejects unknown status and extra fields', () => {
    expect(validate({ status: 'fine', system_version: '0.1.0', reasons: [], heads })).toBe(false);
    expect(validate({ status: 'ok', system_version: '0.1.0', heads, uptime: 3 })).toBe(false);
    expect(validate({ status: 'ok', system_version: '0.1.0', reasons: [], heads: [{ ...entry('intent_type'), loaded_at: 'now' }, ...heads.slice(1)] })).toBe(false);
  });
});

describe('version.schema.json', () => {
  const validate = compile('version.schema.json');
  it('takes the versions and the declared extras', () => {
    expect(validate({ system_version: '0.1.0', api_schema_version: API_SCHEMA_VERSION })).toBe(true);
    expect(
      validate({
        system_version: '0.1.0+a1',
        api_schema_version: API_SCHEMA_VERSION,
        artifact_version: 'a1',
        encoder_id: 'use-lite',
        policy_version: '2026-11-21',
        taxonomy_version: '3.1',
        limits: { max_text_length: 5000, max_batch_size: 64, request_timeout_ms: 30000, body_limit_bytes: 1048576 },
      }),
    ).toBe(true);
  });
  it('rejects a non-date schema version, unknown fields and unknown limits', () => {
    expect(validate({ system_version: '0.1.0', api_schema_version: '2026-13-45' })).toBe(false);
    expect(validate({ system_version: '0.1.0', api_schema_version: 'v1' })).toBe(false);
    expect(validate({ system_version: '0.1.0', api_schema_version: API_SCHEMA_VERSION, git_sha: 'abc' })).toBe(false);
    expect(validate({ system_version: '0.1.0', api_schema_version: API_SCHEMA_VERSION, limits: { max_tokens: 5 } })).toBe(false);
    expect(validate({ system_version: '0.1.0', api_schema_version: API_SCHEMA_VERSION, limits: { max_batch_size: 0 } })).toBe(false);
  });
});

describe('error.schema.json', () => {
  const validate = compile('error.schema.json');
  it('is {error: {code, message, details?}}', () => {
    expect(validate({ error: { code: 'text_too_long', message: 'text is too long: given 5001, max 5000' } })).toBe(true);
    expect(validate({ error: { code: 'invalid_request', message: 'bad', details: { errors: [] } } })).toBe(true);
    expect(validate({ error: { code: 'Invalid Request', message: 'bad' } })).toBe(false);
    expect(validate({ error: { code: 'x', message: '' } })).toBe(false);
    expect(validate({ error: { message: 'bad' } })).toBe(false);
    expect(validate({ error: { code: 'x', message: 'bad' }, status: 400 })).toBe(false);
    expect(validate({ error: { code: 'x', message: 'bad', stack: '...' } })).toBe(false);
  });
});
