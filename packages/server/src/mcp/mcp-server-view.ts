import {
  type EnvironmentVariables,
  isParleySecret,
  type McpConnection,
  mcpToolName,
  type ParleySecrets,
} from "@parley/engine";
import type { McpConnectionStatus, McpServerConsent, McpServerView } from "@parley/protocol";
import type { McpConfigEntry } from "./mcp-config-files.ts";
import { changesBetween, launchOf, transportOf, variablesOf } from "./mcp-entry-facts.ts";
import { type McpProjectState, mcpEntryDigest } from "./mcp-project-state.ts";

/** What a view is built from besides the server itself. */
export interface McpViewContext {
  projectRoot: string;
  env: EnvironmentVariables;
  secrets: ParleySecrets;
  state: McpProjectState;
}

/** One configured server as the API shows it. */
export interface ViewedServer {
  entry: McpConfigEntry;
  connection?: McpConnection | undefined;
  restarts: number;
}

/**
 * A server as `GET /api/mcp/servers` lists it: where it comes from, what it runs as written, the variables it
 * reads, a project entry's consent, its status, and (when connected) its tools and prompts.
 */
export function mcpServerView(
  server: ViewedServer,
  status: { status: McpConnectionStatus; error?: string },
  context: McpViewContext,
): McpServerView {
  const { entry, connection } = server;
  const connected = connection?.state === "connected" ? connection : undefined;
  const withheld = (name: string) =>
    entry.source === "project" && isParleySecret(name, context.env[name], context.secrets);
  return {
    name: entry.name,
    source: entry.source,
    file: entry.file,
    transport: transportOf(entry.raw),
    config: entry.raw,
    launch: launchOf(entry.raw, context.projectRoot),
    variables: variablesOf(entry.raw, context.env, withheld),
    ...(entry.source === "project" && { consent: consentOf(entry, context.state) }),
    ...status,
    ...(connection?.stderrTail && { stderr: connection.stderrTail }),
    ...(connected?.serverInfo && {
      server_info: {
        name: connected.serverInfo.name,
        version: connected.serverInfo.version,
        ...(connected.serverInfo.title !== undefined && { title: connected.serverInfo.title }),
      },
    }),
    tools: (connected?.tools ?? []).map((tool) => ({
      name: tool.name,
      model_name: mcpToolName(entry.name, tool.name),
      ...(tool.title !== undefined && { title: tool.title }),
      ...(tool.description !== undefined && { description: tool.description }),
      ...(tool.annotations !== undefined && { annotations: tool.annotations }),
    })),
    prompts: (connected?.prompts ?? []).map((prompt) => ({
      name: prompt.name,
      command: `/${mcpToolName(entry.name, prompt.name)}`,
      ...(prompt.description !== undefined && { description: prompt.description }),
      ...(prompt.arguments !== undefined && { arguments: prompt.arguments }),
    })),
    has_resources: connected?.capabilities.resources ?? false,
    restarts: server.restarts,
  };
}

/** A project entry's decision as it is now, and what changed since the person approved it. */
function consentOf(entry: McpConfigEntry, state: McpProjectState): McpServerConsent {
  const decision = state.decision(entry.name, entry.raw);
  const approved = state.approvedEntry(entry.name);
  return {
    decision,
    digest: mcpEntryDigest(entry.raw),
    ...(decision !== "approved" &&
      approved !== undefined && { changes: changesBetween(approved.entry, entry.raw) }),
  };
}
