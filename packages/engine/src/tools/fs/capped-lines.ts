import { abortError } from "../../util/abort.ts";

/** One line of a file, kept to its first characters. */
export interface CappedLine {
  text: string;
  /** The line had more characters than were kept. */
  cut: boolean;
}

/**
 * The lines of a text stream as `readline` splits them (`\n`, `\r\n` and a lone `\r` end a line), each kept to
 * its first `maxChars` characters. `readline` holds a whole line before giving it: a file of one 640 MiB line
 * (a repository's, read by the agent) outgrew V8's largest string inside its stream handler, and the process
 * exited. Here memory stays at one chunk and `maxChars`, whatever the file. When `signal` aborts, the reading
 * stops with an `AbortError` at the next chunk: a line of a sparse terabyte yields nothing for an hour, and
 * an interrupted turn must not leave it read to its end.
 */
export async function* cappedLines(
  chunks: AsyncIterable<string> | Iterable<string>,
  maxChars: number,
  signal?: AbortSignal,
): AsyncGenerator<CappedLine> {
  let line = "";
  let cut = false;
  // A chunk that ended in "\r": a "\n" opening the next one belongs to the same line break.
  let afterReturn = false;
  const lineBreak = /[\r\n]/g;
  for await (const chunk of chunks) {
    if (signal?.aborted) throw abortError(signal);
    let at = afterReturn && chunk.startsWith("\n") ? 1 : 0;
    afterReturn = false;
    while (at < chunk.length) {
      lineBreak.lastIndex = at;
      const end = lineBreak.exec(chunk)?.index ?? chunk.length;
      if (!cut) {
        const room = maxChars - line.length;
        cut = end - at > room;
        line += chunk.slice(at, cut ? at + room : end);
      }
      if (end === chunk.length) break;
      yield { text: line, cut };
      line = "";
      cut = false;
      if (chunk[end] === "\r" && end + 1 === chunk.length) afterReturn = true;
      at = chunk[end] === "\r" && chunk[end + 1] === "\n" ? end + 2 : end + 1;
    }
  }
  if (line !== "" || cut) yield { text: line, cut };
}
