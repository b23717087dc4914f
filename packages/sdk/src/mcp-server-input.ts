import { type McpServerEntry, McpServerEntrySchema, McpServerNameSchema } from "@parley/protocol";

/** What a person typed to add a server to their `mcp.json`, checked: the entry to send, or what to fix. */
export type McpServerInput =
  | { ok: true; name: string; config: McpServerEntry }
  | { ok: false; problem: string };

/** A server entry to start from, in the JSON shape Claude Code's `mcpServers` uses. */
export const MCP_SERVER_EXAMPLE = `{
  "command": "npx",
  "args": ["-y", "@modelcontextprotocol/server-everything"]
}`;

/**
 * Checks a server's name and its config (JSON text, as Claude Code writes an `mcpServers` entry) before they
 * are sent, in the words the web's and the terminal's forms show.
 */
export function checkMcpServerInput(name: string, json: string): McpServerInput {
  const validName = checkMcpServerName(name);
  if (!validName.ok) return validName;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    return { ok: false, problem: `Config: not valid JSON (${(error as Error).message})` };
  }
  const config = McpServerEntrySchema.safeParse(parsed);
  if (!config.success) {
    return {
      ok: false,
      problem: `Config: give "command" (and "args", "env") for a local server, or "type": "http" or "sse" with a "url"`,
    };
  }
  return { ok: true, name: validName.name, config: config.data };
}

/** Checks a server's name alone, for a form that asks for it before the config. */
export function checkMcpServerName(
  name: string,
): { ok: true; name: string } | { ok: false; problem: string } {
  const valid = McpServerNameSchema.safeParse(name);
  return valid.success
    ? { ok: true, name: valid.data }
    : { ok: false, problem: `Name: ${valid.error.issues[0]?.message ?? "not valid"}` };
}
