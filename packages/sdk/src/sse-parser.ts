/** One dispatched Server-Sent Event: its `data` (lines joined by "\n") and the fields its block set. */
export interface SseMessage {
  data: string;
  /** The block's `event:` field, if any. */
  event?: string;
  /** The block's own `id:` field, if any (heartbeats have none). */
  id?: string;
}

/**
 * Incremental Server-Sent Events parser per the WHATWG rules: `\n`, `\r\n` and `\r` line ends (also split
 * across chunks), a leading BOM, comments, multi-line `data`, one optional space after the colon, and no
 * dispatch for a block without data. Feed it text as it arrives; an unterminated last block is never
 * dispatched, so a stream cut mid-frame yields only the complete frames before the cut.
 */
export class SseParser {
  #buffer = "";
  #started = false;
  #data: string[] = [];
  #event: string | undefined;
  #id: string | undefined;

  /** Feeds decoded text and returns the events it completed, in order. */
  push(text: string): SseMessage[] {
    let buffer = this.#buffer + text;
    if (!this.#started && buffer.length > 0) {
      this.#started = true;
      if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
    }
    const messages: SseMessage[] = [];
    let start = 0;
    for (;;) {
      const end = lineEnd(buffer, start);
      if (end === -1) break;
      // A "\r" at the very end may be the first half of "\r\n": keep it until the next chunk.
      if (buffer.charCodeAt(end) === 13 && end === buffer.length - 1) break;
      const message = this.#line(buffer.slice(start, end));
      if (message !== undefined) messages.push(message);
      start = buffer.charCodeAt(end) === 13 && buffer.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
    }
    this.#buffer = buffer.slice(start);
    return messages;
  }

  /** Ends the stream: a pending "\r" still ends its line, but an event without its blank line is dropped. */
  end(): SseMessage[] {
    const messages = this.#buffer.endsWith("\r") ? this.push("\n") : [];
    this.#buffer = "";
    this.#reset();
    return messages;
  }

  #line(line: string): SseMessage | undefined {
    if (line === "") return this.#dispatch();
    if (line.charCodeAt(0) === 58) return undefined; // ":" comment
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === "data") this.#data.push(value);
    else if (field === "event") this.#event = value;
    else if (field === "id" && !value.includes("\0")) this.#id = value;
    return undefined;
  }

  #dispatch(): SseMessage | undefined {
    const message: SseMessage | undefined =
      this.#data.length === 0 ? undefined : { data: this.#data.join("\n") };
    if (message !== undefined) {
      if (this.#event !== undefined) message.event = this.#event;
      if (this.#id !== undefined) message.id = this.#id;
    }
    this.#reset();
    return message;
  }

  #reset(): void {
    this.#data = [];
    this.#event = undefined;
    this.#id = undefined;
  }
}

function lineEnd(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10 || code === 13) return index;
  }
  return -1;
}
