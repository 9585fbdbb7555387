/**
 * Crash-safe file writes: data and folders are fsynced before a rename makes them visible, and
 * temporaries left by a killed process are recognised by the process id in their name and removed.
 */
import { open, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Write a file and fsync it (the bytes are on disk before anything renames or points at it). */
export async function writeFileSynced(path: string, bytes: Uint8Array | string): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** fsync a folder, so the names created, renamed or removed in it are durable. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some file systems refuse fsync on a directory; the data files themselves are synced.
    if (!['EINVAL', 'EPERM', 'EISDIR', 'EBADF'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await handle.close();
  }
}

/** Write `bytes` to a temporary beside `path`, fsync it, rename it over `path`, fsync the folder. */
export async function replaceFileDurably(path: string, bytes: Uint8Array | string): Promise<void> {
  const temporary = join(dirname(path), `.${path.split('/').pop()}.${process.pid}.tmp`);
  await writeFileSynced(temporary, bytes);
  await rename(temporary, path);
  await syncDir(dirname(path));
}

/** fsync every file and folder under `dir` (folders after their contents). */
export async function syncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(path);
    else if (entry.isFile()) {
      const handle = await open(path, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  }
  await syncDir(dir);
}

/** True when a process with this id exists (a process of another user counts as alive). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove the entries of `dir` whose name matches `pattern` (its first capture group: the writer's
 * process id) when that process no longer runs: leftovers of a killed job. A live writer's
 * temporaries are left alone. Returns the names removed.
 */
export async function removeStaleTemporaries(dir: string, pattern: RegExp): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || processAlive(pid)) continue;
    await rm(join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  if (removed.length > 0) await syncDir(dir);
  return removed;
}
