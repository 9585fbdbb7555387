import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, PROJECT_ROOT, type EncoderConfig } from '../../../shared/config.js';
import type { Encoder } from '../../../shared/encoder/encoder.js';
import { createEncoder } from '../../../shared/encoder/create-encoder.js';
import { createTransformersEncoder, loadTransformers, TRANSFORMERS_PACKAGE, TRANSFORMERS_RANGE } from '../../../shared/encoder/transformers-encoder.js';
import { ConfigError } from '../../../shared/errors.js';
import { CHART_PACKAGES } from '../../../evaluation/evaluate.js';
import { sha256File, sha256OfParts } from '../../../shared/hash.js';
import { TINY_BERT_HIDDEN_SIZE, tinyBertWordWeight, writeTinyBertModel } from '../../helpers/tiny-bert-model.js';
import { MODEL_LOAD_TIMEOUT_MS } from '../../helpers/timeouts.js';

function norm(a: Float32Array): number {
  let sum = 0;
  for (const v of a) sum += v * v;
  return Math.sqrt(sum);
}

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs((a[i] as number) - (b[i] as number)));
  return max;
}

function configFor(model: string, batchSize = 8): EncoderConfig {
  return { ...DEFAULT_CONFIG.encoder, backend: 'transformers', model, batchSize };
}

// An optional install: CI adds it for this file (.ci/run); a plain `npm install` leaves it out.
const transformers = await loadTransformers().catch(() => undefined);

describe('optional packages', () => {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as Record<'dependencies' | 'devDependencies', Record<string, string>>;

  it('is no dependency of the project: a plain npm install leaves out its ~450 MB (onnxruntime, sharp)', () => {
    expect(pkg.dependencies[TRANSFORMERS_PACKAGE]).toBeUndefined();
    expect(pkg.devDependencies[TRANSFORMERS_PACKAGE]).toBeUndefined();
  });

  it.each(CHART_PACKAGES)('the HTML report names $name with the range development installs (serving does not need it)', ({ name, range }) => {
    expect(pkg.dependencies[name]).toBeUndefined();
    expect(pkg.devDependencies[name]).toBe(range);
  });

  it.skipIf(transformers !== undefined)('when it is missing, asking for the backend is a ConfigError with the install command', async () => {
    const attempt = createEncoder(configFor(tmpdir()));
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(`npm install --no-save ${TRANSFORMERS_PACKAGE}@${TRANSFORMERS_RANGE}`);
  });
});

describe.skipIf(transformers === undefined)('transformers encoder on a tiny BERT model built by the test', () => {
  const env = transformers?.env as NonNullable<typeof transformers>['env'];
  const savedEnv = { allowRemoteModels: env?.allowRemoteModels, fetch: env?.fetch };
  let tmp: string;
  let modelDir: string;
  let encoder: Encoder;

  beforeAll(async () => {
    // No network, ever: remote loading off, and any fetch the library might still attempt fails loudly.
    env.allowRemoteModels = false;
    env.fetch = async (input: string | URL) => {
      throw new Error(`network access attempted in a test: ${String(input)}`);
    };
    tmp = await mkdtemp(join(tmpdir(), 'query-intent-tiny-bert-'));
    modelDir = join(tmp, 'tiny-bert');
    await writeTinyBertModel(modelDir);
    encoder = await createEncoder(configFor(modelDir));
  }, MODEL_LOAD_TIMEOUT_MS);

  afterAll(async () => {
    await encoder?.dispose();
    if (tmp) await rm(tmp, { recursive: true, force: true });
    env.allowRemoteModels = savedEnv.allowRemoteModels;
    env.fetch = savedEnv.fetch;
  });

  it('names the local folder in its id and reports the hidden size as its dimension', () => {
    expect(encoder.id).toBe('transformers:local/tiny-bert');
    expect(encoder.dim).toBe(TINY_BERT_HIDDEN_SIZE);
    expect(encoder.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('returns unit-norm float32 vectors of the model dimension', async () => {
    const vectors = await encoder.embed(['Book a FLIGHT to Denver!', 'best pizza recipe', '', 'zzz qqq unknown words', 'booking flights']);
    expect(vectors).toHaveLength(5);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector.length).toBe(TINY_BERT_HIDDEN_SIZE);
      expect(Math.abs(norm(vector) - 1)).toBeLessThan(1e-5);
    }
  });

  it('keeps input order', async () => {
    const [a, b] = await encoder.embed(['book a flight to denver', 'my router keeps dropping wifi']);
    const [b2, a2] = await encoder.embed(['my router keeps dropping wifi', 'book a flight to denver']);
    expect(Array.from(a2!)).toEqual(Array.from(a!));
    expect(Array.from(b2!)).toEqual(Array.from(b!));
    expect(maxAbsDiff(a!, b!)).toBeGreaterThan(1e-3);
  });

  it('gives the same vector for a text alone and inside a padded batch of other texts', async () => {
    const text = 'cheap hotel in paris';
    const [alone] = await encoder.embed([text], { batchSize: 1 });
    const batch = await encoder.embed(
      ['what is the best laptop for a college student with a small budget today', text, 'hi', 'weather in london tomorrow'],
      { batchSize: 4 },
    );
    expect(maxAbsDiff(alone!, batch[1]!)).toBeLessThanOrEqual(1e-6);
  });

  it('gives different vectors for different texts', async () => {
    const texts = ['reset my password', 'best pizza recipe', 'will it rain in london tomorrow', 'buy new shoes', 'Reset my password?'];
    const vectors = await encoder.embed(texts);
    for (let i = 0; i < 4; i++) {
      for (let j = i + 1; j < 4; j++) expect(maxAbsDiff(vectors[i]!, vectors[j]!)).toBeGreaterThan(1e-3);
    }
    // Case is normalised away, but the extra "?" token still moves the mean.
    expect(maxAbsDiff(vectors[0]!, vectors[4]!)).toBeGreaterThan(1e-4);
  });

  it('batches internally, reports progress, and matches one big batch', async () => {
    const texts = Array.from({ length: 10 }, (_, i) => `compare ${'plan '.repeat(i + 1)}for a small team`);
    const seen: number[] = [];
    const small = await encoder.embed(texts, { batchSize: 4, onProgress: (done) => seen.push(done) });
    const whole = await encoder.embed(texts, { batchSize: 10 });
    expect(seen).toEqual([4, 8, 10]);
    expect(small).toHaveLength(10);
    small.forEach((vector, i) => expect(maxAbsDiff(vector, whole[i]!)).toBeLessThanOrEqual(1e-6));
    expect(await encoder.embed([])).toEqual([]);
  });

  it('fingerprints exactly the config, tokenizer and ONNX files', async () => {
    const files = ['config.json', 'onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json'];
    const expected = sha256OfParts(await Promise.all(files.map(async (f) => [f, await sha256File(join(modelDir, f))] as const)));
    expect(encoder.fingerprint).toBe(expected);
  });

  it(
    'has a fingerprint stable across loads and folders that changes when one byte of model.onnx changes',
    async () => {
      const again = await createTransformersEncoder(configFor(modelDir));
      await again.dispose();
      expect(again.fingerprint).toBe(encoder.fingerprint);

      // The helper writes the same bytes every time, and the fingerprint does not depend on where the folder is.
      const copyDir = join(tmp, 'tiny-bert-copy');
      await writeTinyBertModel(copyDir);
      const copy = await createTransformersEncoder(configFor(copyDir));
      await copy.dispose();
      expect(copy.fingerprint).toBe(encoder.fingerprint);

      // Flip the lowest mantissa bit of one stored weight: still a valid model, different bytes.
      const onnxPath = join(copyDir, 'onnx', 'model.onnx');
      const bytes = await readFile(onnxPath);
      const weight = Buffer.alloc(4);
      weight.writeFloatLE(tinyBertWordWeight(10, 3));
      const at = bytes.indexOf(weight);
      expect(at).toBeGreaterThan(0);
      bytes[at] = (bytes[at] as number) ^ 1;
      await writeFile(onnxPath, bytes);

      const changed = await createTransformersEncoder(configFor(copyDir));
      try {
        expect(changed.fingerprint).toMatch(/^[0-9a-f]{64}$/);
        expect(changed.fingerprint).not.toBe(encoder.fingerprint);
        expect(changed.dim).toBe(TINY_BERT_HIDDEN_SIZE);
      } finally {
        await changed.dispose();
      }
    },
    MODEL_LOAD_TIMEOUT_MS,
  );

  it('rejects a missing folder with a one-line ConfigError naming it', async () => {
    const missing = join(tmp, 'no-such-model');
    const attempt = createTransformersEncoder(configFor(missing));
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await attempt.catch((error: Error) => {
      expect(error.message).toContain(missing);
      expect(error.message).not.toContain('\n');
    });
  });

  it('rejects a folder that holds no loadable model with a one-line ConfigError naming it', async () => {
    const emptyDir = await mkdtemp(join(tmp, 'empty-model-'));
    const attempt = createTransformersEncoder(configFor(emptyDir));
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await attempt.catch((error: Error) => {
      expect(error.message).toContain(emptyDir);
      expect(error.message).not.toContain('\n');
    });
  });
});
