import type { StoredMessage } from "@parley/protocol";
import type { EventBus } from "../../bus/event-bus.ts";
import type { Store } from "../../store/store.ts";

/** Where a chat message belongs: its session, agent (a subagent's own id for its messages) and run. */
export interface MessageScope {
  sessionId: string;
  agentId: string;
  runId: string | null;
}

/** What the publisher needs from the server. */
export interface MessagePublisherContext {
  store: Store;
  bus: EventBus;
  projectRoot: string;
  now: () => number;
  newId: (prefix: string) => string;
}

/**
 * Stores rich chat messages and announces them with `Message` events; an update re-announces the same
 * `message_id`, so every open tab replaces its copy (a ToolRequest whose approval was answered, a Question
 * that was answered, a Plan whose steps progressed). Call inside a unit of work.
 */
export class MessagePublisher {
  readonly #context: MessagePublisherContext;

  constructor(context: MessagePublisherContext) {
    this.#context = context;
  }

  /** A fresh message id (to name a message before it is stored). */
  newId(): string {
    return this.#context.newId("msg");
  }

  /**
   * Appends a message at the end of its session and publishes it; returns its id. A person's message may
   * carry the id their client chose, echoed in the event so the client can replace its optimistic bubble.
   */
  append(
    scope: MessageScope,
    role: StoredMessage["role"],
    rich: StoredMessage["rich"],
    content: string,
    id: string = this.#context.newId("msg"),
    clientMessageId?: string,
  ): string {
    const stored = this.#context.store.messages.append(
      {
        id,
        session_id: scope.sessionId,
        agent_id: scope.agentId,
        role,
        rich,
        run_id: scope.runId,
        created_at_ms: this.#context.now(),
      },
      clientMessageId,
    );
    this.#publish(stored, content, clientMessageId);
    return id;
  }

  /** Replaces a stored message's rich content and publishes it again under the same id. */
  update(id: string, rich: StoredMessage["rich"], content: string): StoredMessage | undefined {
    const { store } = this.#context;
    const stored = store.messages.get(id);
    if (stored === undefined) return undefined;
    store.messages.updateRich(id, rich);
    const updated = { ...stored, rich };
    this.#publish(updated, content, stored.client_message_id);
    return updated;
  }

  /** Applies `change` to a stored message's data and republishes it; undefined when it does not exist. */
  patchData(
    id: string,
    change: (data: Record<string, unknown>) => Record<string, unknown>,
    content: (data: Record<string, unknown>) => string,
  ): StoredMessage | undefined {
    const stored = this.#context.store.messages.get(id);
    if (stored === undefined) return undefined;
    const data = change({ ...(stored.rich.data as Record<string, unknown>) });
    return this.update(id, { ...stored.rich, data }, content(data));
  }

  #publish(message: StoredMessage, content: string, clientMessageId: string | undefined): void {
    const fromUser = message.role === "user";
    this.#context.bus.publish({
      type: "Message",
      agent_id: message.agent_id,
      from: fromUser ? "user" : message.role === "system" ? "parley" : message.agent_id,
      to: fromUser ? message.agent_id : "user",
      content,
      message_id: message.id,
      role: message.role,
      ...(!isPlainText(message.rich, content) && { rich: message.rich as Record<string, unknown> }),
      ...(message.run_id !== null && { run_id: message.run_id }),
      session_id: message.session_id,
      project_root: this.#context.projectRoot,
      ...(clientMessageId !== undefined && { client_message_id: clientMessageId }),
    });
  }
}

/**
 * A Text rich message holding nothing but `content`: its event leaves `rich` out, since the content is the
 * whole message (clients treat a Message without rich as Text), and the text would otherwise go out, into
 * the log and over every replay twice.
 */
function isPlainText(rich: StoredMessage["rich"], content: string): boolean {
  if (rich.kind !== "Text") return false;
  const data = rich.data as Record<string, unknown>;
  return data.text === content && Object.keys(data).length === 1;
}
