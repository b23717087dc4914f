import type { PermissionMode } from "@parley/protocol";
import type { StoreDatabase } from "./store-database.ts";

/** What a session chose for one of its agents. */
export interface SessionAgentSetting {
  session_id: string;
  agent_id: string;
  permission_mode: PermissionMode;
  updated_at_ms: number;
}

/** Per-session agent settings: the permission mode a person picked for an agent of a session. */
export class SessionAgentStore {
  readonly #put;
  readonly #get;
  readonly #list;

  constructor(database: StoreDatabase) {
    this.#put = database.prepare(
      `INSERT INTO session_agents (session_id, agent_id, permission_mode, updated_at_ms)
       VALUES (@session_id, @agent_id, @permission_mode, @updated_at_ms)
       ON CONFLICT (session_id, agent_id) DO UPDATE SET permission_mode = excluded.permission_mode,
         updated_at_ms = excluded.updated_at_ms`,
    );
    this.#get = database.prepare("SELECT * FROM session_agents WHERE session_id = ? AND agent_id = ?");
    this.#list = database.prepare("SELECT * FROM session_agents WHERE session_id = ? ORDER BY agent_id");
  }

  put(setting: SessionAgentSetting): SessionAgentSetting {
    this.#put.run(setting);
    return setting;
  }

  get(sessionId: string, agentId: string): SessionAgentSetting | undefined {
    return this.#get.get(sessionId, agentId) as SessionAgentSetting | undefined;
  }

  /** Every agent of the session that has its own setting. */
  list(sessionId: string): SessionAgentSetting[] {
    return this.#list.all(sessionId) as SessionAgentSetting[];
  }
}
