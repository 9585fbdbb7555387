/** Texts embedded for the taxonomy index: each node's path, its name and its aliases (one entry each). */
import type { Annotations } from '../taxonomy/annotations.js';
import { PATH_SEPARATOR, type Taxonomy } from '../taxonomy/taxonomy.js';

export const MAX_ALIASES_PER_NODE = 8;

export interface IndexEntries {
  nodeIds: string[];
  entryNode: number[];
  texts: string[];
}

export function indexEntries(taxonomy: Taxonomy, annotations: Annotations): IndexEntries {
  const extensions = new Map(annotations.extensions.map((e) => [e.id, e]));
  const entries: IndexEntries = { nodeIds: [], entryNode: [], texts: [] };
  taxonomy.nodes.forEach((node, n) => {
    entries.nodeIds.push(node.id);
    const aliases = (annotations.nodes.get(node.id) ?? extensions.get(node.id))?.aliases ?? [];
    const texts = [...new Set([node.path.join(PATH_SEPARATOR), node.name, ...aliases.slice(0, MAX_ALIASES_PER_NODE)])];
    for (const text of texts) {
      entries.entryNode.push(n);
      entries.texts.push(text);
    }
  });
  return entries;
}
