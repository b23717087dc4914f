import { SseParser } from "./read-sse-events.ts";

/**
 * An SSE client for a bench's own process (one clock with the fake model): it watches the frames for
 * markers like `⟦12⟧` that the scripted model streams, and resolves a wait once a marker has arrived.
 */
export class MarkerStream {
  readonly #seen = new Set<string>();
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  #waiting: { marker: string; resolve: () => void } | undefined;

  private constructor(reader: ReadableStreamDefaultReader<Uint8Array>) {
    this.#reader = reader;
    void this.#read();
  }

  /** Opens the server's event stream. */
  static async open(url: string, headers: Record<string, string>): Promise<MarkerStream> {
    const response = await fetch(url, { headers });
    return new MarkerStream((response.body as ReadableStream<Uint8Array>).getReader());
  }

  /** Resolves once `marker` has arrived (at once if it already has). */
  arrival(marker: string): Promise<void> {
    if (this.#seen.has(marker)) return Promise.resolve();
    return new Promise((resolve) => {
      this.#waiting = { marker, resolve };
    });
  }

  async close(): Promise<void> {
    await this.#reader.cancel();
  }

  async #read(): Promise<void> {
    const parser = new SseParser();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await this.#reader.read();
      if (done) return;
      for (const event of parser.push(decoder.decode(value, { stream: true }))) {
        for (const marker of event.data.match(/⟦[^⟧]+⟧/g) ?? []) {
          this.#seen.add(marker);
          if (this.#waiting?.marker === marker) this.#waiting.resolve();
        }
      }
    }
  }
}
