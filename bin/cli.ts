/** `query-intent` command line: one yargs command per job; each delegates to the module that owns it. */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { runCli } from '../shared/cli-runner.js';
import { embedCommand } from '../shared/encoder/embed-command.js';
import { classifyCommand } from '../shared/pipeline/classify-command.js';
import { serveCommand } from '../serving/serve-command.js';
import { taxonomyCommand } from '../taxonomy/taxonomy-command.js';
import { evalCommand } from '../training/evaluation/evaluate.js';
import { sweepCommand } from '../training/evaluation/sweep.js';

await runCli(async () => {
  await yargs(hideBin(process.argv))
    .scriptName('query-intent')
    .command(embedCommand)
    .command(classifyCommand)
    .command(taxonomyCommand)
    .command(evalCommand)
    .command(sweepCommand)
    .command(serveCommand)
    .demandCommand(1, 'name a command; see --help')
    .strict()
    .fail((message, error) => {
      if (error) throw error;
      process.stderr.write(`error: ${message}\n`);
      process.exit(2);
    })
    .help()
    .parseAsync();
});
