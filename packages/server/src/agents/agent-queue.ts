import type { MessageParam } from "@parley/protocol";
import { toQueuedMessage } from "../store/queue-store.ts";
import type { AgentServiceContext } from "./run-context.ts";
import type { RunDriver } from "./run-driver.ts";

/**
 * The messages waiting for one busy agent (seed 002 "message queue"): every change is announced as a
 * QueueUpdated event with the waiting items, so every tab shows the same queue.
 */
export class AgentQueue {
  readonly #context: AgentServiceContext;

  constructor(context: AgentServiceContext) {
    this.#context = context;
  }

  /** Inside a transaction: announces the agent's waiting messages. */
  publish(sessionId: string, agentId: string): void {
    this.#context.bus.publish({
      type: "QueueUpdated",
      project_root: this.#context.projectRoot,
      session_id: sessionId,
      agent_id: agentId,
      items: this.#context.store.queue.waiting(sessionId, agentId).map(toQueuedMessage),
    });
  }

  /** Drops every waiting message of an agent (a Stop that also clears the queue). */
  clear(sessionId: string, agentId: string): void {
    const { store } = this.#context;
    store.transaction(() => {
      for (const item of store.queue.waiting(sessionId, agentId)) store.queue.remove(item.id);
      this.publish(sessionId, agentId);
    });
  }

  /** Called by a running turn before each model request: hands it the waiting messages, in order. */
  deliverTo(driver: RunDriver): MessageParam["content"][] {
    const { store } = this.#context;
    const delivered = store.transaction(() => {
      const waiting = store.queue.waiting(driver.sessionId, driver.agentId);
      for (const item of waiting) {
        store.queue.markDelivered(item.id, driver.runId);
        driver.recordUserMessage(item.text, item.client_message_id ?? undefined);
      }
      if (waiting.length > 0) this.publish(driver.sessionId, driver.agentId);
      return waiting;
    });
    return delivered.map((item) => item.text);
  }
}
