/**
 * Every npm script's entry point answers `--help` with a usage text, exit code 0, and writes nothing:
 * the folders the configuration can redirect (artifacts, embedding cache, taxonomy) point at an empty
 * temporary folder that must stay empty, and the project files scripts write (data/intent/*.jsonl,
 * artifacts/current.json, the taxonomy TSV, dist/.build-stamp) keep their modification times.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTsx } from '../helpers/run-tsx.js';
import { PROJECT_ROOT } from '../../shared/config.js';

const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** Scripts whose entry point is another tool's CLI (their --help is that tool's). */
const NOT_OURS: Record<string, RegExp> = { test: /^vitest( |$)/, typecheck: /^tsc( |$)/ };

/**
 * The program npm finally runs for a script (the last `&&` step; earlier steps are `npm run setup` and
 * the build, tested as scripts of their own), as [file, ...args] to run with tsx: `exec` and `tsx watch`
 * are dropped, and compiled `dist/X.js` maps to its source `X.ts` (the same program, without a build).
 */
function entryOf(command: string): string[] {
  const words = (command.split('&&').pop() as string).trim().split(/\s+/);
  if (words[0] === 'exec') words.shift();
  const runner = words.shift();
  if (runner !== 'tsx' && runner !== 'node') throw new Error(`unexpected runner "${runner}" in "${command}"`);
  if (words[0] === 'watch') words.shift();
  const file = (words.shift() as string).replace(/^dist\/(.*)\.js$/, '$1.ts');
  return [file, ...words];
}

function watchedFiles(): Map<string, number> {
  const paths = [join(PROJECT_ROOT, 'artifacts', 'current.json'), join(PROJECT_ROOT, 'taxonomy', 'content-taxonomy-3.1.tsv'), join(PROJECT_ROOT, 'dist', '.build-stamp')];
  const intentDir = join(PROJECT_ROOT, 'data', 'intent');
  if (existsSync(intentDir)) paths.push(...readdirSync(intentDir).map((name) => join(intentDir, name)));
  return new Map(paths.filter((p) => existsSync(p)).map((p) => [p, statSync(p).mtimeMs]));
}

const run = (args: string[], env: NodeJS.ProcessEnv) => runTsx(args, env);

describe('npm scripts: --help on every entry point', () => {
  let sandbox = '';
  let env: NodeJS.ProcessEnv = {};

  beforeAll(async () => {
    sandbox = await mkdtemp(join(tmpdir(), 'qi-help-'));
    env = {
      ...process.env,
      QUIET: '1',
      ARTIFACTS_DIR: join(sandbox, 'artifacts'),
      EMBED_CACHE_DIR: join(sandbox, 'cache'),
      TAXONOMY_PATH: join(sandbox, 'taxonomy.tsv'),
    };
  });

  afterAll(async () => {
    await rm(sandbox, { recursive: true, force: true });
  });

  it('knows every script', () => {
    for (const [name, command] of Object.entries(scripts)) {
      if (NOT_OURS[name]) expect((command.split('&&').pop() as string).trim(), name).toMatch(NOT_OURS[name] as RegExp);
      else {
        const [file] = entryOf(command);
        expect(existsSync(join(PROJECT_ROOT, file as string)), `${name}: entry point ${file} exists`).toBe(true);
      }
    }
  });

  const ours = Object.entries(scripts).filter(([name]) => !NOT_OURS[name]);
  it.concurrent.each(ours)('%s --help prints usage, exits 0 and writes nothing', async (name, command) => {
    const before = watchedFiles();
    const result = await run([...entryOf(command), '--help'], env);
    expect(result.code, `${name}: ${result.stderr}`).toBe(0);
    expect(result.stdout, name).toMatch(/--help/);
    expect(await readdir(sandbox), `${name} wrote into the sandbox`).toEqual([]);
    expect(watchedFiles(), `${name} touched a project file`).toEqual(before);
  });
});
