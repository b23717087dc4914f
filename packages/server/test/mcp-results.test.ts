import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { McpServerListSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import {
  FIXTURE_MCP_SERVER,
  SILENT_WAV_BASE64,
  type SseMcpServer,
  startSseMcpServer,
} from "@parley/testkit/mcp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodeResponse } from "./support/api-checks.ts";
import type { EventStream } from "./support/event-stream.ts";
import {
  expectValidRichMessages,
  resultText,
  startChat,
  storedMessages,
  toolResultsIn,
} from "./support/interactions.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

/**
 * What an MCP call leaves in the conversation, through the real server and real MCP servers: over the SSE
 * transport, audio and structured results, and JSON-RPC failures (MCP_TOOL_TIMEOUT, a closed transport)
 * stored with their codes. Claude Code's MCP_TIMEOUT / MCP_TOOL_TIMEOUT come from the server's environment.
 */

async function storedMcpResult(server: TestServer, sessionId: string, tool: string) {
  const messages = await storedMessages(server, sessionId);
  expectValidRichMessages(messages);
  const found = messages.find(
    (message) =>
      message.rich.kind === "MCPToolResult" &&
      (message.rich.data as { tool_name?: string }).tool_name === tool,
  );
  expect(found, `a stored MCPToolResult of ${tool}`).toBeDefined();
  return found?.rich.data as Record<string, unknown>;
}

describe("MCP results over the SSE transport", () => {
  let sse: SseMcpServer;
  let server: TestServer;
  let events: EventStream;

  beforeAll(async () => {
    sse = await startSseMcpServer();
    const directories = makeDirectories();
    writeFileSync(
      join(directories.home, "mcp.json"),
      JSON.stringify({
        mcpServers: {
          voice: { type: "sse", url: sse.url },
          // A stdio server that never answers `initialize`: MCP_TIMEOUT bounds its start.
          mute: { command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"] },
          fixture: { command: process.execPath, args: [FIXTURE_MCP_SERVER] },
        },
      }),
    );
    server = await startTestServer({
      directories,
      env: { MCP_TIMEOUT: "4000", MCP_TOOL_TIMEOUT: "400" },
      mcp: { restart: { initialMs: 50, maxMs: 200 } },
    });
    events = await server.events();
    await server.server.context.mcp.settled();
    await server.json("POST", "/api/permission-rules", { tool: "mcp__voice", behavior: "allow" });
    await server.json("POST", "/api/permission-rules", { tool: "mcp__fixture", behavior: "allow" });
  });
  afterAll(async () => {
    await events.close();
    await server.dispose();
    await sse.close();
  });
  beforeEach(() => server.fake.reset());

  it("connects to an SSE server, and a server that never answers initialize fails after MCP_TIMEOUT", async () => {
    const list = await decodeResponse(await server.request("GET", "/api/mcp/servers"), McpServerListSchema);
    const byName = Object.fromEntries(list.servers.map((entry) => [entry.name, entry]));
    expect(byName.voice, JSON.stringify(byName.voice)).toMatchObject({ status: "connected" });
    expect(byName.voice?.tools.map((tool) => tool.name).sort()).toEqual(["hang", "measure", "speak"]);
    expect(sse.streams).toBeGreaterThan(0);
    expect(byName.mute?.status).toBe("failed");
    expect(byName.mute?.error).toBe("did not start within 4 s");
  });

  it("stores an audio result with its audio item, and tells the model what it got", async () => {
    server.fake.script(reply().toolCall("mcp__voice__speak", {}), reply().text("Recorded."));
    const chat = await startChat(server, { text: "say it" });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");
    const sent = [...toolResultsIn(server.fake.requests[1]?.body).values()][0];
    expect(resultText(sent?.content)).toBe("Here is the recording.\n[audio (audio/wav), 8044 bytes]");
    const stored = await storedMcpResult(server, chat.session_id, "speak");
    expect(stored).toMatchObject({ server_name: "voice", status: "Success", error: null });
    expect(stored.result).toEqual({
      content: [
        { type: "text", text: "Here is the recording." },
        { type: "audio", data: SILENT_WAV_BASE64, mimeType: "audio/wav" },
      ],
    });
  });

  it("stores a structured result's structuredContent, and the model reads its text", async () => {
    server.fake.script(reply().toolCall("mcp__voice__measure", { word: "parley" }), reply().text("Six."));
    const chat = await startChat(server, { text: "measure parley" });
    await waitForOutcome(events, chat.run_id);
    const sent = [...toolResultsIn(server.fake.requests[1]?.body).values()][0];
    expect(resultText(sent?.content)).toBe('{"letters":6,"vowels":2}');
    const stored = await storedMcpResult(server, chat.session_id, "measure");
    expect(stored.result).toMatchObject({ structuredContent: { letters: 6, vowels: 2 } });
  });

  it("times a call out after MCP_TOOL_TIMEOUT and stores the JSON-RPC timeout code, not only its text", async () => {
    server.fake.script(reply().toolCall("mcp__voice__hang", {}), reply().text("It timed out."));
    const chat = await startChat(server, { text: "hang" });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");
    const sent = [...toolResultsIn(server.fake.requests[1]?.body).values()][0];
    expect(sent?.is_error).toBe(true);
    expect(resultText(sent?.content)).toMatch(/timed out/i);
    const stored = await storedMcpResult(server, chat.session_id, "hang");
    expect(stored).toMatchObject({
      status: "Failed",
      is_error: true,
      error: { code: "mcp_timeout", details: { jsonrpc_code: -32001 }, retryable: true },
      result: { content: [], error: { kind: "mcp_timeout", code: -32001 } },
    });
  });

  it("stores a closed transport's code when the server dies mid-call, and a tool error as one", async () => {
    server.fake.script(reply().toolCall("mcp__fixture__crash", {}), reply().text("It crashed."));
    const crashed = await startChat(server, { text: "crash" });
    await waitForOutcome(events, crashed.run_id);
    expect(await storedMcpResult(server, crashed.session_id, "crash")).toMatchObject({
      status: "Failed",
      error: { code: "mcp_connection_closed", details: { jsonrpc_code: -32000 } },
      result: { error: { kind: "mcp_connection_closed", code: -32000 } },
    });

    await events.waitFor(() => server.server.context.mcp.get("fixture")?.status === "connected");
    server.fake.reset();
    server.fake.script(reply().toolCall("mcp__fixture__fail", {}), reply().text("It failed."));
    const failed = await startChat(server, { text: "fail" });
    await waitForOutcome(events, failed.run_id);
    expect(await storedMcpResult(server, failed.session_id, "fail")).toMatchObject({
      status: "Failed",
      error: { code: "tool_error", message: "the fixture failed on purpose" },
      result: { isError: true, content: [{ type: "text", text: "the fixture failed on purpose" }] },
    });
  });
});
