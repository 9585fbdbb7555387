import { describe, expect, it } from 'vitest';
import { pathMetrics } from '../../../shared/ad-content/path-metrics.js';

describe('pathMetrics (hand-computed)', () => {
  it('scores exact, tier-k over rows deep enough, parent-safe and depth', () => {
    const metrics = pathMetrics([
      { predicted: ['A', 'B', 'C'], gold: ['A', 'B', 'C'] }, // exact, parent-safe
      { predicted: ['A', 'B'], gold: ['A', 'B', 'D'] }, // ancestor: parent-safe, tier1+2 right
      { predicted: ['A', 'X'], gold: ['A', 'B'] }, // tier1 only
      { predicted: ['Z'], gold: ['A', 'B', 'C', 'D'] }, // wrong everywhere
    ]);
    expect(metrics.n).toBe(4);
    expect(metrics.exact).toBe(1 / 4);
    expect(metrics.parent_safe).toBe(2 / 4);
    expect(metrics.tier1).toBe(3 / 4);
    expect(metrics.tier2).toBe(2 / 4);
    expect(metrics.tier3).toBe(1 / 3); // three gold paths reach tier 3; only the first agrees
    expect(metrics.tier4).toBe(0); // one gold path reaches tier 4
    expect(metrics.average_depth).toBe((3 + 2 + 2 + 1) / 4);
  });
});
