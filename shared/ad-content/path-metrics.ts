/**
 * Taxonomy-path accuracy: exact node, tier-k agreement (over rows whose gold path reaches tier k), and
 * parent-safe (the prediction is the gold node or one of its ancestors, i.e. its path is a prefix).
 */
export interface PathMetrics {
  n: number;
  exact: number;
  tier1: number;
  tier2: number;
  tier3: number;
  tier4: number;
  parent_safe: number;
  /** Mean depth of the predicted paths. */
  average_depth: number;
}

export function pathMetrics(pairs: ReadonlyArray<{ predicted: readonly string[]; gold: readonly string[] }>): PathMetrics {
  const tierHits = [0, 0, 0, 0];
  const tierRows = [0, 0, 0, 0];
  let exact = 0;
  let parentSafe = 0;
  let depth = 0;
  for (const { predicted, gold } of pairs) {
    const samePrefix = (k: number) => predicted.length >= k && predicted.slice(0, k).every((cell, i) => cell === gold[i]);
    if (predicted.length === gold.length && samePrefix(gold.length)) exact += 1;
    if (predicted.length <= gold.length && samePrefix(predicted.length)) parentSafe += 1;
    for (let k = 1; k <= 4; k++) {
      if (gold.length < k) continue;
      tierRows[k - 1] = (tierRows[k - 1] as number) + 1;
      if (samePrefix(k)) tierHits[k - 1] = (tierHits[k - 1] as number) + 1;
    }
    depth += predicted.length;
  }
  const n = pairs.length;
  const share = (hits: number, rows: number) => (rows > 0 ? hits / rows : 0);
  return {
    n,
    exact: share(exact, n),
    tier1: share(tierHits[0] as number, tierRows[0] as number),
    tier2: share(tierHits[1] as number, tierRows[1] as number),
    tier3: share(tierHits[2] as number, tierRows[2] as number),
    tier4: share(tierHits[3] as number, tierRows[3] as number),
    parent_safe: share(parentSafe, n),
    average_depth: share(depth, n),
  };
}
