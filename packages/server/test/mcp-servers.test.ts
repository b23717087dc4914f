import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Approval, type McpServerList, McpServerListSchema, type McpServerView } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { FIXTURE_MCP_SERVER, startHeaderMcpServer } from "@parley/testkit/mcp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodeResponse, expectApiError } from "./support/api-checks.ts";
import type { EventStream } from "./support/event-stream.ts";
import {
  expectChatAnswers,
  expectValidRichMessages,
  resultText,
  startChat,
  storedMessages,
  toolResultsIn,
  waitForRich,
} from "./support/interactions.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

/** The MCP servers of the user's mcp.json and the project's .mcp.json, through Parley's server and API. */

const fixture = (extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [FIXTURE_MCP_SERVER],
  ...extra,
});

function writeJson(file: string, value: unknown): void {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

async function servers(server: TestServer): Promise<McpServerList> {
  await server.server.context.mcp.settled();
  return decodeResponse(await server.request("GET", "/api/mcp/servers"), McpServerListSchema);
}

async function serverNamed(server: TestServer, name: string): Promise<McpServerView> {
  const found = (await servers(server)).servers.find((candidate) => candidate.name === name);
  expect(found, `server ${name} is listed`).toBeDefined();
  return found as McpServerView;
}

/** Waits for the pending MCP approval card of a run and returns its approval. */
async function pendingMcpApproval(server: TestServer, events: EventStream, runId: string): Promise<Approval> {
  const card = await waitForRich(
    events,
    "MCPToolRequest",
    (data, event) => event.run_id === runId && data.approval_status === "Pending",
  );
  const { approvals } = await server.json<{ approvals: Approval[] }>(
    "GET",
    `/api/approvals?session_id=${card.event.session_id}&state=pending`,
  );
  const approval = approvals.find((candidate) => candidate.id === card.data.approval_id);
  expect(approval).toBeDefined();
  return approval as Approval;
}

describe("MCP servers in the server", () => {
  let server: TestServer;
  let events: EventStream;
  const directories = makeDirectories();
  const marker = join(directories.project, "..", "project-server-started");

  beforeAll(async () => {
    writeJson(join(directories.home, "mcp.json"), {
      // `timeout` (ms) bounds each call to this server, as in Claude Code's config.
      mcpServers: { fixture: fixture({ timeout: 2_500 }) },
      somethingElse: { kept: true },
    });
    writeJson(join(directories.project, ".mcp.json"), {
      mcpServers: { repo: fixture({ env: { FIXTURE_MCP_MARKER: marker } }) },
    });
    server = await startTestServer({
      directories,
      mcp: { timeouts: { startupMs: 10_000, callMs: 120_000 }, restart: { initialMs: 50, maxMs: 200 } },
    });
    events = await server.events();
  });
  afterAll(async () => {
    await events.close();
    await server.dispose();
  });
  beforeEach(() => server.fake.reset());

  it("lists a user server as connected with its tools, annotations, prompts and resources", async () => {
    const fixtureServer = await serverNamed(server, "fixture");
    expect(fixtureServer).toMatchObject({
      source: "user",
      transport: "stdio",
      status: "connected",
      server_info: { name: "fixture", version: "1.2.3" },
      has_resources: true,
      prompts: [{ name: "review", command: "/mcp__fixture__review" }],
    });
    expect(fixtureServer.tools.find((tool) => tool.name === "lookup")).toMatchObject({
      model_name: "mcp__fixture__lookup",
      title: "Look up a word",
      annotations: { readOnlyHint: true },
    });
    expect(fixtureServer.stderr).toContain("fixture MCP server: started");
  });

  it("never starts a project .mcp.json server before the user approves it, then starts it", async () => {
    const repo = await serverNamed(server, "repo");
    expect(repo).toMatchObject({ source: "project", status: "needs_approval", tools: [] });
    expect(existsSync(marker)).toBe(false);
    // The model is not offered its tools either.
    server.fake.script(reply().text("ok"));
    const chat = await startChat(server, { text: "hello" });
    await waitForOutcome(events, chat.run_id);
    const lastRequest = server.fake.requests.at(-1)?.body as { tools?: { name: string }[] } | undefined;
    const offered = lastRequest?.tools ?? [];
    expect(offered.map((tool) => tool.name)).toContain("mcp__fixture__lookup");
    expect(offered.map((tool) => tool.name)).not.toContain("mcp__repo__lookup");

    await server.json("POST", "/api/mcp/servers/repo/approve", { digest: repo.consent?.digest });
    expect(await serverNamed(server, "repo")).toMatchObject({ status: "connected" });
    expect(existsSync(marker)).toBe(true);
  });

  it("asks before an MCP call on a card naming the server, and the result reaches the model and the history", async () => {
    server.fake.script(
      reply().toolCall("mcp__fixture__wipe", { table: "users" }),
      reply().text("The table is wiped."),
    );
    const chat = await startChat(server, { text: "wipe users" });
    const approval = await pendingMcpApproval(server, events, chat.run_id);
    expect(approval).toMatchObject({
      tool_name: "mcp__fixture__wipe",
      suggested_rule: { tool: "mcp__fixture__wipe", behavior: "allow" },
    });
    const pending = (await storedMessages(server, chat.session_id)).find(
      (message) => message.id === approval.message_id,
    );
    expect(pending?.rich).toMatchObject({
      kind: "MCPToolRequest",
      data: {
        server_name: "fixture",
        tool_name: "wipe",
        model_tool_name: "mcp__fixture__wipe",
        arguments: { table: "users" },
        approval_status: "Pending",
        title: "Wipe the table",
        description: "Deletes every row of a table",
        annotations: { destructiveHint: true },
        server_icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      },
    });
    expect(server.fake.requests).toHaveLength(1);

    await server.json("POST", `/api/approvals/${approval.id}`, { decision: "approve" });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");
    const results = toolResultsIn(server.fake.requests[1]?.body);
    expect(resultText([...results.values()][0]?.content)).toBe("wiped users");

    const messages = await storedMessages(server, chat.session_id);
    expectValidRichMessages(messages);
    expect(messages.find((message) => message.rich.kind === "MCPToolResult")?.rich).toMatchObject({
      data: {
        server_name: "fixture",
        tool_name: "wipe",
        request_id: approval.message_id,
        status: "Success",
        output: "wiped users",
        result: { content: [{ type: "text", text: "wiped users" }] },
        duration_ms: expect.any(Number),
      },
    });
    expect(messages.find((message) => message.id === approval.message_id)?.rich.data).toMatchObject({
      approval_status: "Approved",
      decided_by: "user",
    });
  });

  it("'always allow this server' saves mcp__fixture, so its other tools then run without asking", async () => {
    server.fake.script(reply().toolCall("mcp__fixture__lookup", { word: "mcp" }), reply().text("Found."));
    const first = await startChat(server, { text: "look up mcp" });
    const approval = await pendingMcpApproval(server, events, first.run_id);
    await server.json("POST", `/api/approvals/${approval.id}`, {
      decision: "approve_always",
      always_scope: "server",
    });
    await waitForOutcome(events, first.run_id);
    const { rules } = await server.json<{ rules: { tool: string; behavior: string }[] }>(
      "GET",
      "/api/permission-rules",
    );
    expect(rules).toContainEqual(expect.objectContaining({ tool: "mcp__fixture", behavior: "allow" }));

    server.fake.script(reply().toolCall("mcp__fixture__wipe", { table: "logs" }), reply().text("Done."));
    const second = await startChat(server, { text: "wipe logs", session_id: first.session_id });
    expect((await waitForOutcome(events, second.run_id)).outcome).toBe("success");
    const card = (await storedMessages(server, second.session_id)).find(
      (message) =>
        message.run_id === second.run_id &&
        message.rich.kind === "MCPToolRequest" &&
        (message.rich.data as { tool_name?: string }).tool_name === "wipe",
    );
    expect(card?.rich.data).toMatchObject({ approval_status: "AutoApproved", decided_by: "policy" });

    // The first approval was answered once and for all.
    await expectApiError(
      await server.request("POST", `/api/approvals/${approval.id}`, { body: { decision: "approve" } }),
      409,
      "conflict",
    );
    const deleted = rules.find((rule) => rule.tool === "mcp__fixture") as unknown as { id: string };
    await server.json("DELETE", `/api/permission-rules/${deleted.id}`);
  });

  it("runs tools that declare readOnlyHint without asking once the user trusts reads, and still asks for others", async () => {
    await server.json("PUT", "/api/mcp/settings", { trust_read_only_tools: true });
    server.fake.script(
      reply().toolCall("mcp__fixture__lookup", { word: "trust" }),
      reply().toolCall("mcp__fixture__wipe", { table: "t" }),
      reply().text("Stopped."),
    );
    const chat = await startChat(server, { text: "look up, then wipe" });
    const approval = await pendingMcpApproval(server, events, chat.run_id);
    expect(approval.tool_name).toBe("mcp__fixture__wipe");
    await server.json("POST", `/api/approvals/${approval.id}`, { decision: "reject", feedback: "no" });
    await waitForOutcome(events, chat.run_id);
    const lookup = (await storedMessages(server, chat.session_id)).find(
      (message) =>
        message.rich.kind === "MCPToolRequest" &&
        (message.rich.data as { tool_name?: string }).tool_name === "lookup",
    );
    expect(lookup?.rich.data).toMatchObject({ approval_status: "AutoApproved", decided_by: "policy" });
    await server.json("PUT", "/api/mcp/settings", { trust_read_only_tools: false });
  });

  it("reports an isError result to the model as an error and the run goes on", async () => {
    await server.json("POST", "/api/permission-rules", { tool: "mcp__fixture__fail", behavior: "allow" });
    server.fake.script(reply().toolCall("mcp__fixture__fail", {}), reply().text("It failed, moving on."));
    const chat = await startChat(server, { text: "fail" });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");
    const [result] = [...toolResultsIn(server.fake.requests[1]?.body).values()];
    expect(result).toMatchObject({ is_error: true });
    expect(resultText(result?.content)).toBe("the fixture failed on purpose");
    const stored = (await storedMessages(server, chat.session_id)).find(
      (message) => message.rich.kind === "MCPToolResult",
    );
    expect(stored?.rich.data).toMatchObject({
      status: "Failed",
      is_error: true,
      error: { code: "tool_error" },
    });
  });

  it("times out a call the server never answers after the server's own timeout, tells the model, and goes on", async () => {
    await server.json("POST", "/api/permission-rules", { tool: "mcp__fixture__hang", behavior: "allow" });
    server.fake.script(reply().toolCall("mcp__fixture__hang", {}), reply().text("It timed out."));
    const chat = await startChat(server, { text: "hang" });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");
    const [result] = [...toolResultsIn(server.fake.requests[1]?.body).values()];
    expect(result?.is_error).toBe(true);
    expect(resultText(result?.content)).toMatch(/timed out/i);
  });

  it("reads a resource as an MCPResource message and fills in a prompt for the composer", async () => {
    server.fake.script(
      reply().toolCall("ReadMcpResource", { server: "fixture", uri: "fixture://readme" }),
      reply().text("Read it."),
    );
    const chat = await startChat(server, { text: "read the readme" });
    await waitForOutcome(events, chat.run_id);
    const resource = (await storedMessages(server, chat.session_id)).find(
      (message) => message.rich.kind === "MCPResource",
    );
    expect(resource?.rich.data).toEqual({
      server_name: "fixture",
      uri: "fixture://readme",
      mime_type: "text/plain",
      text: "The fixture server's readme.",
    });
    expect(resultText([...toolResultsIn(server.fake.requests[1]?.body).values()][0]?.content)).toBe(
      "The fixture server's readme.",
    );
    const fill = (body: Record<string, unknown>) => server.json("POST", "/api/mcp/prompt-commands", body);
    expect(await fill({ command: "/mcp__fixture__review", input: "src/app.ts" })).toEqual({
      text: "Please review src/app.ts carefully.",
    });
    expect(await fill({ command: "/mcp__fixture__review", input: 'file="my notes.md"' })).toEqual({
      text: "Please review my notes.md carefully.",
    });
    await expectApiError(
      await server.request("POST", "/api/mcp/prompt-commands", {
        body: { command: "/mcp__fixture__review" },
      }),
      400,
      "invalid_request",
      "body.input",
    );
    await expectApiError(
      await server.request("POST", "/api/mcp/prompt-commands", { body: { command: "/mcp__nope__x" } }),
      400,
      "invalid_request",
    );
  });

  it("fails a call whose server crashed mid-call with a clear error, and restarts the server", async () => {
    await server.json("POST", "/api/permission-rules", { tool: "mcp__fixture__crash", behavior: "allow" });
    server.fake.script(reply().toolCall("mcp__fixture__crash", {}), reply().text("It crashed."));
    const chat = await startChat(server, { text: "crash" });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");
    const [result] = [...toolResultsIn(server.fake.requests[1]?.body).values()];
    expect(result?.is_error).toBe(true);
    expect(resultText(result?.content)).toMatch(/closed/i);
    // Restarted with backoff: connected again, with a restart counted.
    // Each status change is announced on the event stream, so the check runs again as each one arrives.
    await events.waitFor(() => server.server.context.mcp.get("fixture")?.status === "connected");
    expect((await serverNamed(server, "fixture")).restarts).toBe(1);
  });

  it("adds, disables, enables and removes a server in the user's mcp.json, keeping its other keys", async () => {
    await server.json("PUT", "/api/mcp/servers/second", { config: fixture() });
    expect(await serverNamed(server, "second")).toMatchObject({ source: "user", status: "connected" });
    const file = JSON.parse(readFileSync(join(directories.home, "mcp.json"), "utf8"));
    expect(file.somethingElse).toEqual({ kept: true });
    expect(Object.keys(file.mcpServers)).toEqual(["fixture", "second"]);

    await server.json("PATCH", "/api/mcp/servers/second", { enabled: false });
    expect(await serverNamed(server, "second")).toMatchObject({ status: "disabled", tools: [] });
    await server.json("PATCH", "/api/mcp/servers/second", { enabled: true });
    expect(await serverNamed(server, "second")).toMatchObject({ status: "connected" });

    await server.json("DELETE", "/api/mcp/servers/second");
    expect((await servers(server)).servers.map((candidate) => candidate.name)).not.toContain("second");
    await expectApiError(await server.request("DELETE", "/api/mcp/servers/repo"), 409, "conflict");
    await expectApiError(await server.request("DELETE", "/api/mcp/servers/nope"), 404, "not_found");
    await expectApiError(
      await server.request("PUT", "/api/mcp/servers/bad", {
        body: { config: { type: "http", url: "not a url" } },
      }),
      400,
      "invalid_request",
    );
  });
});

describe("MCP configuration that is wrong", () => {
  it("shows a file that is not JSON, an unknown transport and a missing command, and the chat still answers", async () => {
    const directories = makeDirectories();
    writeFileSync(join(directories.project, ".mcp.json"), "{ not json");
    writeJson(join(directories.home, "mcp.json"), {
      mcpServers: {
        pigeon: { type: "carrier-pigeon", url: "http://127.0.0.1:1" },
        missing: { command: "/no/such/mcp-server" },
      },
    });
    const server = await startTestServer({ directories, mcp: { timeouts: { startupMs: 5_000 } } });
    try {
      const list = await servers(server);
      expect(list.problems).toEqual([
        {
          source: "project",
          file: join(directories.project, ".mcp.json"),
          error: expect.stringMatching(/^not valid JSON/),
        },
      ]);
      const byName = Object.fromEntries(list.servers.map((entry) => [entry.name, entry]));
      expect(byName.pigeon).toMatchObject({
        status: "failed",
        transport: "unknown",
        error: 'unknown transport "carrier-pigeon" (use stdio, http or sse)',
      });
      expect(byName.missing).toMatchObject({ status: "failed", error: expect.stringContaining("ENOENT") });
      await expectChatAnswers(server);
    } finally {
      await server.dispose();
    }
  });
});

describe("remote MCP servers", () => {
  it("connects to a Streamable HTTP server with the configured header (its environment variable expanded) and calls its tool", async () => {
    const keyed = await startHeaderMcpServer("x-api-key", "sekret");
    const directories = makeDirectories();
    writeJson(join(directories.home, "mcp.json"), {
      mcpServers: {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's ${VAR} syntax, expanded by Parley
        keyed: { type: "http", url: keyed.url, headers: { "x-api-key": "${KEYED_API_KEY}" } },
        nokey: { type: "http", url: keyed.url },
      },
    });
    const server = await startTestServer({
      directories,
      env: { KEYED_API_KEY: "sekret" },
      mcp: { timeouts: { startupMs: 5_000 } },
    });
    try {
      const byName = Object.fromEntries((await servers(server)).servers.map((entry) => [entry.name, entry]));
      expect(byName.keyed).toMatchObject({ status: "connected", tools: [{ name: "whoami" }] });
      expect(byName.nokey?.status).toBe("failed");
      expect(keyed.refused).toBeGreaterThan(0);
      await server.json("POST", "/api/permission-rules", { tool: "mcp__keyed", behavior: "allow" });
      const events = await server.events();
      server.fake.script(reply().toolCall("mcp__keyed__whoami", {}), reply().text("ok"));
      const chat = await startChat(server, { text: "who am i" });
      await waitForOutcome(events, chat.run_id);
      expect(resultText([...toolResultsIn(server.fake.requests[1]?.body).values()][0]?.content)).toBe(
        "you sent sekret",
      );
      await events.close();
    } finally {
      await server.dispose();
      await keyed.close();
    }
  });
});

describe("a chat sent while MCP servers are still starting", () => {
  it("waits for them, so the model is offered their tools from the first turn", async () => {
    const directories = makeDirectories();
    writeJson(join(directories.home, "mcp.json"), { mcpServers: { fixture: fixture() } });
    const server = await startTestServer({ directories, mcp: { timeouts: { startupMs: 10_000 } } });
    try {
      const events = await server.events();
      server.fake.script(reply().text("Hello."));
      const chat = await startChat(server, { text: "hello" });
      await waitForOutcome(events, chat.run_id);
      const body = server.fake.requests[0]?.body as { tools?: { name: string }[] } | undefined;
      expect(body?.tools?.map((tool) => tool.name)).toContain("mcp__fixture__lookup");
      await events.close();
    } finally {
      await server.dispose();
    }
  });
});
