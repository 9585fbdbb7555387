/** `query-intent data`: rebuild data/intent/*.jsonl from data/corpus-v2. */
import { loadConfig } from '../shared/config.js';
import { CORPUS_SPLITS } from '../training/data/corpus/topic-splits.js';
import { buildIntentData, CORPUS_LIMITS } from '../training/data/build-intent-data.js';
import { defineCommand } from './define-command.js';

export const dataCommand = defineCommand({
  command: 'data',
  describe: 'regenerate data/intent/*.jsonl from data/corpus-v2, byte for byte',
  examples: [['query-intent data', 'rebuild the splits after editing data/corpus-v2']],
  handler: async () => {
    const { paths } = loadConfig();
    const { bySplit, dropped } = await buildIntentData(paths.dataDir);
    console.log(CORPUS_SPLITS.map((split) => `${split} ${bySplit[split].length}`).join('  '));
    console.log(`hand rows left out: ${dropped.duplicateTexts} repeated texts, ${dropped.frameRepeats} over the frame limit of ${CORPUS_LIMITS.maxFrameRepeats}`);
  },
});
