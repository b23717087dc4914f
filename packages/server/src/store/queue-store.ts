import { type QueuedMessage, queuePreview } from "@parley/protocol";
import type { StoreDatabase } from "./store-database.ts";

/**
 * A message waiting for its busy agent; `delivered` once the loop injected it, `removed` by the person.
 * Only a waiting item holds its text: a delivered one's text is in the conversation, a removed one's is
 * gone, and the row stays (empty) just long enough to answer `GET /api/queue-items/:id` and a run's wait.
 */
export interface QueueItem {
  id: string;
  session_id: string;
  agent_id: string;
  text: string;
  client_message_id: string | null;
  queued_at_ms: number;
  state: "waiting" | "delivered" | "removed";
  run_id: string | null;
}

/** Per-agent message queues (seed 002 "message queue"). */
export class QueueStore {
  readonly #insert;
  readonly #waiting;
  readonly #waitingCount;
  readonly #get;
  readonly #setState;
  readonly #pruneFinished;

  constructor(database: StoreDatabase) {
    this.#insert = database.prepare(
      `INSERT INTO queue_items (id, session_id, agent_id, text, client_message_id, queued_at_ms, state)
       VALUES (@id, @session_id, @agent_id, @text, @client_message_id, @queued_at_ms, 'waiting')`,
    );
    this.#waiting = database.prepare(
      `SELECT * FROM queue_items WHERE session_id = ? AND agent_id = ? AND state = 'waiting'
       ORDER BY queued_at_ms, rowid`,
    );
    this.#waitingCount = database.prepare(
      "SELECT COUNT(*) AS count FROM queue_items WHERE session_id = ? AND agent_id = ? AND state = 'waiting'",
    );
    this.#get = database.prepare("SELECT * FROM queue_items WHERE id = ?");
    this.#setState = database.prepare(
      "UPDATE queue_items SET state = ?, run_id = ?, text = '' WHERE id = ? AND state = 'waiting'",
    );
    this.#pruneFinished = database.prepare(
      `DELETE FROM queue_items WHERE rowid IN (
         SELECT rowid FROM queue_items WHERE state != 'waiting' AND queued_at_ms < ? LIMIT ?)`,
    );
  }

  add(item: Omit<QueueItem, "state" | "run_id">): QueueItem {
    this.#insert.run(item);
    return { ...item, state: "waiting", run_id: null };
  }

  waiting(sessionId: string, agentId: string): QueueItem[] {
    return this.#waiting.all(sessionId, agentId) as QueueItem[];
  }

  /** How many messages wait for the agent. */
  waitingCount(sessionId: string, agentId: string): number {
    return (this.#waitingCount.get(sessionId, agentId) as { count: number }).count;
  }

  get(id: string): QueueItem | undefined {
    return this.#get.get(id) as QueueItem | undefined;
  }

  /** Deletes at most `limit` delivered or removed items queued before `beforeMs`; returns how many. */
  pruneFinished(beforeMs: number, limit: number): number {
    return this.#pruneFinished.run(beforeMs, limit).changes;
  }

  /** Marks a waiting item delivered to a run (dropping its text); false when it was no longer waiting. */
  markDelivered(id: string, runId: string): boolean {
    return this.#setState.run("delivered", runId, id).changes > 0;
  }

  /** Removes a waiting item (dropping its text); false when it was already delivered or removed. */
  remove(id: string): boolean {
    return this.#setState.run("removed", null, id).changes > 0;
  }
}

/** A queue item as events and snapshots carry it: a preview of its text, never the whole. */
export function toQueuedMessage(item: QueueItem): QueuedMessage {
  const message: QueuedMessage = { id: item.id, ...queuePreview(item.text), queued_at_ms: item.queued_at_ms };
  if (item.client_message_id !== null) message.client_message_id = item.client_message_id;
  return message;
}
