import type { ConnectionStatus } from "./chat-state.ts";
import type { EventStreamClientOptions } from "./event-stream-client.ts";

/**
 * What a ChatStore needs of its event stream: the per-tab EventStreamClient, or a SharedEventStream that
 * shares one connection among the tabs of a browser profile. Both deliver each logged frame once, in seq
 * order, through the options' `onFrame`.
 */
export interface EventStream {
  /** The connection status, as the connection indicator shows it. */
  readonly status: ConnectionStatus;
  /**
   * True when this tab shares one connection with the other tabs of its browser profile; false when a
   * page that would share one could not (no Web Locks or BroadcastChannel); undefined where tabs do not apply.
   */
  readonly shared?: boolean;
  /** Seq of the last logged frame delivered; undefined until the stream knows where it is. */
  readonly cursor: number | undefined;
  /** Opens the stream (and keeps it open until `stop`). */
  start(): void;
  /** Closes the stream; nothing is delivered after this returns. */
  stop(): void;
  /** Makes sure every event after `seq` (a state snapshot's `head_seq`) is delivered. */
  deliverAfter(seq: number): void;
}

/** Makes a ChatStore's event stream from the options it would give an EventStreamClient. */
export type EventStreamFactory = (options: EventStreamClientOptions) => EventStream;
