import { basename } from 'node:path';
import { missedTarget, type SweepReport } from '../evaluation/sweep.js';
import type { AppConfig } from '../shared/config.js';
import { UserFacingError } from '../shared/errors.js';
import { sha256File } from '../shared/hash.js';
import { deriveVersion } from './artifacts/derive-version.js';

/** Write the recommended threshold into a new artifact version derived from the one swept. */
export async function applySweep(config: AppConfig, report: SweepReport): Promise<{ version: string; dir: string; base: string }> {
  const missed = missedTarget(report);
  if (missed) throw new UserFacingError(`not applying the ${report.head} sweep on ${report.dataset}: ${missed}`);
  const digest = await sha256File(report.dataset);
  const { head } = report;
  const threshold = report.recommendation.threshold;
  return deriveVersion(
    config.paths.artifactsDir,
    (base) => {
      const previous = base.draft.thresholds[head];
      const thresholds = {
        ...base.draft.thresholds,
        [head]: { ...(previous ?? { floor: report.floor }), threshold, target_precision: report.target_precision, target_met: true },
      };
      return {
        draft: {
          ...base.draft,
          thresholds,
          training_data: [...base.draft.training_data, { path: `threshold-sweep:${basename(report.dataset)}`, sha256: digest, rows: report.rows }],
        },
        files: base.files,
        note: `${head} threshold ${previous ? previous.threshold.toFixed(2) : 'default'} -> ${threshold.toFixed(2)} from a sweep on ${basename(report.dataset)} (target precision ${report.target_precision})`,
      };
    },
    { baseVersion: report.artifact_version },
  );
}
