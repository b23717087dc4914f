import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { EDITOR_THREAD_MARK, threadFileHeadSync } from "./agents/editor-threads/editor-thread-head.ts";
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
  return editorThreadOfProject(join(home, "cli-sessions"), projectRoot);
}

/**
 * Whether the folder `parley run` and `parley acp` keep their conversations in holds an editor thread of this
 * project that the mirror has not shown yet. `parley run`'s own conversations (most files there, of any
 * project) are not the mirror's to show: each file's head says whose it is, as the mirror reads it
 * (`session_id`, `cwd` and `origin` are written before the history). Only regular files are opened.
 */
function editorThreadOfProject(folder: string, projectRoot: string): boolean {
  let names: string[];
  try {
    names = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
      .map((entry) => entry.name);
  } catch {
    return false;
  }
  const project = `"cwd":${JSON.stringify(projectRoot)}`;
  return names.some((name) => {
    const head = threadFileHeadSync(join(folder, name));
    return head.includes(EDITOR_THREAD_MARK) && head.includes(project);
  });
}
