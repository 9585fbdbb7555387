/** `query-intent`: every job of the project is one subcommand (cli/commands.ts); each npm script is an alias of one. */
import { hideBin } from 'yargs/helpers';
import { runCli } from './cli-runner.js';
import { createCli } from './commands.js';

await runCli(async () => {
  await createCli(hideBin(process.argv)).parseAsync();
});
