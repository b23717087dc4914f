import { createContext } from "react";
import type { StreamTailWriter } from "./stream-tail-writer.ts";

/**
 * The tail writers of one chat row's streaming segments, by segment id: the row's store subscription
 * hands a token to the segment's writer instead of rendering the row (`useStreamedRow`).
 */
export class StreamTails {
  readonly #writers = new Map<string, StreamTailWriter>();

  /** Adds a segment's writer; the returned function removes it again (if it is still that one). */
  register(segmentId: string, writer: StreamTailWriter): () => void {
    this.#writers.set(segmentId, writer);
    return () => {
      if (this.#writers.get(segmentId) === writer) this.#writers.delete(segmentId);
    };
  }

  /** Puts back what React rendered in every segment's tail (a render is due). */
  restore(): void {
    for (const writer of this.#writers.values()) writer.restore();
  }

  /** Shows `text` in the segment without React; false when React must render it. */
  take(segmentId: string, text: string): boolean {
    return this.#writers.get(segmentId)?.take(text) ?? false;
  }
}

/** The row's tail writers; absent outside a chat row (a streaming text there always renders with React). */
export const StreamTailsContext = createContext<StreamTails | undefined>(undefined);
