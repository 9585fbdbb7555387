/**
 * `npm run cases`: run the reference envelope cases (../shared/eval/reference/envelope.*.json, dotted-path
 * expectations) through the real pipeline and print pass/fail per case with the differing fields.
 * A report, not a gate: it exits 0 whatever the cases say (non-zero only when it cannot run).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../shared/config.js';
import { defineCommand } from './define-command.js';
import { encoderOverrides, withEncoderFlags } from './encoder-flags.js';
import { UserFacingError } from '../shared/errors.js';
import { loadClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import { classifyBatch } from '../shared/pipeline/classify-query.js';

interface EnvelopeCase {
  id: string;
  text: string;
  expected: Record<string, unknown>;
}

export function valueAt(object: unknown, dottedPath: string): unknown {
  return dottedPath.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), object);
}

export function differences(envelope: unknown, expected: Record<string, unknown>): string[] {
  return Object.entries(expected)
    .filter(([path, want]) => JSON.stringify(valueAt(envelope, path)) !== JSON.stringify(want))
    .map(([path, want]) => `${path}: expected ${JSON.stringify(want)}, got ${JSON.stringify(valueAt(envelope, path))}`);
}

export const casesCommand = defineCommand({
  command: 'cases',
  describe: 'build every reference envelope case (../shared/eval/reference) with the real encoder and report mismatches',
  examples: [['query-intent cases', 'run the reference cases against the current artifacts']],
  builder: (y) =>
    withEncoderFlags(y),
  handler: async (args) => {
    const config = loadConfig(encoderOverrides(args));
    const dir = config.paths.referenceEvalDir;
    if (!existsSync(dir)) throw new UserFacingError(`reference cases not found: ${dir}`);
    const files = (await readdir(dir)).filter((name) => /^envelope\..*\.json$/.test(name)).sort();
    const runtime = await loadClassifierRuntime(config);
    let passed = 0;
    let total = 0;
    for (const file of files) {
      const cases = JSON.parse(await readFile(join(dir, file), 'utf8')) as EnvelopeCase[];
      const envelopes = await classifyBatch(runtime, cases.map((c) => c.text));
      console.log(`\n${file}`);
      cases.forEach((testCase, i) => {
        const diff = differences(envelopes[i], testCase.expected);
        total += 1;
        passed += diff.length === 0 ? 1 : 0;
        console.log(`${diff.length === 0 ? 'PASS' : 'FAIL'}  ${testCase.id}`);
        for (const line of diff) console.log(`      ${line}`);
      });
    }
    console.log(`\ncases: ${passed} of ${total} match (artifact ${runtime.artifacts.version})`);
    await runtime.encoder.dispose();
  },
});

