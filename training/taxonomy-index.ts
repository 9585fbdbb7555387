/** Texts embedded for the taxonomy index: each node's path, its name and its aliases (one entry each). */
import { l2NormaliseInPlace } from '../shared/encoder/encoder.js';
import type { Annotations } from '../shared/taxonomy/annotations.js';
import { PATH_SEPARATOR, type Taxonomy } from '../shared/taxonomy/taxonomy.js';

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

/**
 * One unit vector per node: the normalised mean of its entries' embeddings (path, name, aliases).
 * A centroid per node keeps serving at one 512-d dot product per node (well under a millisecond).
 */
export function nodeCentroids(entries: IndexEntries, vectorOf: (text: string) => Float32Array): Float32Array[] {
  const sums = entries.nodeIds.map(() => undefined as Float32Array | undefined);
  entries.texts.forEach((text, i) => {
    const node = entries.entryNode[i] as number;
    const vector = vectorOf(text);
    const sum = (sums[node] ??= new Float32Array(vector.length));
    for (let d = 0; d < vector.length; d++) sum[d] = (sum[d] as number) + (vector[d] as number);
  });
  return sums.map((sum) => l2NormaliseInPlace(sum ?? new Float32Array(0)));
}
