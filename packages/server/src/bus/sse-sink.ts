import type { ServerResponse } from "node:http";

/**
 * Where an SSE connection's bytes go: the client's HTTP response, with Node's own count of the bytes it
 * holds that the socket has not taken yet (the connection's budget is measured against that).
 */
export interface SseSink {
  write(chunk: Uint8Array): void;
  /** Bytes written but not yet handed to the socket. */
  readonly bufferedBytes: number;
  /** Called once the socket has taken everything buffered. */
  onDrain(listener: () => void): void;
  /** Called when the client goes away (or the response is destroyed). */
  onClose(listener: () => void): void;
  /** Ends the response normally. */
  end(): void;
  /** Drops the connection at once, discarding what is buffered. */
  destroy(): void;
}

/**
 * The sink over a Node `ServerResponse`. Writing straight to it, rather than returning a ReadableStream
 * body for the HTTP layer to pump, matters for a stream that lives for hours: @hono/node-server's pump
 * chains one promise per chunk until the stream ends, which a soak run showed as an unbounded leak.
 */
export class NodeResponseSink implements SseSink {
  readonly #response: ServerResponse;
  readonly #drainListeners: (() => void)[] = [];
  /** Writes the socket has not confirmed yet; at 0 everything written has left the process. */
  #unflushed = 0;
  readonly #flushed: (error?: Error | null) => void;

  constructor(response: ServerResponse, headers: Record<string, string>) {
    this.#response = response;
    // Made here, not as a field initializer: V8 names a field's arrow function with a property of its own,
    // a 256-byte property store held by every open stream.
    this.#flushed = (error) => {
      this.#unflushed--;
      if (this.#unflushed === 0 && !error) for (const listener of this.#drainListeners) listener();
    };
    response.writeHead(200, headers);
    response.flushHeaders();
  }

  write(chunk: Uint8Array): void {
    if (this.#response.destroyed || this.#response.writableEnded) return;
    // Node's 'drain' only follows a write that passed its 16 KiB high-water mark; a budget of any size
    // needs to hear when the buffer empties, which the write callbacks tell.
    this.#unflushed++;
    this.#response.write(chunk, this.#flushed);
  }

  get bufferedBytes(): number {
    return this.#response.writableLength;
  }

  onDrain(listener: () => void): void {
    this.#drainListeners.push(listener);
  }

  onClose(listener: () => void): void {
    // A response closes once: `on`, not `once`, which would wrap every stream's listener in two more objects.
    this.#response.on("close", listener);
  }

  end(): void {
    if (!this.#response.writableEnded) this.#response.end();
  }

  destroy(): void {
    this.#response.destroy();
  }
}
