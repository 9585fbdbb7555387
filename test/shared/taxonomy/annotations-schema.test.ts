import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IntegrityError } from '../../../shared/errors.js';
import { ANNOTATIONS_DIR, loadAnnotations, readAnnotationFile } from '../../../shared/taxonomy/annotations.js';

describe('annotation files and their schema', () => {
  let tmp = '';
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'qi-annotations-'));
  });
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('every committed annotation file matches its schema', async () => {
    const nodeFiles = (await readdir(join(ANNOTATIONS_DIR, 'nodes'))).filter((n) => n.endsWith('.json'));
    expect(nodeFiles.length).toBeGreaterThan(20);
    for (const name of nodeFiles) await expect(readAnnotationFile(join(ANNOTATIONS_DIR, 'nodes', name), 'nodes')).resolves.toBeTypeOf('object');
    const annotations = await loadAnnotations();
    expect(annotations.nodes.size).toBeGreaterThan(500);
    expect(annotations.extensions.length).toBeGreaterThan(0);
    expect(annotations.polysemy.length).toBeGreaterThan(0);
  });

  it.each([
    ['nodes', { '123': { aliases: ['a'] } }, /must have required property 'queries'/],
    ['nodes', { '123': { aliases: [], queries: [''] } }, /queries\/0 must NOT have fewer than 1 characters/],
    ['nodes', { '123': { aliases: [], queries: [], note: 'x' } }, /unknown property "note"/],
    ['regulated', { nodes: { '286': { vertical: 'Health', reason: 'r' } } }, /vertical must match pattern/],
    ['extensions', { nodes: [{ id: 'crm', parent: '1', name: 'CRM', aliases: [], queries: [] }] }, /id must match pattern/],
    ['polysemy', { rows: [{ text: 'q', node: '1' }] }, /must have required property 'word'/],
  ] as const)('a %s file with a mistake is refused, naming the file and the place', async (kind, body, message) => {
    const path = join(tmp, `${kind}.json`);
    await writeFile(path, JSON.stringify(body));
    const attempt = readAnnotationFile(path, kind);
    await expect(attempt).rejects.toBeInstanceOf(IntegrityError);
    await expect(attempt).rejects.toThrow(message);
    await expect(attempt).rejects.toThrow(path);
  });
});
