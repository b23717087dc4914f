import type { MessageParam } from "@parley/protocol";
import type { StoreDatabase } from "./store-database.ts";
import type { TextStore } from "./text-store.ts";

/** A conversation entry as stored: its JSON packed when long, its text kept apart (see text-store.ts). */
interface ParamRow {
  param: string | Buffer;
  text_id: number | null;
  text_at: number | null;
}

/** What each agent's model sees: its conversation as MessageParam entries, passed as history next turn. */
export class ConversationStore {
  readonly #texts: TextStore;
  readonly #append;
  readonly #next;
  readonly #all;
  readonly #clear;

  constructor(database: StoreDatabase, texts: TextStore) {
    this.#texts = texts;
    this.#append = database.prepare(
      `INSERT INTO conversation (session_id, agent_id, position, param, text_id, text_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    this.#next = database.prepare(
      "SELECT COALESCE(MAX(position) + 1, 0) AS next FROM conversation WHERE session_id = ? AND agent_id = ?",
    );
    this.#all = database.prepare(
      "SELECT param, text_id, text_at FROM conversation WHERE session_id = ? AND agent_id = ? ORDER BY position",
    );
    this.#clear = database.prepare("DELETE FROM conversation WHERE session_id = ? AND agent_id = ?");
  }

  /** Replaces an agent's whole conversation (a compaction, a repaired tail). Call inside a transaction. */
  replace(sessionId: string, agentId: string, params: readonly MessageParam[]): void {
    this.#clear.run(sessionId, agentId);
    this.append(sessionId, agentId, params);
  }

  append(sessionId: string, agentId: string, params: readonly MessageParam[]): void {
    let { next } = this.#next.get(sessionId, agentId) as { next: number };
    for (const param of params) {
      const { stored, textId, at } = this.#texts.store(sessionId, param, JSON.stringify(param));
      this.#append.run(sessionId, agentId, next++, stored, textId, at);
    }
  }

  history(sessionId: string, agentId: string): MessageParam[] {
    const rows = this.#all.all(sessionId, agentId) as ParamRow[];
    return rows.map((row) => JSON.parse(this.#texts.restore(row.param, row.text_id, row.text_at)));
  }
}
