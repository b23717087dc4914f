import type { CliIo } from "../cli-io.ts";

/**
 * One `parley` subcommand (`run`, `acp`, `serve`, `tui`, `workflow`, `open`, `login`): it gets the arguments after its name and returns
 * the exit status. A `UsageError` it throws is printed and exits with status 2. Its name and one-line summary
 * are in commands.ts, so `parley --help` loads no command.
 */
export interface Command {
  run(argv: readonly string[], io: CliIo): Promise<number>;
}
