import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { z } from "zod";

/** A running MCP server over the older SSE transport, for tests. */
export interface SseMcpServer {
  /** The SSE endpoint (`GET`), as an entry's `url` with `type: "sse"` names it. */
  url: string;
  /** How many SSE streams were opened (one per client connection). */
  readonly streams: number;
  close(): Promise<void>;
}

/** One second of silence as 8 kHz 8-bit mono WAV, base64: a real audio item, small enough to store. */
export const SILENT_WAV_BASE64 = wavBase64(8000);

/**
 * An MCP server on 127.0.0.1 speaking the SSE transport (`GET /sse` opens the stream, `POST /messages`
 * carries requests), built with the official SDK. Its tools: `speak` answers with audio content, `measure`
 * with `structuredContent` matching its output schema (and the same as text), `hang` never answers.
 */
export async function startSseMcpServer(): Promise<SseMcpServer> {
  const transports = new Map<string, SSEServerTransport>();
  let streams = 0;
  const http: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method === "GET" && url.pathname === "/sse") {
      streams += 1;
      const transport = new SSEServerTransport("/messages", response);
      transports.set(transport.sessionId, transport);
      response.on("close", () => transports.delete(transport.sessionId));
      await sseToolServer().connect(transport);
      return;
    }
    const transport = transports.get(url.searchParams.get("sessionId") ?? "");
    if (request.method === "POST" && url.pathname === "/messages" && transport !== undefined) {
      await transport.handlePostMessage(request, response);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sse`,
    get streams() {
      return streams;
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

function sseToolServer(): McpServer {
  const server = new McpServer({ name: "sse-fixture", version: "1.0.0" });
  server.registerTool(
    "speak",
    {
      title: "Say it aloud",
      description: "Answers with a second of audio",
      annotations: { readOnlyHint: true },
    },
    async () => ({
      content: [
        { type: "text", text: "Here is the recording." },
        { type: "audio", data: SILENT_WAV_BASE64, mimeType: "audio/wav" },
      ],
    }),
  );
  server.registerTool(
    "measure",
    {
      title: "Measure a word",
      description: "Counts a word's letters and vowels",
      inputSchema: { word: z.string() },
      outputSchema: { letters: z.number(), vowels: z.number() },
    },
    async ({ word }) => {
      const measured = { letters: word.length, vowels: (word.match(/[aeiou]/gi) ?? []).length };
      return { content: [{ type: "text", text: JSON.stringify(measured) }], structuredContent: measured };
    },
  );
  server.registerTool("hang", { description: "Never answers" }, () => new Promise(() => {}));
  return server;
}

function wavBase64(samples: number): string {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]).toString("base64");
}
