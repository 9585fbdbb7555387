/**
 * The compiled server's entry point (`npm start`: `node dist/cli/server-main.js`): the same flags and
 * environment variables as `query-intent serve`, without loading the other commands.
 */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { serveOverrides, withServeFlags } from './serve-flags.js';
import { runServer } from '../serving/server.js';
import { loadConfig } from '../shared/config.js';
import { runCli } from './cli-runner.js';

await runCli(async () => {
  const args = await withServeFlags(yargs(hideBin(process.argv)).scriptName('server')).strict().help().parseAsync();
  await runServer(loadConfig(serveOverrides(args)));
});
