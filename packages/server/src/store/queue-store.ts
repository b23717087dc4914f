import { attachmentLabel, type MessageAttachment, type QueuedMessage, queuePreview } from "@parley/protocol";
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
  /** Cards the message carries (a shared project structure); empty for most messages. */
  attachments: MessageAttachment[];
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
      `INSERT INTO queue_items (id, session_id, agent_id, text, attachments, client_message_id, queued_at_ms, state)
       VALUES (@id, @session_id, @agent_id, @text, @attachments, @client_message_id, @queued_at_ms, 'waiting')`,
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
      "UPDATE queue_items SET state = ?, run_id = ?, text = '', attachments = NULL WHERE id = ? AND state = 'waiting'",
    );
    this.#pruneFinished = database.prepare(
      `DELETE FROM queue_items WHERE rowid IN (
         SELECT rowid FROM queue_items WHERE state != 'waiting' AND queued_at_ms < ? LIMIT ?)`,
    );
  }

  add(
    item: Omit<QueueItem, "state" | "run_id" | "attachments"> & Partial<Pick<QueueItem, "attachments">>,
  ): QueueItem {
    const attachments = item.attachments ?? [];
    this.#insert.run({ ...item, attachments: attachments.length === 0 ? null : JSON.stringify(attachments) });
    return { ...item, attachments, state: "waiting", run_id: null };
  }

  waiting(sessionId: string, agentId: string): QueueItem[] {
    return (this.#waiting.all(sessionId, agentId) as QueueRow[]).map(fromRow);
  }

  /** How many messages wait for the agent. */
  waitingCount(sessionId: string, agentId: string): number {
    return (this.#waitingCount.get(sessionId, agentId) as { count: number }).count;
  }

  get(id: string): QueueItem | undefined {
    const row = this.#get.get(id) as QueueRow | undefined;
    return row && fromRow(row);
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

/** A queue row as stored: its attachments as JSON text, or null for none. */
type QueueRow = Omit<QueueItem, "attachments"> & { attachments: string | null };

function fromRow(row: QueueRow): QueueItem {
  return { ...row, attachments: row.attachments === null ? [] : JSON.parse(row.attachments) };
}

/** A queue item as events and snapshots carry it: a preview of its text, never the whole. */
export function toQueuedMessage(item: QueueItem): QueuedMessage {
  // A structure shared without a note is previewed by its name.
  const shown = [item.text, ...item.attachments.map((attachment) => `[${attachmentLabel(attachment)}]`)]
    .filter((part) => part !== "")
    .join("\n");
  const message: QueuedMessage = { id: item.id, ...queuePreview(shown), queued_at_ms: item.queued_at_ms };
  if (item.client_message_id !== null) message.client_message_id = item.client_message_id;
  return message;
}
