/** Every `query-intent` subcommand, and the parser that holds them. */
import yargs, { type Argv } from 'yargs';
import { benchEncoderCommand } from './bench-encoder-command.js';
import { benchHttpCommand } from './bench-http-command.js';
import { benchPipelineCommand } from './bench-pipeline-command.js';
import { benchShutdownCommand } from './bench-shutdown-command.js';
import { calibrateCommand } from './calibrate-command.js';
import { casesCommand } from './cases-command.js';
import { classifyCommand } from './classify-command.js';
import { compareAdContentCommand } from './compare-ad-content-command.js';
import { compareCommand } from './compare-command.js';
import { dataCheckCommand } from './data-check-command.js';
import { dataCommand } from './data-command.js';
import { embedCommand } from './embed-command.js';
import { evalCommand } from './eval-command.js';
import { goldenCommand } from './golden-command.js';
import { serveCommand } from './serve-command.js';
import { setupCommand } from './setup-command.js';
import { sweepCommand } from './sweep-command.js';
import { taxonomyCommand } from './taxonomy-command.js';
import { trainCommand } from './train-command.js';

/** In the order `--help` lists them: set-up and data, training, evaluation, use, checks and benchmarks. */
export const COMMANDS = [
  setupCommand,
  taxonomyCommand,
  dataCommand,
  dataCheckCommand,
  trainCommand,
  calibrateCommand,
  evalCommand,
  sweepCommand,
  compareCommand,
  compareAdContentCommand,
  embedCommand,
  classifyCommand,
  serveCommand,
  casesCommand,
  goldenCommand,
  benchEncoderCommand,
  benchPipelineCommand,
  benchHttpCommand,
  benchShutdownCommand,
] as const;

/** The `query-intent` parser over `args` (without the node and script names). */
export function createCli(args: readonly string[]): Argv {
  let cli = yargs([...args])
    .scriptName('query-intent')
    .usage(
      'query-intent <command> [options]\n\nTrain, calibrate, evaluate and serve the query-intent classifier. Common flags: --artifacts DIR (artifact folder), ' +
        '--data FILE (labelled input), --out FILE (output), --encoder / --encoder-model / --batch-size.',
    );
  for (const command of COMMANDS) cli = cli.command(command as never);
  return cli
    .demandCommand(1, 'name a command; see --help')
    .recommendCommands()
    .strict()
    .fail((message, error) => {
      if (error) throw error;
      process.stderr.write(`error: ${message}\n`);
      process.exit(2);
    })
    .help();
}
