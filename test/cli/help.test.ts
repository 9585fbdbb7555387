/**
 * One CLI: `query-intent --help` lists every command, every command answers `--help` with its usage and
 * examples, and every npm script is an alias of a command. Asking for help writes nothing: the folders the
 * configuration can redirect (artifacts, embedding cache, taxonomy) point at an empty temporary folder that
 * must stay empty, and the project files jobs write (data/intent/*.jsonl, artifacts/current.json, the
 * taxonomy TSV, dist/.build-stamp) keep their modification times.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, createCli } from '../../cli/commands.js';
import { PROJECT_ROOT } from '../../shared/config.js';
import { runTsx } from '../helpers/run-tsx.js';

const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const names = COMMANDS.map((c) => (c.command as string).split(' ')[0] as string);

/** Scripts that run another tool (tsc, vitest, eslint, the build) or the compiled server. */
const TOOLS: Record<string, RegExp> = {
  test: /^npm run setup --silent && vitest run$/,
  typecheck: /^tsc --noEmit$/,
  lint: /^eslint \.$/,
  build: /^node scripts\/build\.mjs --force$/,
  prestart: /^npm run setup --silent && node scripts\/build\.mjs --quiet$/,
  start: /^exec node dist\/cli\/server-main\.js$/,
  dev: /^npm run setup --silent && tsx watch cli\/query-intent\.ts serve$/,
};
const ALIAS = /^(?:npm run setup --silent && )?(?:node scripts\/build\.mjs --quiet && )?node bin\/query-intent\.js (\S+)(.*)$/;

function watchedFiles(): Map<string, number> {
  const paths = [join(PROJECT_ROOT, 'artifacts', 'current.json'), join(PROJECT_ROOT, 'taxonomy', 'content-taxonomy-3.1.tsv'), join(PROJECT_ROOT, 'dist', '.build-stamp')];
  const intentDir = join(PROJECT_ROOT, 'data', 'intent');
  if (existsSync(intentDir)) paths.push(...readdirSync(intentDir).map((name) => join(intentDir, name)));
  return new Map(paths.filter((p) => existsSync(p)).map((p) => [p, statSync(p).mtimeMs]));
}

/** `--help` in this process: yargs prints the usage and would exit; both are captured instead. */
async function helpOf(args: readonly string[]): Promise<string> {
  let output = '';
  await createCli([...args, '--help'])
    .exitProcess(false)
    .parseAsync([...args, '--help'], {}, (_error, _argv, text) => {
      output = text;
    });
  return output;
}

describe('query-intent: one CLI', () => {
  let sandbox = '';
  let env: NodeJS.ProcessEnv = {};
  const saved = { ...process.env };
  let before = new Map<string, number>();

  beforeAll(async () => {
    sandbox = await mkdtemp(join(tmpdir(), 'qi-help-'));
    env = { ...process.env, QUIET: '1', ARTIFACTS_DIR: join(sandbox, 'artifacts'), EMBED_CACHE_DIR: join(sandbox, 'cache'), TAXONOMY_PATH: join(sandbox, 'taxonomy.tsv') };
    Object.assign(process.env, env);
    before = watchedFiles();
  });

  afterAll(async () => {
    for (const name of ['ARTIFACTS_DIR', 'EMBED_CACHE_DIR', 'TAXONOMY_PATH']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await rm(sandbox, { recursive: true, force: true });
  });

  it('every npm script is a one-line alias of a query-intent command, or runs a named tool', () => {
    for (const [name, command] of Object.entries(scripts)) {
      if (TOOLS[name]) {
        expect(command, name).toMatch(TOOLS[name]);
        continue;
      }
      const match = ALIAS.exec(command);
      expect(match, `${name}: "${command}" is not an alias of query-intent`).not.toBeNull();
      expect(names, name).toContain(match?.[1]);
    }
  });

  it('the real binary lists every command under --help', async () => {
    const result = await runTsx(['bin/query-intent.js', '--help'], env);
    expect(result.code, result.stderr).toBe(0);
    for (const name of names) expect(result.stdout).toContain(`query-intent ${name}`);
  });

  it.each(names)('%s --help prints its usage and examples', async (name) => {
    const text = await helpOf([name]);
    expect(text).toContain(`query-intent ${name}`);
    expect(text).toMatch(/Examples:/);
    expect(text).toMatch(/--help/);
  });

  it('the compiled server entry answers --help', async () => {
    const result = await runTsx(['cli/server-main.ts', '--help'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/--port/);
  });

  it('a job that takes no flags rejects an unknown one instead of running', async () => {
    const result = await runTsx(['bin/query-intent.js', 'data', '--dry-run'], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Unknown argument/);
  });

  it('asking for help wrote nothing', async () => {
    expect(await readdir(sandbox)).toEqual([]);
    expect(watchedFiles()).toEqual(before);
  });
});
