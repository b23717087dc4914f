import type { EventStreamFactory } from "./event-stream.ts";
import { EventStreamClient } from "./event-stream-client.ts";
import type { PageVisibility } from "./page-visibility.ts";
import type { ParleyClient } from "./parley-client.ts";
import { SharedEventStream } from "./shared-event-stream.ts";
import type { BroadcastChannelLike, LockManagerLike } from "./tab-channel.ts";

/** Options of `sharedEventStreams`; by default everything comes from the browser. */
export interface SharedEventStreamsOptions {
  /** Tabs share a stream only within a scope; by default the server's address as the page resolves it. */
  scope?: string;
  locks?: LockManagerLike;
  openChannel?: (name: string) => BroadcastChannelLike;
  /** Recent frames each tab keeps for tabs that join late (2000). */
  replayLimit?: number;
  /** Whether the page is shown (`document.visibilityState` by default); a shown tab leads rather than a hidden one. */
  visibility?: PageVisibility;
}

/**
 * The event stream factory for a browser page (ChatStore's `createEventStream`): one SharedEventStream
 * per browser profile and server, where the browser has BroadcastChannel and Web Locks; otherwise an
 * EventStreamClient per tab. Web Locks exist only in secure contexts (https, or http on localhost).
 */
export function sharedEventStreams(options: SharedEventStreamsOptions = {}): EventStreamFactory {
  return (streamOptions) => {
    const locks = options.locks ?? browserLocks();
    const openChannel = options.openChannel ?? browserChannel();
    if (locks === undefined || openChannel === undefined) return new UnsharedEventStream(streamOptions);
    return new SharedEventStream({
      ...streamOptions,
      scope: options.scope ?? scopeOf(streamOptions.client),
      locks,
      openChannel,
      ...(options.replayLimit !== undefined && { replayLimit: options.replayLimit }),
      ...(options.visibility !== undefined && { visibility: options.visibility }),
    });
  };
}

/** The fallback: a connection of this tab's own, saying so (the UI warns about the connection limit). */
class UnsharedEventStream extends EventStreamClient {
  get shared(): boolean {
    return false;
  }
}

function browserLocks(): LockManagerLike | undefined {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return typeof locks?.request === "function" ? locks : undefined;
}

function browserChannel(): ((name: string) => BroadcastChannelLike) | undefined {
  const Channel = (globalThis as { BroadcastChannel?: new (name: string) => BroadcastChannelLike })
    .BroadcastChannel;
  return typeof Channel === "function" ? (name) => new Channel(name) : undefined;
}

/** The server's address as an absolute URL (origin and path), so two servers never share a stream. */
function scopeOf(client: ParleyClient): string {
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    return new URL(client.baseUrl === "" ? "/" : `${client.baseUrl}/`, page).href;
  } catch {
    return client.baseUrl;
  }
}
