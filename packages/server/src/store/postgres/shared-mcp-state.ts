import type { McpStateStorage } from "../../mcp/mcp-project-state.ts";
import { PostgresDatabase } from "./postgres-database.ts";
import { redactedUrl } from "./redacted-url.ts";

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

/**
 * One project's MCP decisions in a team's database, for a program that is not a server (`parley run`):
 * each read or write opens a connection for it and closes it. Errors name the database without its password.
 */
export function sharedMcpStateAt(url: string, projectRoot: string): McpStateStorage {
  const once = <Result>(work: (storage: McpStateStorage) => Result): Result => {
    const database = new PostgresDatabase(url);
    try {
      return work(new SharedMcpState(database).forProject(projectRoot));
    } catch (error) {
      throw new Error(
        `cannot use the PostgreSQL database at ${redactedUrl(url)}: ${(error as Error).message}`,
      );
    } finally {
      database.close();
    }
  };
  return {
    read: () => once((storage) => storage.read()),
    write: (text) => once((storage) => storage.write(text)),
  };
}
