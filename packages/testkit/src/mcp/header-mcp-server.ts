import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

/** A running Streamable HTTP MCP server for tests. */
export interface HeaderMcpServer {
  url: string;
  /** Requests refused for a missing or wrong header. */
  refused: number;
  /** The headers of every request it received, refused or not, in order. */
  received: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/**
 * A Streamable HTTP MCP server on 127.0.0.1 (the official SDK's McpServer, stateless) that answers only
 * requests carrying `header: value`, as servers behind an API key do; others get 401. Its one tool,
 * `whoami`, says which header value it saw.
 */
export async function startHeaderMcpServer(header: string, value: string): Promise<HeaderMcpServer> {
  const state = { refused: 0 };
  const received: IncomingHttpHeaders[] = [];
  const http: Server = createServer(async (request, response) => {
    received.push(request.headers);
    if (request.headers[header.toLowerCase()] !== value) {
      state.refused += 1;
      response.writeHead(401, { "content-type": "application/json" }).end('{"error":"missing key"}');
      return;
    }
    const server = new McpServer({ name: "keyed", version: "1.0.0" });
    server.registerTool("whoami", { description: "Says which key it saw" }, async () => ({
      content: [{ type: "text", text: `you sent ${value}` }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    get refused() {
      return state.refused;
    },
    received,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** The stdio fixture server's script (run it with `node`). */
export const FIXTURE_MCP_SERVER = new URL("./fixture-mcp-server.mjs", import.meta.url).pathname;
