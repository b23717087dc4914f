import type { AgentOverride, KnownFields, Mission } from "@parley/protocol";
import type { StoreDatabase } from "./store-database.ts";

/**
 * First responses to chat requests, keyed by client_message_id, so a retried POST never runs twice. Kept
 * for a bounded time (see `pruneBefore`): a retry comes within seconds or minutes, not days.
 */
export class ChatRequestStore {
  readonly #get;
  readonly #put;
  readonly #prune;

  constructor(database: StoreDatabase) {
    this.#get = database.prepare("SELECT response FROM chat_requests WHERE client_message_id = ?");
    this.#put = database.prepare(
      "INSERT INTO chat_requests (client_message_id, response, created_at_ms) VALUES (?, ?, ?)",
    );
    this.#prune = database.prepare(
      `DELETE FROM chat_requests WHERE rowid IN (
         SELECT rowid FROM chat_requests WHERE created_at_ms < ? LIMIT ?)`,
    );
  }

  /** Forgets at most `limit` responses recorded before `beforeMs`; returns how many. */
  pruneBefore(beforeMs: number, limit: number): number {
    return this.#prune.run(beforeMs, limit).changes;
  }

  get<T>(clientMessageId: string): T | undefined {
    const row = this.#get.get(clientMessageId) as { response: string } | undefined;
    return row && (JSON.parse(row.response) as T);
  }

  put(clientMessageId: string, response: unknown, nowMs: number): void {
    this.#put.run(clientMessageId, JSON.stringify(response), nowMs);
  }
}

/** Project missions: at most one active (not cleared) at a time. */
export class MissionStore {
  readonly #active;
  readonly #history;
  readonly #insert;
  readonly #clear;

  constructor(database: StoreDatabase) {
    this.#active = database.prepare(
      "SELECT * FROM missions WHERE project_root = ? AND cleared_at_ms IS NULL ORDER BY created_at_ms DESC LIMIT 1",
    );
    this.#history = database.prepare(
      "SELECT * FROM missions WHERE project_root = ? ORDER BY created_at_ms DESC, rowid DESC",
    );
    this.#insert = database.prepare(
      "INSERT INTO missions (id, project_root, text, created_at_ms, cleared_at_ms) VALUES (?, ?, ?, ?, NULL)",
    );
    this.#clear = database.prepare(
      "UPDATE missions SET cleared_at_ms = ? WHERE project_root = ? AND cleared_at_ms IS NULL",
    );
  }

  active(projectRoot: string): Mission | null {
    return (this.#active.get(projectRoot) as Mission | undefined) ?? null;
  }

  history(projectRoot: string): Mission[] {
    return this.#history.all(projectRoot) as Mission[];
  }

  /** Sets the active mission, clearing the previous one. Call inside a transaction. */
  set(mission: Omit<KnownFields<Mission>, "cleared_at_ms">): Mission {
    this.#clear.run(mission.created_at_ms, mission.project_root);
    this.#insert.run(mission.id, mission.project_root, mission.text, mission.created_at_ms);
    return { ...mission, cleared_at_ms: null };
  }

  /** Clears the active mission and returns it (null when there was none). */
  clear(projectRoot: string, nowMs: number): Mission | null {
    const active = this.active(projectRoot);
    if (active === null) return null;
    this.#clear.run(nowMs, projectRoot);
    return { ...active, cleared_at_ms: nowMs };
  }
}

/** Per-agent overrides of the project's settings. */
export class AgentOverrideStore {
  readonly #get;
  readonly #put;

  constructor(database: StoreDatabase) {
    this.#get = database.prepare(
      "SELECT override FROM agent_overrides WHERE project_root = ? AND agent_id = ?",
    );
    this.#put = database.prepare(
      `INSERT INTO agent_overrides (project_root, agent_id, override, updated_at_ms) VALUES (?, ?, ?, ?)
       ON CONFLICT (project_root, agent_id) DO UPDATE SET override = excluded.override,
       updated_at_ms = excluded.updated_at_ms`,
    );
  }

  get(projectRoot: string, agentId: string): AgentOverride | null {
    const row = this.#get.get(projectRoot, agentId) as { override: string } | undefined;
    return row ? (JSON.parse(row.override) as AgentOverride) : null;
  }

  put(override: AgentOverride): AgentOverride {
    this.#put.run(override.project_root, override.agent_id, JSON.stringify(override), override.updated_at_ms);
    return override;
  }
}
