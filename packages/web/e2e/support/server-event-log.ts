import { fromUiSseMessage, type ServerEvent, type ServerEventType } from "@parley/protocol";

/** A ServerEvent of one type. */
export type EventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

/** The part of the server's event bus the log listens to. */
export interface CommittedEventSource {
  subscribe(listener: (events: readonly { frame: string }[]) => void): () => void;
}

/** A `Message` event that carried a rich message, and that message's data. */
export interface RichAnnouncement {
  event: EventOf<"Message">;
  data: Record<string, unknown>;
}

interface Waiter {
  find: () => ServerEvent | undefined;
  resolve: (event: ServerEvent) => void;
}

/**
 * Every event the server committed, decoded, as the test's own view of what happened on the server (a run
 * ended, a queue changed), so a test waits on facts instead of time.
 */
export class ServerEventLog {
  readonly events: ServerEvent[] = [];
  readonly #waiters = new Set<Waiter>();
  readonly #unsubscribe: () => void;

  constructor(source: CommittedEventSource) {
    this.#unsubscribe = source.subscribe((logged) => {
      for (const { frame } of logged) {
        const view = fromUiSseMessage(JSON.parse(frame));
        if (view.kind !== "unrecognized") this.events.push(view.event);
      }
      for (const waiter of this.#waiters) {
        const event = waiter.find();
        if (event === undefined) continue;
        this.#waiters.delete(waiter);
        waiter.resolve(event);
      }
    });
  }

  /** How many events were committed so far: pass it to `waitFor` to wait only for later ones. */
  get mark(): number {
    return this.events.length;
  }

  /** The first committed event of `type` (from position `since` on) that satisfies `predicate`, now or later. */
  waitFor<T extends ServerEventType>(
    type: T,
    predicate: (event: EventOf<T>) => boolean = () => true,
    since = 0,
  ): Promise<EventOf<T>> {
    const find = () =>
      this.events
        .slice(since)
        .find((event): event is EventOf<T> => event.type === type && predicate(event as EventOf<T>));
    const found = find();
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve) => {
      this.#waiters.add({ find, resolve: (event) => resolve(event as EventOf<T>) });
    });
  }

  /** The committed events of one type, in seq order. */
  ofType<T extends ServerEventType>(type: T): EventOf<T>[] {
    return this.events.filter((event): event is EventOf<T> => event.type === type);
  }

  /**
   * Every committed announcement of a rich message of `kind` (a card is re-announced under the same
   * `message_id` whenever it changes), with its data, in seq order; from position `since` on.
   */
  richMessages(kind: string, since = 0): RichAnnouncement[] {
    return this.events.slice(since).flatMap((event) => {
      if (event.type !== "Message") return [];
      const rich = event.rich as { kind?: unknown; data?: unknown } | undefined;
      if (rich?.kind !== kind) return [];
      return [{ event, data: (rich.data ?? {}) as Record<string, unknown> }];
    });
  }

  /** Waits for the first announcement of a rich message of `kind` (from `since` on) whose data fits. */
  async waitForRich(
    kind: string,
    predicate: (data: Record<string, unknown>) => boolean = () => true,
    since = 0,
  ): Promise<RichAnnouncement> {
    const fits = (event: EventOf<"Message">) => {
      const rich = event.rich as { kind?: unknown; data?: unknown } | undefined;
      return rich?.kind === kind && predicate((rich.data ?? {}) as Record<string, unknown>);
    };
    const event = await this.waitFor("Message", fits, since);
    return { event, data: ((event.rich as { data?: unknown }).data ?? {}) as Record<string, unknown> };
  }

  stop(): void {
    this.#unsubscribe();
  }
}
