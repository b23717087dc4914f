import { type ParseArgsConfig, parseArgs } from "node:util";

/** What `parseArgs` returns for a given configuration. */
type ParsedResults<T extends ParseArgsConfig> = ReturnType<typeof parseArgs<T>>;

/** A mistake in the command line: the message says what is wrong; the command exits with status 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** `node:util`'s `parseArgs`, its complaints (an unknown option, a missing value) turned into `UsageError`s. */
export function parseCommandLine<T extends ParseArgsConfig>(config: T): ParsedResults<T> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
