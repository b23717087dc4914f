import { CliArgumentValueSchema } from "@parley/protocol";
import type { RunAgentOptions } from "./agent-cli.ts";

/**
 * Why a value cannot go on a CLI's command line (it would be read as an option, or holds control
 * characters), or null when it can. The API refuses such values; this guards values stored before it did.
 */
export function refusedArgument(what: string, value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const parsed = CliArgumentValueSchema.safeParse(value);
  if (parsed.success) return null;
  return `the ${what} ${JSON.stringify(value)} ${parsed.error.issues[0]?.message ?? "is not a valid argument"}`;
}

/** The first value of a run that cannot go on the command line, said for the user; null when all can. */
export function refusedRunArgument(options: RunAgentOptions): string | null {
  return (
    refusedArgument("model", options.model) ??
    refusedArgument("agent", options.agent) ??
    refusedArgument("session id", options.sessionId)
  );
}
