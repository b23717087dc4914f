import { ParleyClient, WorkflowClient } from "@parley/sdk";
import { findRunningServer, type ParleyServer, startParleyServer } from "@parley/server";

/** The server a workflow is run through, and how to let go of it. */
export interface WorkflowConnection {
  workflows: WorkflowClient;
  api: ParleyClient;
  /** The server's address, for links to its web UI. */
  origin: string;
  /** Set when no server was running and one was started in this process for the command. */
  local?: ParleyServer;
}

/**
 * Reaches the server that serves the project: `url` when given, else the one `parley serve` started (found
 * in `home`), else a server started in this process on the same store, so a workflow's card is in the
 * project's history either way. Close `local` when done.
 */
export async function openWorkflowConnection(options: {
  projectRoot: string;
  home: string;
  env: NodeJS.ProcessEnv;
  url?: string | undefined;
}): Promise<WorkflowConnection> {
  const { projectRoot, home, env, url } = options;
  const found =
    url === undefined ? findRunningServer(home, projectRoot) : { url, token: env.PARLEY_TOKEN ?? "" };
  const local =
    found === undefined ? await startParleyServer({ projectRoot, home, env, port: 0 }) : undefined;
  const server = found ?? (local as ParleyServer);
  const client = { baseUrl: server.url, token: server.token };
  return {
    workflows: new WorkflowClient(client),
    api: new ParleyClient(client),
    origin: server.url.replace(/\/+$/, ""),
    ...(local !== undefined && { local }),
  };
}
