import type { McpStateStorage } from "../../mcp/mcp-project-state.ts";
import type { PostgresDatabase } from "./postgres-database.ts";

/**
 * The person's MCP decisions for each project (see `McpProjectState`), kept in the database servers share
 * instead of one server's data directory: an `.mcp.json` entry approved on one server may start on all.
 */
export class SharedMcpState {
  readonly #read;
  readonly #write;

  constructor(database: PostgresDatabase) {
    this.#read = database.prepare("SELECT state FROM mcp_project_state WHERE project_root = ?").pluck();
    this.#write = database.prepare(
      `INSERT INTO mcp_project_state (project_root, state, updated_at_ms) VALUES (?, ?, ?)
       ON CONFLICT (project_root) DO UPDATE SET state = excluded.state, updated_at_ms = excluded.updated_at_ms`,
    );
  }

  /** The decisions of the project at `projectRoot`. */
  forProject(projectRoot: string): McpStateStorage {
    return {
      read: () => this.#read.get(projectRoot) as string | undefined,
      write: (text) => {
        this.#write.run(projectRoot, text, Date.now());
      },
    };
  }
}
