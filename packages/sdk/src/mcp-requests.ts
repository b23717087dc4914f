import {
  decodeWith,
  type McpPromptText,
  McpPromptTextSchema,
  type McpServerEntry,
  type McpServerList,
  McpServerListSchema,
  type McpServerView,
  McpServerViewSchema,
} from "@parley/protocol";
import type { HttpTransport } from "./http-transport.ts";

// The MCP routes of Parley's HTTP API, as ParleyClient sends them, responses decoded with the protocol's
// schemas. Server names go in the path, so they are encoded.

type Signal = { signal?: AbortSignal };

const serverPath = (name: string) => `/api/mcp/servers/${encodeURIComponent(name)}`;
const decodeView = (value: unknown) => decodeWith(McpServerViewSchema, value);
const decodeList = (value: unknown) => decodeWith(McpServerListSchema, value);

/** `GET /api/mcp/servers`. */
export function listMcpServers(http: HttpTransport, options: Signal): Promise<McpServerList> {
  return http.json("GET", "/api/mcp/servers", { ...options, decode: decodeList });
}

/** `PUT /api/mcp/servers/:name`: adds or replaces a server in the user's mcp.json. */
export function putMcpServer(
  http: HttpTransport,
  name: string,
  config: McpServerEntry,
  options: Signal,
): Promise<McpServerView> {
  return http.json("PUT", serverPath(name), { ...options, body: { config }, decode: decodeView });
}

/** `DELETE /api/mcp/servers/:name`. */
export function removeMcpServer(http: HttpTransport, name: string, options: Signal): Promise<McpServerList> {
  return http.json("DELETE", serverPath(name), { ...options, decode: decodeList });
}

/** `PATCH /api/mcp/servers/:name`: on or off for this project. */
export function setMcpServerEnabled(
  http: HttpTransport,
  name: string,
  enabled: boolean,
  options: Signal,
): Promise<McpServerView> {
  return http.json("PATCH", serverPath(name), { ...options, body: { enabled }, decode: decodeView });
}

/** `POST /api/mcp/servers/:name/reconnect`, or `/unreject` (a rejected project entry asks again). */
export function mcpServerAction(
  http: HttpTransport,
  name: string,
  action: "reconnect" | "unreject",
  options: Signal,
): Promise<McpServerView> {
  return http.json("POST", `${serverPath(name)}/${action}`, { ...options, body: {}, decode: decodeView });
}

/**
 * `POST /api/mcp/servers/:name/approve` or `/reject`: the person's decision about a project entry, named by
 * the digest they were shown (a 409 if the file changed since).
 */
export function decideMcpServer(
  http: HttpTransport,
  name: string,
  decision: "approve" | "reject",
  digest: string,
  options: Signal,
): Promise<McpServerView> {
  return http.json("POST", `${serverPath(name)}/${decision}`, {
    ...options,
    body: { digest },
    decode: decodeView,
  });
}

/** `PUT /api/mcp/settings`. */
export function setTrustReadOnlyMcpTools(
  http: HttpTransport,
  trust: boolean,
  options: Signal,
): Promise<McpServerList> {
  return http.json("PUT", "/api/mcp/settings", {
    ...options,
    body: { trust_read_only_tools: trust },
    decode: decodeList,
  });
}

/** `POST /api/mcp/prompt-commands`: an MCP prompt typed as `/mcp__server__prompt …`, filled in as message text. */
export function fillMcpPromptCommand(
  http: HttpTransport,
  command: string,
  input: string,
  options: Signal,
): Promise<McpPromptText> {
  return http.json("POST", "/api/mcp/prompt-commands", {
    ...options,
    body: { command, ...(input !== "" && { input }) },
    decode: (value) => decodeWith(McpPromptTextSchema, value),
  });
}
