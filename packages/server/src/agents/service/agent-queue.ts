import { type MessageParam, type QueueChange, userMessageModelText } from "@parley/protocol";
import { type QueueItem, toQueuedMessage } from "../../store/queue-store.ts";
import type { AgentServiceContext } from "../context/run-context.ts";
import type { RunDriver } from "../run/run-driver.ts";

/**
 * The messages waiting for one busy agent (seed 002 "message queue"). Every change is announced as a
 * QueueUpdated event carrying the change (the items it concerns, as previews) and how many still wait,
 * never the whole queue, so a long queue of large messages costs each event, the log and each client
 * little. The text of each message is stored once, in its queue row.
 */
export class AgentQueue {
  readonly #context: AgentServiceContext;

  constructor(context: AgentServiceContext) {
    this.#context = context;
  }

  /** Inside a transaction: announces what changed in an agent's queue. */
  announce(change: QueueChange, sessionId: string, agentId: string, items: readonly QueueItem[]): void {
    this.#context.bus.publish({
      type: "QueueUpdated",
      project_root: this.#context.projectRoot,
      session_id: sessionId,
      agent_id: agentId,
      change,
      items: items.map(toQueuedMessage),
      length: this.#context.store.queue.waitingCount(sessionId, agentId),
    });
  }

  /** Drops every waiting message of an agent (a Stop that also clears the queue). */
  clear(sessionId: string, agentId: string): void {
    const { store } = this.#context;
    store.transaction(() => {
      const waiting = store.queue.waiting(sessionId, agentId);
      for (const item of waiting) store.queue.remove(item.id);
      this.announce("cleared", sessionId, agentId, waiting);
    });
  }

  /** Called by a running turn before each model request: hands it the waiting messages, in order. */
  deliverTo(driver: RunDriver): MessageParam["content"][] {
    const { store } = this.#context;
    const delivered = store.transaction(() => {
      const waiting = store.queue.waiting(driver.sessionId, driver.agentId);
      for (const item of waiting) {
        store.queue.markDelivered(item.id, driver.runId);
        driver.recordUserMessage({
          text: item.text,
          attachments: item.attachments,
          clientMessageId: item.client_message_id ?? undefined,
        });
      }
      if (waiting.length > 0) this.announce("delivered", driver.sessionId, driver.agentId, waiting);
      return waiting;
    });
    const commands = this.#context.customCommands;
    return delivered.map((item) =>
      userMessageModelText(commands?.modelText(item.text) ?? item.text, item.attachments),
    );
  }
}
