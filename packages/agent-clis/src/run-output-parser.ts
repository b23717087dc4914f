import type { ResponsePart } from "@parley/protocol";

/**
 * An adapter's reader of its CLI's machine-readable run output, fed one stdout line at a time. Every CLI
 * format is understood by its adapter's parser and nowhere else.
 */
export interface RunOutputParser {
  /** The parts one stdout line completes or updates (none for lines that carry no content). */
  parseLine(line: string): ResponsePart[];
  /** The CLI's session id, once the output has named it. */
  readonly sessionId: string | null;
  /** The failure the output itself reported (an API error, a failed turn), if any. */
  readonly errorMessage: string | null;
  /** The model the CLI says it answers with, once its output named it (not every CLI does). */
  readonly model?: string | null;
}

/** Clock the parsers stamp parts with when the CLI gives no time of its own; tests fix it. */
export type Clock = () => number;

/** The parts and facts a parser extracts from a whole recorded output (golden tests, replays). */
export function parseRecordedOutput(
  parser: RunOutputParser,
  output: string,
): { parts: ResponsePart[]; sessionId: string | null; errorMessage: string | null } {
  const parts: ResponsePart[] = [];
  for (const line of output.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    for (const part of parser.parseLine(line)) {
      const index = part.part_id ? parts.findIndex((known) => known.part_id === part.part_id) : -1;
      if (index >= 0) parts[index] = part;
      else parts.push(part);
    }
  }
  return { parts, sessionId: parser.sessionId, errorMessage: parser.errorMessage };
}
