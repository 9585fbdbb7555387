import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';

export interface CommandSpec<A> {
  /** yargs command string, e.g. `embed <texts..>`. */
  command: string;
  describe: string;
  /** [command line, what it does]; shown under --help. */
  examples?: ReadonlyArray<readonly [string, string]>;
  builder?: (yargs: Argv) => Argv<A>;
  handler: (args: ArgumentsCamelCase<A>) => Promise<void>;
}

/** A `query-intent` subcommand with its usage line and examples; the argument types follow from the builder. */
export function defineCommand<A = object>(spec: CommandSpec<A>): CommandModule<object, A> {
  return {
    command: spec.command,
    describe: spec.describe,
    builder: (yargs: Argv) => {
      let built = (spec.builder ? spec.builder(yargs) : yargs) as Argv<A>;
      built = built.usage(`$0 ${spec.command}\n\n${spec.describe}`);
      for (const [line, what] of spec.examples ?? []) built = built.example(line, what);
      return built;
    },
    handler: spec.handler,
  };
}
