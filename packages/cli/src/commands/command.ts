import type { CliIo } from "../cli-io.ts";

/**
 * One `parley` subcommand (`run`, later `serve`, `sessions`, `tui`): it gets the arguments after its
 * name and returns the exit status. A `UsageError` it throws is printed and exits with status 2.
 */
export interface Command {
  name: string;
  /** One line for `parley --help`. */
  summary: string;
  run(argv: readonly string[], io: CliIo): Promise<number>;
}
