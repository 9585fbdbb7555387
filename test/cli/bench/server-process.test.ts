import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY_PATH } from '../../../cli/bench/server-process.js';
import { PROJECT_ROOT } from '../../../shared/config.js';

describe('the benchmarks server entry', () => {
  it('is the file npm start runs, so the benchmarks measure the production entry', () => {
    const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(`exec node ${SERVER_ENTRY_PATH}`);
  });

  it('is the compiled form of a source file that starts the server', () => {
    const source = join(PROJECT_ROOT, SERVER_ENTRY_PATH.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
    expect(readFileSync(source, 'utf8')).toContain('runServer(');
  });
});
