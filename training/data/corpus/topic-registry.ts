/**
 * The topic registry (data/corpus-v2/topics/<domain>.json): every topic of the intent corpus, the
 * domain it belongs to, and the generic terms and brand names that name it. Frames, topic swaps,
 * topic-held-out splits and the orthogonality checks all key on it.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserFacingError } from '../../../shared/errors.js';

export interface Topic {
  id: string;
  domain: string;
  name: string;
  terms: readonly string[];
  brands: readonly string[];
}

export interface Domain {
  id: string;
  name: string;
}

export interface TopicRegistry {
  domains: readonly Domain[];
  /** Sorted by id. */
  topics: readonly Topic[];
  byId: ReadonlyMap<string, Topic>;
}

const TOPIC_ID = /^([a-z0-9_]+)\.[a-z0-9_]+$/;

function stringList(value: unknown, where: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.trim() === '')) throw new UserFacingError(`${where}: must be a list of non-empty strings`);
  return value as string[];
}

/** Validate one parsed domain file; `file` names it in errors. */
export function parseDomainFile(value: unknown, file: string): { domain: Domain; topics: Topic[] } {
  const body = value as { domain?: unknown; name?: unknown; topics?: unknown };
  if (typeof body !== 'object' || body === null || typeof body.domain !== 'string' || typeof body.name !== 'string' || !Array.isArray(body.topics)) {
    throw new UserFacingError(`${file}: needs "domain", "name" and "topics"`);
  }
  const domain = { id: body.domain, name: body.name };
  const topics = body.topics.map((raw: unknown, i: number): Topic => {
    const t = raw as Record<string, unknown>;
    const where = `${file}: topics[${i}]`;
    const id = typeof t.id === 'string' ? t.id : '';
    if (TOPIC_ID.exec(id)?.[1] !== domain.id) throw new UserFacingError(`${where}: id ${JSON.stringify(t.id)} must be "${domain.id}.<slug>"`);
    if (typeof t.name !== 'string' || t.name.trim() === '') throw new UserFacingError(`${where}: needs a "name"`);
    return { id, domain: domain.id, name: t.name, terms: stringList(t.terms, `${where}.terms`), brands: stringList(t.brands ?? [], `${where}.brands`) };
  });
  return { domain, topics };
}

export function registryOf(parts: ReadonlyArray<{ domain: Domain; topics: Topic[] }>): TopicRegistry {
  const topics = parts.flatMap((p) => p.topics).sort((a, b) => a.id.localeCompare(b.id));
  const byId = new Map<string, Topic>();
  for (const topic of topics) {
    if (byId.has(topic.id)) throw new UserFacingError(`topic ${topic.id} is defined twice`);
    byId.set(topic.id, topic);
  }
  const domains = parts.map((p) => p.domain).sort((a, b) => a.id.localeCompare(b.id));
  return { domains, topics, byId };
}

export async function loadTopicRegistry(topicsDir: string): Promise<TopicRegistry> {
  const files = (await readdir(topicsDir)).filter((f) => f.endsWith('.json')).sort();
  const parts = await Promise.all(
    files.map(async (f) => {
      const path = join(topicsDir, f);
      let value: unknown;
      try {
        value = JSON.parse(await readFile(path, 'utf8'));
      } catch (error) {
        throw new UserFacingError(`${path}: invalid JSON (${(error as Error).message})`);
      }
      return parseDomainFile(value, path);
    }),
  );
  return registryOf(parts);
}

/** Every registered name (terms and brands of every topic), longest first, for masking and detection. */
export function registeredNames(registry: TopicRegistry): string[] {
  const names = new Set(registry.topics.flatMap((t) => [...t.terms, ...t.brands].map((n) => n.toLowerCase())));
  return [...names].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

export function allBrands(registry: TopicRegistry): string[] {
  return [...new Set(registry.topics.flatMap((t) => t.brands.map((b) => b.toLowerCase())))].sort((a, b) => b.length - a.length || a.localeCompare(b));
}
