import type { KnownFields, StoredMessage } from "@parley/protocol";
import type { StoreDatabase } from "./store-database.ts";
import type { TextStore } from "./text-store.ts";

interface MessageRow {
  id: string;
  session_id: string;
  position: number;
  agent_id: string;
  role: StoredMessage["role"];
  /** The rich message's JSON, packed when long (see packed-text.ts), its text taken out (see text-store.ts). */
  rich: string | Buffer;
  text_id: number | null;
  text_at: number | null;
  run_id: string | null;
  created_at_ms: number;
  client_message_id: string | null;
}

/** The rich messages of each session, in order: what the UI renders and chat history exports. */
export class MessageStore {
  readonly #texts: TextStore;
  readonly #insert;
  readonly #nextPosition;
  readonly #page;
  readonly #all;
  readonly #update;
  readonly #get;
  readonly #delete;
  readonly #byRun;
  readonly #lastOfKind;
  readonly #outsideRuns;

  constructor(database: StoreDatabase, texts: TextStore) {
    this.#texts = texts;
    this.#insert = database.prepare(
      `INSERT INTO messages (id, session_id, position, agent_id, role, kind, rich, text_id, text_at, run_id,
                             client_message_id, created_at_ms)
       VALUES (@id, @session_id, @position, @agent_id, @role, @kind, @rich, @text_id, @text_at, @run_id,
               @client_message_id, @created_at_ms)`,
    );
    this.#nextPosition = database.prepare(
      "SELECT COALESCE(MAX(position) + 1, 0) AS next FROM messages WHERE session_id = ?",
    );
    this.#page = database.prepare(
      `SELECT * FROM messages WHERE session_id = ? AND position < ? ORDER BY position DESC LIMIT ?`,
    );
    this.#all = database.prepare("SELECT * FROM messages WHERE session_id = ? ORDER BY position");
    this.#update = database.prepare(
      "UPDATE messages SET kind = @kind, rich = @rich, text_id = @text_id, text_at = @text_at WHERE id = @id",
    );
    this.#get = database.prepare("SELECT * FROM messages WHERE id = ?");
    this.#delete = database.prepare("DELETE FROM messages WHERE id = ?");
    this.#byRun = database.prepare("SELECT * FROM messages WHERE run_id = ? ORDER BY position");
    this.#lastOfKind = database.prepare(
      `SELECT * FROM messages WHERE session_id = ? AND agent_id = ? AND kind = ?
       ORDER BY position DESC LIMIT 1`,
    );
    this.#outsideRuns = database.prepare(
      `SELECT * FROM messages WHERE session_id = ? AND agent_id = ? AND run_id IS NULL
       AND position > ? AND position < ? ORDER BY position`,
    );
  }

  /**
   * An agent's messages no run produced (a workflow's card, a mode change, a structure someone shared)
   * between two positions of its session, oldest first.
   */
  outsideRuns(
    sessionId: string,
    agentId: string,
    afterPosition: number,
    beforePosition: number,
  ): StoredMessage[] {
    const rows = this.#outsideRuns.all(sessionId, agentId, afterPosition, beforePosition) as MessageRow[];
    return rows.map(this.#fromRow);
  }

  /** The newest message of one rich kind an agent of a session has (e.g. its current Plan). */
  lastOfKind(sessionId: string, agentId: string, kind: string): StoredMessage | undefined {
    const row = this.#lastOfKind.get(sessionId, agentId, kind) as MessageRow | undefined;
    return row && this.#fromRow(row);
  }

  /** The messages a run produced, in order. */
  byRun(runId: string): StoredMessage[] {
    return (this.#byRun.all(runId) as MessageRow[]).map(this.#fromRow);
  }

  /** Removes a message (one a retried model request replaced). */
  delete(id: string): void {
    this.#delete.run(id);
  }

  /** Appends a message at the end of its session. */
  append(message: Omit<KnownFields<StoredMessage>, "position">, clientMessageId?: string): StoredMessage {
    const { next } = this.#nextPosition.get(message.session_id) as { next: number };
    const stored: StoredMessage = { ...message, position: next };
    this.#insert.run({
      ...stored,
      ...this.#richColumns(stored.session_id, stored.rich),
      client_message_id: clientMessageId ?? null,
    });
    return stored;
  }

  /** How a rich message is stored: its kind, and its JSON packed with its text kept apart. */
  #richColumns(sessionId: string, rich: StoredMessage["rich"]) {
    const { stored, textId, at } = this.#texts.store(sessionId, rich, JSON.stringify(rich));
    return { kind: rich.kind, rich: stored, text_id: textId, text_at: at };
  }

  /** Replaces a message's rich content (e.g. a ToolRequest whose approval status changed). */
  updateRich(id: string, rich: StoredMessage["rich"]): void {
    const row = this.#get.get(id) as MessageRow | undefined;
    if (row === undefined) return;
    this.#update.run({ id, ...this.#richColumns(row.session_id, rich) });
  }

  get(id: string): StoredMessage | undefined {
    const row = this.#get.get(id) as MessageRow | undefined;
    return row && this.#fromRow(row);
  }

  /** The newest `limit` messages before `beforePosition`, oldest first, and whether older ones exist. */
  page(sessionId: string, limit: number, beforePosition = Number.MAX_SAFE_INTEGER) {
    const rows = this.#page.all(sessionId, beforePosition, limit + 1) as MessageRow[];
    const hasMore = rows.length > limit;
    return { messages: rows.slice(0, limit).reverse().map(this.#fromRow), hasMore };
  }

  /** Every message of a session, oldest first. */
  all(sessionId: string): StoredMessage[] {
    return (this.#all.all(sessionId) as MessageRow[]).map(this.#fromRow);
  }

  readonly #fromRow = (row: MessageRow): StoredMessage => ({
    id: row.id,
    session_id: row.session_id,
    position: row.position,
    agent_id: row.agent_id,
    role: row.role,
    rich: JSON.parse(this.#texts.restore(row.rich, row.text_id, row.text_at)),
    run_id: row.run_id,
    created_at_ms: row.created_at_ms,
    ...(row.client_message_id !== null && { client_message_id: row.client_message_id }),
  });
}
