import { z } from "zod";
import { defineTool, type EngineTool } from "../tools/engine-tool.ts";
import type { McpConnection, McpResourceContents } from "./mcp-connection.ts";

/** The names Claude Code gives its resource tools, so prompts written for it work here. */
export const LIST_MCP_RESOURCES = "ListMcpResources";
export const READ_MCP_RESOURCE = "ReadMcpResource";

/** What `ReadMcpResource` returns to its host besides the model's text: the resource, for an MCPResource card. */
export interface McpResourceRead {
  server: string;
  uri: string;
  contents: McpResourceContents[];
}

/** Longest text of one resource the model gets (the card keeps what the server sent). */
const MODEL_TEXT_LIMIT = 50_000;

/**
 * `ListMcpResources` and `ReadMcpResource` over the servers that are connected when the call runs. Both only
 * read from servers the user already started, so they run without approval; a server that is not
 * connected or does not offer resources is an error the model sees, and the turn goes on.
 */
export function mcpResourceTools(
  connections: () => readonly McpConnection[],
  timeoutMs: number,
): EngineTool[] {
  const byName = (server: string) => {
    const connection = connections().find((candidate) => candidate.name === server);
    if (connection === undefined) throw new Error(`there is no MCP server named "${server}"`);
    if (!connection.capabilities.resources) throw new Error(`the MCP server ${server} offers no resources`);
    return connection;
  };
  const list = defineTool({
    name: LIST_MCP_RESOURCES,
    description:
      "Lists the resources (files, records, documents) that the connected MCP servers expose, with their URIs. " +
      "Give `server` to list one server's resources.",
    inputSchema: z.object({ server: z.string().optional().describe("The MCP server's name") }),
    requiresApproval: false,
    execute: async (input, context) => {
      const servers =
        input.server !== undefined
          ? [byName(input.server)]
          : connections().filter(
              (connection) => connection.state === "connected" && connection.capabilities.resources,
            );
      const listed = await Promise.all(
        servers.map(async (connection) => ({
          server: connection.name,
          resources: await connection.listResources(context.signal, timeoutMs),
        })),
      );
      const lines = listed.flatMap(({ server, resources }) =>
        resources.map(
          (resource) =>
            `${server}: ${resource.uri} — ${resource.title ?? resource.name}${resource.mimeType ? ` (${resource.mimeType})` : ""}${resource.description ? `: ${resource.description}` : ""}`,
        ),
      );
      return {
        content: lines.length > 0 ? lines.join("\n") : "No MCP server lists any resource.",
        data: listed,
      };
    },
  });
  const read = defineTool({
    name: READ_MCP_RESOURCE,
    description: "Reads one resource of a connected MCP server by its URI (from ListMcpResources).",
    inputSchema: z.object({
      server: z.string().min(1).describe("The MCP server's name"),
      uri: z.string().min(1).describe("The resource's URI"),
    }),
    requiresApproval: false,
    execute: async (input, context) => {
      const contents = await byName(input.server).readResource(input.uri, context.signal, timeoutMs);
      const text = contents
        .map((item) =>
          item.text !== undefined
            ? item.text.slice(0, MODEL_TEXT_LIMIT)
            : `[${item.mimeType ?? "binary"} content of ${item.uri}]`,
        )
        .join("\n");
      const data: McpResourceRead = { server: input.server, uri: input.uri, contents };
      return { content: text, data };
    },
  });
  return [list, read] as EngineTool[];
}
