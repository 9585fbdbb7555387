#!/usr/bin/env node
// `npm run build` (and `prestart`): compile the service (serving/, shared/ and its entry point
// cli/server-main.ts) into dist/ with tsc -p tsconfig.build.json, unless dist/ is already newer than
// every source file. Plain JavaScript so that it runs without tsx. Resources stay at the project root:
// the compiled code finds schemas/, artifacts/, taxonomy/annotations/ and the JSON files beside the
// sources through PROJECT_ROOT.
// Flags: --force (rebuild even when up to date), --quiet.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const stamp = join(dist, '.build-stamp');
const SOURCE_DIRS = ['schemas', 'serving', 'shared', 'cli'];
const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];
const USAGE = `node scripts/build.mjs [--force] [--quiet]

Compile serving/, shared/ and cli/server-main.ts into dist/ (tsc -p tsconfig.build.json) unless dist/ is newer
than every source file.

Options:
  --force  rebuild even when dist/ is up to date
  --quiet  no output when up to date or built
  --help   Show help`;
const flags = process.argv.slice(2);
if (flags.includes('--help') || flags.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = flags.filter((flag) => flag !== '--force' && flag !== '--quiet');
if (unknown.length > 0) {
  console.error(`build.mjs: unknown argument ${unknown.join(' ')}\n\n${USAGE}`);
  process.exit(1);
}
const force = flags.includes('--force');
const quiet = flags.includes('--quiet');

/** Newest modification time (ms) of the build's inputs. */
function newestInput() {
  let newest = 0;
  const visit = (path) => {
    const stats = statSync(path);
    if (stats.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (/\.(ts|mts|mjs)$/.test(path) && !path.endsWith('.test.ts')) {
      newest = Math.max(newest, stats.mtimeMs);
    }
  };
  for (const dir of SOURCE_DIRS) visit(join(root, dir));
  for (const file of CONFIG_FILES) newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  return newest;
}

function upToDate() {
  return existsSync(stamp) && existsSync(join(dist, 'cli/server-main.js')) && statSync(stamp).mtimeMs >= newestInput();
}

if (!force && upToDate()) {
  if (!quiet) console.log('dist/ is up to date');
  process.exit(0);
}

const started = Date.now();
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) {
  console.error(`build failed: tsc -p tsconfig.build.json exited ${result.status ?? result.signal}`);
  process.exit(1);
}
writeFileSync(stamp, `${new Date().toISOString()}\n`);
if (!quiet) console.log(`built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);

