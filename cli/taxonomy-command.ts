/** `query-intent taxonomy`: node counts and the linter's findings for the configured taxonomy file. */
import { loadConfig } from '../shared/config.js';
import { loadAnnotations, withExtensions } from '../shared/taxonomy/annotations.js';
import { loadTaxonomyFile } from '../shared/taxonomy/taxonomy.js';
import { defineCommand } from './define-command.js';

export const taxonomyCommand = defineCommand({
  command: 'taxonomy',
  describe: 'load the taxonomy with the project annotations and print counts and lint findings',
  examples: [['query-intent taxonomy', 'counts and lint findings']],
  handler: async () => {
    const { paths } = loadConfig();
    const raw = await loadTaxonomyFile(paths.taxonomyFile);
    const annotations = await loadAnnotations();
    const taxonomy = withExtensions(raw, annotations.extensions);
    const depths = [1, 2, 3, 4].map((d) => `tier${d} ${taxonomy.nodes.filter((n) => n.depth === d).length}`).join(', ');
    console.log(`${paths.taxonomyFile}: ${raw.nodes.length} nodes + ${annotations.extensions.length} internal extensions (${depths}); ${raw.nodes.filter((n) => n.sensitive).length} sensitive; ${annotations.regulated.size} regulated subtrees; SHA-256 ${raw.sha256}`);
    console.log(`lint: ${raw.lint.length} findings`);
    for (const finding of raw.lint) console.log(`  [${finding.kind}] ${finding.message}`);
  },
});
