/** `query-intent setup`: place the taxonomy TSV and verify its SHA-256 (the one step that may need the network). */
import { resolve } from 'node:path';
import { loadConfig } from '../shared/config.js';
import { setupTaxonomy } from '../shared/taxonomy/taxonomy-file.js';
import { defineCommand } from './define-command.js';

export const setupCommand = defineCommand({
  command: 'setup',
  describe: 'place the IAB Content Taxonomy 3.1 TSV (env TAXONOMY_PATH) and verify its SHA-256: from --from FILE, env TAXONOMY_SOURCE, ../shared/taxonomy/ or a download',
  examples: [['query-intent setup --from ~/Downloads/content-taxonomy-3.1.tsv', 'offline: copy a local file']],
  builder: (y) => y.option('from', { type: 'string', describe: 'a local copy of the taxonomy TSV to copy from (env TAXONOMY_SOURCE); no network' }),
  handler: async (args) => {
    const { paths } = loadConfig();
    const source = args.from ?? (process.env.TAXONOMY_SOURCE || undefined);
    const how = await setupTaxonomy(paths.taxonomyFile, paths.sharedTaxonomyDir, source === undefined ? undefined : resolve(source));
    // stderr: `query-intent classify --out -` and friends keep stdout for their own output.
    if (how !== 'present') console.error(`taxonomy: ${how} to ${paths.taxonomyFile} (SHA-256 verified)`);
  },
});
