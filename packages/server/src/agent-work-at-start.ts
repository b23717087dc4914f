import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { projectMcpFile, userMcpFile } from "./mcp/mcp-config-files.ts";
import type { Store } from "./store/store.ts";

/**
 * Whether a start leaves the agent services work of their own, before any request: runs or workflows a
 * crash left going (recorded as interrupted), MCP servers to start, editor threads to follow, idle prompts
 * to schedule, or other servers on a shared database to hear. Otherwise they start with the first request
 * that needs them, and a server nobody talks to never loads the engine.
 */
export function agentWorkAtStart(options: {
  store: Store;
  home: string;
  projectRoot: string;
  idlePromptsOn: boolean;
}): boolean {
  const { store, home, projectRoot } = options;
  if (store.events.shared || options.idlePromptsOn) return true;
  if (store.runs.running().length > 0) return true;
  if (store.workflows.withStatus("Running").length + store.workflows.withStatus("Pending").length > 0)
    return true;
  if (existsSync(userMcpFile(home)) || existsSync(projectMcpFile(projectRoot))) return true;
  if (store.sessions.mirrors(projectRoot, "acp").length > 0) return true;
  try {
    return readdirSync(join(home, "cli-sessions")).some((name) => name.endsWith(".json"));
  } catch {
    return false;
  }
}
