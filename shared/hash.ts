import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Hash of named parts, order-independent of how the caller found them (sorted by name). */
export function sha256OfParts(parts: ReadonlyArray<readonly [name: string, digest: string]>): string {
  const hash = createHash('sha256');
  for (const [name, digest] of [...parts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) hash.update(`${name}\0${digest}\n`);
  return hash.digest('hex');
}
