/**
 * The HTML report opens offline in a real browser: Debian's `chromium`, headless, with networking
 * disabled and every host unresolvable, loads the page and lays out every SVG chart with its marks.
 * Skipped, with the reason in its title, when Chromium is not installed.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, writeEvalOutputs } from '../../evaluation/evaluate.js';
import { createTestRuntime, type TestRuntime } from '../helpers/test-runtime.js';
import { CHROMIUM_RUN_TIMEOUT_MS } from '../helpers/timeouts.js';
import { writeIntentFixture } from '../helpers/training-fixture.js';

/** CHROMIUM_PATH, when set, is the only candidate. */
const CANDIDATES = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const CHROMIUM = CANDIDATES.find((p) => existsSync(p));
const SKIP_NOTE = CHROMIUM ? '' : ` [SKIPPED: Chromium not found at ${CANDIDATES.join(' or ')}; install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH]`;
if (!CHROMIUM) console.warn(`html-chromium.test.ts:${SKIP_NOTE}`);

/** Test-only copy of the page with a probe that records each chart's laid-out size and mark count. */
const PROBE = `<script>
const charts = [...document.querySelectorAll('svg')].map((svg) => {
  const box = svg.getBoundingClientRect();
  return { width: Math.round(box.width), height: Math.round(box.height), marks: svg.querySelectorAll('path, rect, line, text').length };
});
const out = document.createElement('pre');
out.id = 'probe';
out.textContent = JSON.stringify(charts);
document.body.appendChild(out);
</script>`;

async function dumpDom(chromium: string, page: string, profile: string): Promise<string> {
  const flags = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--user-data-dir=${profile}`,
    // Offline: any host name fails to resolve, so a page needing the network would not render.
    '--host-resolver-rules=MAP * ~NOTFOUND',
    '--dump-dom',
    pathToFileURL(page).href,
  ];
  const { stdout } = await promisify(execFile)(chromium, flags, { timeout: CHROMIUM_RUN_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

describe.skipIf(!CHROMIUM)(`HTML report in headless Chromium${SKIP_NOTE}`, () => {
  let test: TestRuntime;
  let dir = '';

  beforeAll(async () => {
    test = await createTestRuntime();
    dir = await mkdtemp(join(tmpdir(), 'qi-html-'));
  });

  afterAll(async () => {
    await test?.cleanup();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'renders every chart as a laid-out SVG with marks, offline',
    async () => {
      const intent = await writeIntentFixture(dir);
      const ad = join(dir, 'ad.jsonl');
      await writeFile(ad, [JSON.stringify({ text: 'cheap hotel in paris', ad_content_path: 'Travel > Hotels' }), JSON.stringify({ text: 'gaming laptop deals', ad_content_path: 'Technology > Laptops' })].join('\n'));
      const report = await evaluate(test.runtime, { dataFiles: [intent, ad], batchSize: 32 });
      const html = join(dir, 'report.html');
      await writeEvalOutputs(report, { html });
      const page = await readFile(html, 'utf8');
      const expected = page.match(/<svg[\s>]/g)?.length ?? 0;
      expect(expected).toBe(3 * 4 + 2);

      const probe = join(dir, 'probe.html');
      await writeFile(probe, page.replace('</body>', `${PROBE}</body>`));
      const dom = await dumpDom(CHROMIUM as string, probe, join(dir, 'profile'));
      const json = /<pre id="probe">([^<]*)<\/pre>/.exec(dom)?.[1];
      expect(json, 'the probe did not run: Chromium did not load the page').toBeDefined();
      const charts = JSON.parse((json as string).replace(/&quot;/g, '"')) as Array<{ width: number; height: number; marks: number }>;
      expect(charts).toHaveLength(expected);
      for (const chart of charts) {
        expect(chart.width).toBeGreaterThan(100);
        expect(chart.height).toBeGreaterThan(100);
        expect(chart.marks).toBeGreaterThan(10);
      }
    },
    CHROMIUM_RUN_TIMEOUT_MS,
  );
});
