import type { AnyUiSseMessage } from "@parley/protocol";
import type { ConnectionStatus } from "./chat-state.ts";
import type { StreamStatusDetail, StreamWarning } from "./event-stream-client.ts";

/** The part of `BroadcastChannel` the shared stream uses (no DOM types needed; tests pass their own). */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}

/** The part of the Web Locks API (`navigator.locks`) the shared stream uses to elect one leader tab. */
export interface LockManagerLike {
  /**
   * Runs `callback` once the named lock is granted; holds the lock until the callback's promise settles.
   * `steal` takes the lock from its holder at once (the holder's request rejects with an AbortError).
   */
  request(
    name: string,
    options: { signal?: AbortSignal; steal?: boolean },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

/** A status as tabs pass it on: the detail without its error object, which need not survive cloning. */
export interface SharedStatus {
  status: ConnectionStatus;
  detail: StreamStatusDetail;
}

/**
 * What the tabs of one shared event stream say to each other over their BroadcastChannel, as the sender
 * writes it. Any tab sends `hello`, `replay` and `takeover`; the rest come from the leader, and a follower heeds them
 * only from the leader it knows (the last frames of a leader that has gone may still be on their way when
 * the next one has begun).
 */
export type TabMessageBody =
  /** A tab started listening: the leader answers with `state` (and retries a stream that gave up). */
  | { type: "hello" }
  /** A tab took the lead and opened the stream after `resumeAfter` (undefined: live from now). */
  | { type: "leader"; resumeAfter?: number }
  /** The leader's status and position, for a tab that just started. */
  | { type: "state"; status: SharedStatus; position?: number }
  /** The leader's stream now knows where it is, before any frame said so. */
  | { type: "position"; seq: number }
  | { type: "frame"; frame: AnyUiSseMessage }
  /** The server could not replay from the stream's cursor: every tab refetches its state. */
  | { type: "resync"; frame: AnyUiSseMessage }
  | { type: "status"; status: SharedStatus }
  | { type: "warning"; warning: StreamWarning }
  /** Whether the leader's tab is shown: a shown tab takes the lead from a hidden one (timers run late there). */
  | { type: "visibility"; visible: boolean }
  /** A shown tab asks the hidden leader to let it lead. */
  | { type: "takeover" }
  /** The hidden leader's answer to the first `takeover`: that tab steals the lock. */
  | { type: "yield"; to: string }
  /** A tab needs every frame after `after` (it loaded a snapshot there). */
  | { type: "replay"; request: number; after: number }
  /** The leader's answer to `replay`. */
  | ({ type: "replayed"; to: string; request: number; after: number } & ReplayAnswer);

/** A message as the channel carries it: with the id of the tab that sent it. */
export type TabMessage = TabMessageBody & { from: string };

/** The frames after a seq as the leader holds them, or `covered: false` when it no longer holds them all. */
export interface ReplayAnswer {
  covered: boolean;
  frames: AnyUiSseMessage[];
  /** Where the leader's stream is. */
  top?: number | undefined;
}

const MESSAGE_TYPES = new Set<string>([
  "hello",
  "leader",
  "state",
  "position",
  "frame",
  "resync",
  "status",
  "warning",
  "visibility",
  "takeover",
  "yield",
  "replay",
  "replayed",
]);

/**
 * Whether a channel message is one of ours. The channel name carries a version, so only tabs running this
 * code share it; the check keeps a stray message from throwing inside the stream.
 */
export function isTabMessage(value: unknown): value is TabMessage {
  if (typeof value !== "object" || value === null) return false;
  const message = value as { type?: unknown; from?: unknown; frame?: { seq?: unknown } };
  if (typeof message.type !== "string" || !MESSAGE_TYPES.has(message.type)) return false;
  if (typeof message.from !== "string") return false;
  if (message.type === "frame" || message.type === "resync") return typeof message.frame?.seq === "number";
  return true;
}

/** A status detail that survives structured cloning (errors are reported by the tab that saw them). */
export function sharedStatus(status: ConnectionStatus, detail: StreamStatusDetail): SharedStatus {
  const { error: _error, ...rest } = detail;
  return { status, detail: rest };
}

/** A warning that survives structured cloning. */
export function sharedWarning(warning: StreamWarning): StreamWarning {
  const { error: _error, ...rest } = warning;
  return rest;
}
