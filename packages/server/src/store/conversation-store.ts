import type { MessageParam } from "@parley/protocol";
import type { SqliteDatabase } from "./database.ts";
import { packText, unpackText } from "./packed-text.ts";

/** What each agent's model sees: its conversation as MessageParam entries, passed as history next turn. */
export class ConversationStore {
  readonly #append;
  readonly #next;
  readonly #all;
  readonly #clear;

  constructor(database: SqliteDatabase) {
    this.#append = database.prepare(
      "INSERT INTO conversation (session_id, agent_id, position, param) VALUES (?, ?, ?, ?)",
    );
    this.#next = database.prepare(
      "SELECT COALESCE(MAX(position) + 1, 0) AS next FROM conversation WHERE session_id = ? AND agent_id = ?",
    );
    this.#all = database.prepare(
      "SELECT param FROM conversation WHERE session_id = ? AND agent_id = ? ORDER BY position",
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
    for (const param of params) this.#append.run(sessionId, agentId, next++, packText(JSON.stringify(param)));
  }

  history(sessionId: string, agentId: string): MessageParam[] {
    const rows = this.#all.all(sessionId, agentId) as { param: string | Buffer }[];
    return rows.map((row) => JSON.parse(unpackText(row.param)));
  }
}
