import { pathToFileURL } from 'node:url';
import { UserFacingError } from '../shared/errors.js';

/** Run a CLI body: a user-facing error becomes one line on stderr and exit code 1; anything else is a bug and keeps its stack. */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof UserFacingError) {
      process.stderr.write(`error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isMainModule(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;
}

/**
 * Argument handling for a script that takes no flags: `--help` prints `usage` and exits 0 before the
 * script does anything (nothing is written), and an unknown flag is an error.
 */
export async function parseNoFlags(scriptName: string, usage: string): Promise<void> {
  const { default: yargs } = await import('yargs');
  const { hideBin } = await import('yargs/helpers');
  await yargs(hideBin(process.argv)).scriptName(scriptName).usage(`${scriptName}\n\n${usage}`).version(false).strict().help().parseAsync();
}
