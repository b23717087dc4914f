/** One dispatched Server-Sent Event. `event` and `id` are undefined when the event block did not set them. */
export interface SseEvent {
  event: string | undefined;
  data: string;
  id: string | undefined;
}

/**
 * Incremental Server-Sent Events parser following the WHATWG rules: `\n`, `\r\n` or `\r` line ends, comment
 * lines, multi-line `data`, one optional space after the colon, and no dispatch for blocks without data.
 */
export class SseParser {
  /** The incomplete line so far, kept as chunks: joining only when the line ends keeps parsing linear. */
  private partial: string[] = [];
  /** The previous chunk ended with "\r", which may be the first half of "\r\n". */
  private pendingCarriageReturn = false;
  private started = false;
  private event: string | undefined;
  private id: string | undefined;
  private data: string[] = [];

  /** Feeds decoded text and returns the events it completed. */
  push(text: string): SseEvent[] {
    let chunk = text;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.startsWith("\uFEFF")) chunk = chunk.slice(1);
    }
    const events: SseEvent[] = [];
    let lineStart = 0;
    if (this.pendingCarriageReturn && chunk.length > 0) {
      this.pendingCarriageReturn = false;
      if (chunk.charCodeAt(0) === 10) lineStart = 1;
    }
    for (let index = lineStart; index < chunk.length; index++) {
      const code = chunk.charCodeAt(index);
      if (code !== 10 && code !== 13) continue;
      this.partial.push(chunk.slice(lineStart, index));
      const event = this.line(this.partial.join(""));
      this.partial = [];
      if (event) events.push(event);
      if (code === 13) {
        if (index === chunk.length - 1) this.pendingCarriageReturn = true;
        else if (chunk.charCodeAt(index + 1) === 10) index += 1;
      }
      lineStart = index + 1;
    }
    if (lineStart < chunk.length) this.partial.push(chunk.slice(lineStart));
    return events;
  }

  /** Signals the end of the stream; an unterminated last event is dropped, as the spec requires. */
  end(): SseEvent[] {
    // An unterminated last line (and so its event) is dropped; a lone trailing "\r" already ended its line.
    this.partial = [];
    this.pendingCarriageReturn = false;
    return [];
  }

  private line(line: string): SseEvent | undefined {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.event = value;
    else if (field === "data") this.data.push(value);
    else if (field === "id" && !value.includes("\0")) this.id = value;
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    const event =
      this.data.length > 0 ? { event: this.event, data: this.data.join("\n"), id: this.id } : undefined;
    this.event = undefined;
    this.id = undefined;
    this.data = [];
    return event;
  }
}

/** Yields the events of an SSE body as they arrive; throws if the stream breaks mid-way, cancels it if left early. */
export async function* iterateSseEvents(
  source: Response | ReadableStream<Uint8Array>,
): AsyncGenerator<SseEvent> {
  const stream = source instanceof Response ? source.body : source;
  if (!stream) return;
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    finished = true;
    yield* parser.push(decoder.decode());
    yield* parser.end();
  } finally {
    // A consumer that stops early is done with the response: cancel it so the server sees the hang-up.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** Reads a whole SSE response into `{ event, data, id }` records; rejects if the stream breaks. */
export async function readSseEvents(source: Response | ReadableStream<Uint8Array>): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of iterateSseEvents(source)) events.push(event);
  return events;
}

/** Parses a complete SSE text (e.g. captured bytes) into events. */
export function parseSseText(text: string): SseEvent[] {
  const parser = new SseParser();
  return [...parser.push(text), ...parser.end()];
}
