import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { processAlive, removeStaleTemporaries, replaceFileDurably, syncTree } from '../../shared/durable-fs.js';
import { removeStaleArtifactTemporaries } from '../../training/artifacts/write-artifacts.js';

const DEAD_PID = 2 ** 22 + 1; // above Linux's pid_max default: never a running process

describe('durable file writes', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('knows live and dead process ids', () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(DEAD_PID)).toBe(false);
    expect(processAlive(0)).toBe(false);
  });

  it('replaces a file through an fsynced temporary and leaves no temporary behind', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-durable-'));
    const path = join(dir, 'current.json');
    await writeFile(path, 'old');
    await replaceFileDurably(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
    expect(existsSync(join(dir, `.current.json.${process.pid}.tmp`))).toBe(false);
  });

  it('fsyncs a tree of files and folders', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-durable-'));
    await mkdir(join(dir, 'a', 'b'), { recursive: true });
    await writeFile(join(dir, 'a', 'b', 'f.bin'), 'x');
    await expect(syncTree(dir)).resolves.toBeUndefined();
  });

  it("removes only dead writers' temporaries", async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-durable-'));
    await writeFile(join(dir, `.x.${DEAD_PID}.tmp`), '');
    await writeFile(join(dir, `.y.${process.pid}.tmp`), '');
    await writeFile(join(dir, 'keep.tmp'), '');
    expect(await removeStaleTemporaries(dir, /^\..+\.(\d+)\.tmp$/)).toEqual([`.x.${DEAD_PID}.tmp`]);
    expect(await removeStaleTemporaries(join(dir, 'missing'), /x/)).toEqual([]);
  });

  it("removes a killed training run's .tmp-<version>-<pid> folder and current.json temporary from artifacts/", async () => {
    dir = await mkdtemp(join(tmpdir(), 'qi-durable-'));
    await mkdir(join(dir, `.tmp-v0123456789ab-${DEAD_PID}`, 'intent_type'), { recursive: true });
    await writeFile(join(dir, `.tmp-v0123456789ab-${DEAD_PID}`, 'intent_type', 'weights.bin'), 'partial');
    await writeFile(join(dir, `.current.json.${DEAD_PID}.tmp`), '{');
    await mkdir(join(dir, `.tmp-vfedcba987654-${process.pid}`));
    const removed = await removeStaleArtifactTemporaries(dir);
    expect(removed.sort()).toEqual([`.current.json.${DEAD_PID}.tmp`, `.tmp-v0123456789ab-${DEAD_PID}`]);
    expect(existsSync(join(dir, `.tmp-vfedcba987654-${process.pid}`))).toBe(true);
  });
});
