/** Deterministic group-based splits: every row of one group lands in the same split. */
import { createHash } from 'node:crypto';

export const SPLITS = ['train', 'calibration', 'test'] as const;
export type Split = (typeof SPLITS)[number];

/** Shares of groups per split (train 70 %, calibration 15 %, test 15 %). */
export const SPLIT_SHARES: Readonly<Record<Split, number>> = { train: 0.7, calibration: 0.15, test: 0.15 };

export function splitOfGroup(group: string): Split {
  const unit = createHash('sha256').update(`split:${group}`).digest().readUInt32LE(0) / 2 ** 32;
  if (unit < SPLIT_SHARES.train) return 'train';
  if (unit < SPLIT_SHARES.train + SPLIT_SHARES.calibration) return 'calibration';
  return 'test';
}
