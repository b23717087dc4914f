import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  AgentReplySchema,
  ChatHistoryResponseSchema,
  MessagePageSchema,
  SessionSummarySchema,
} from "@parley/protocol";
import { codexConfigToml, hang, reply } from "@parley/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, expectApiError } from "./support/api-checks.ts";
import type { EventStream } from "./support/event-stream.ts";
import { startChat } from "./support/interactions.ts";
import { eventsOfType, waitForOutcome } from "./support/server-events.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

/**
 * Sessions answered by an external agent CLI: the real Codex binary (interop/codex, installed by the
 * pretest step) offline against the same fake model server, through the same queue, event log and history.
 */

const codex = fileURLToPath(
  new URL("../../../interop/codex/node_modules/@openai/codex/bin/codex.js", import.meta.url),
);

// Each message starts the real Codex binary; on a busy machine that takes a few seconds.
describe("a session backed by an agent CLI", { timeout: 60_000 }, () => {
  let server: TestServer;
  let events: EventStream;
  beforeAll(async () => {
    const directories = makeDirectories();
    const codexHome = join(directories.home, "codex");
    mkdirSync(codexHome);
    server = await startTestServer({
      directories,
      env: {
        CODEX_HOME: codexHome,
        FAKE_API_KEY: "sk-fake",
        PARLEY_CODEX_COMMAND: codex,
        PARLEY_GEMINI_COMMAND: "/nonexistent/gemini",
      },
    });
    writeFileSync(join(codexHome, "config.toml"), codexConfigToml(server.fake.openaiBaseUrl));
    events = await server.events();
  });
  afterAll(async () => {
    await events.close();
    await server.dispose();
  });

  const newSession = async (body: Record<string, unknown>) =>
    decodeResponse(await server.request("POST", "/api/sessions", { body }), SessionSummarySchema, 201);

  it("is created with its backend, and an unknown backend is refused naming the field", async () => {
    expect(await newSession({ title: "Via Codex", backend: "codex" })).toMatchObject({ backend: "codex" });
    expect(await newSession({})).toMatchObject({ backend: "parley" });
    await expectApiError(
      await server.request("POST", "/api/sessions", { body: { backend: "cobol" } }),
      400,
      "invalid_request",
      "body.backend",
    );
  });

  it("answers through Codex: the tool call and the answer are stored, streamed as events and in the history", async () => {
    const session = await newSession({ backend: "codex" });
    server.fake.script(
      reply().toolCall("exec_command", { cmd: "echo tool-ok" }),
      reply().text("The tool said ok."),
    );

    const agentReply = await decodeResponse(
      await server.request("POST", `/api/sessions/${session.id}/messages`, {
        body: { text: "Run the tool" },
      }),
      AgentReplySchema,
    );
    expect(agentReply.responses?.map((part) => part.type)).toEqual(["tool", "tool", "final"]);
    expect(agentReply.responses?.[0]?.callId).toBe(agentReply.responses?.[1]?.callId);
    expect(agentReply.responses?.at(-1)?.text).toBe("The tool said ok.");
    expect(server.fake.requests.at(-1)?.route).toBe("openai_responses");

    const page = await decodeResponse(
      await server.request("GET", `/api/sessions/${session.id}/messages`),
      MessagePageSchema,
    );
    expect(page.messages.map((message) => [message.role, message.rich.kind])).toEqual([
      ["user", "Text"],
      ["assistant", "ToolRequest"],
      ["assistant", "ToolResult"],
      ["assistant", "Text"],
    ]);
    expect(page.messages[1]?.rich.data).toMatchObject({
      tool_name: "shell",
      requires_approval: false,
      reason: "Codex ran this under its own permission settings; Parley shows it and does not decide it.",
    });
    expect(page.messages[2]?.rich.data).toMatchObject({
      status: "Success",
      output: expect.stringContaining("tool-ok"),
    });

    const runId = page.messages[3]?.run_id ?? "";
    expect(await waitForOutcome(events, runId)).toMatchObject({ outcome: "success" });
    const segments = eventsOfType(events.frames, "TextSegment").filter((event) => event.run_id === runId);
    expect(segments.map((event) => event.text)).toEqual(["The tool said ok."]);

    const history = await decodeResponse(
      await server.request("GET", `/api/sessions/${session.id}/history`),
      ChatHistoryResponseSchema,
    );
    expect(history.messages.map((message) => [message.role, message.type])).toEqual([
      ["user", "text"],
      ["assistant", "tool_use"],
      ["assistant", "tool"],
      ["assistant", "text"],
    ]);
    expect(history.messages[1]?.callId).toBe(agentReply.responses?.[0]?.callId);

    // The next message continues Codex's own session: the model sees the first turn again.
    server.fake.script(reply().text("Still here."));
    const second = await decodeResponse(
      await server.request("POST", `/api/sessions/${session.id}/messages`, {
        body: { text: "Still there?" },
      }),
      AgentReplySchema,
    );
    expect(second.response).toBe("Still here.");
    expect(JSON.stringify(server.fake.requests.at(-1)?.body)).toContain("The tool said ok.");
  });

  it("stops the CLI when its run is cancelled, and takes the next message afterwards", async () => {
    const session = await newSession({ backend: "codex" });
    server.fake.script(hang("codex-waits"));
    const chat = await startChat(server, { session_id: session.id, text: "Take your time" });
    await server.fake.waitForGate("codex-waits");
    await server.json("POST", "/api/agent-cancel", { run_id: chat.run_id });
    expect(await waitForOutcome(events, chat.run_id)).toMatchObject({ outcome: "cancelled" });
    // Codex hung up: the held model stream was abandoned by a process that no longer exists.
    expect(await server.fake.waitForResponseEnd(server.fake.requests.length - 1)).toBe("client_aborted");

    server.fake.script(reply().text("Back again."));
    const agentReply = await decodeResponse(
      await server.request("POST", `/api/sessions/${session.id}/messages`, { body: { text: "Hello?" } }),
      AgentReplySchema,
    );
    expect(agentReply.response).toBe("Back again.");
  });

  it("reports the files the CLI changed as the run's change report", async () => {
    const session = await newSession({ backend: "codex" });
    server.fake.script(
      reply().toolCall("exec_command", { cmd: "printf 'from codex\\n' > notes.txt" }),
      reply().text("Wrote notes.txt."),
    );
    await server.request("POST", `/api/sessions/${session.id}/messages`, { body: { text: "Write notes" } });
    const page = await decodeResponse(
      await server.request("GET", `/api/sessions/${session.id}/messages`),
      MessagePageSchema,
    );
    const runId = page.messages.at(-1)?.run_id ?? "";
    const [report] = eventsOfType(events.frames, "ChangeReport").filter((event) => event.run_id === runId);
    expect(report?.files).toEqual([
      expect.objectContaining({
        path: "notes.txt",
        change: "added",
        diff: expect.stringContaining("+from codex"),
      }),
    ]);
    expect(
      page.messages.some((message) => message.id === report?.message_id && message.role === "system"),
    ).toBe(true);
  });

  it("lists the agent CLIs with their status, and Codex's own sessions for this project", async () => {
    const statuses = await server.json<{ name: string; availability: string; version: string | null }[]>(
      "GET",
      "/api/agent-clis",
    );
    expect(statuses.map((status) => status.name)).toEqual(["claude-code", "opencode", "codex", "gemini"]);
    expect(statuses.find((status) => status.name === "codex")).toMatchObject({
      availability: "installed",
      version: "0.169.0",
    });
    expect(statuses.find((status) => status.name === "gemini")).toMatchObject({ availability: "missing" });
    const sessions = await server.json<{ id: string; title: string }[]>(
      "GET",
      "/api/agent-clis/codex/sessions",
    );
    expect(sessions.map((session) => session.title)).toContain("Run the tool");
  });

  it("imports a Codex session with its history and continues it", async () => {
    const listed = await server.json<{ id: string; title: string }[]>(
      "GET",
      "/api/agent-clis/codex/sessions",
    );
    const latest = listed.find((session) => session.title === "Run the tool");
    const imported = await decodeResponse(
      await server.request("POST", `/api/agent-clis/codex/sessions/${latest?.id}/import`, { body: {} }),
      SessionSummarySchema,
      201,
    );
    expect(imported).toMatchObject({ backend: "codex", title: "Run the tool" });
    const page = await decodeResponse(
      await server.request("GET", `/api/sessions/${imported.id}/messages`),
      MessagePageSchema,
    );
    expect(page.messages.map((message) => [message.role, message.rich.kind])).toEqual([
      ["user", "Text"],
      ["assistant", "ToolRequest"],
      ["assistant", "ToolResult"],
      ["assistant", "Text"],
      ["user", "Text"],
      ["assistant", "Text"],
    ]);
    // Each answer is one turn, as a live run's is, and the tool's result is named after its call.
    const runs = page.messages.map((message) => message.run_id);
    expect(runs[0]).toBeNull();
    expect(new Set(runs.slice(1, 4)).size).toBe(1);
    expect(runs[1]).toMatch(/^run_/);
    expect(runs[5]).not.toBe(runs[1]);
    expect(page.messages[2]?.rich.data).toMatchObject({ tool_name: "exec_command" });
    server.fake.script(reply().text("Continuing."));
    const next = await decodeResponse(
      await server.request("POST", `/api/sessions/${imported.id}/messages`, { body: { text: "Go on" } }),
      AgentReplySchema,
    );
    expect(next.response).toBe("Continuing.");
    expect(JSON.stringify(server.fake.requests.at(-1)?.body)).toContain("Still here.");
    await expectApiError(
      await server.request("POST", "/api/agent-clis/codex/sessions/no-such-thread/import", { body: {} }),
      404,
      "not_found",
    );
  });

  it("streams the CLI's reasoning as thinking and reports it as a thinking part", async () => {
    const session = await newSession({ backend: "codex" });
    server.fake.script(reply().thinking("Weighing the options.").text("Decided."));
    const agentReply = await decodeResponse(
      await server.request("POST", `/api/sessions/${session.id}/messages`, { body: { text: "Decide" } }),
      AgentReplySchema,
    );
    expect(agentReply.responses?.map((part) => part.type)).toEqual(["thinking", "final"]);
    expect(agentReply.responses?.[0]?.text).toContain("Weighing the options.");
    const tokens = eventsOfType(events.frames, "Token").filter(
      (event) => event.thinking && event.message_id === agentReply.responses?.[1]?.partId,
    );
    expect(tokens.map((event) => event.token).join("")).toContain("Weighing the options.");
  });

  it("runs the CLI with the model the session chose", async () => {
    const session = await newSession({ backend: "codex", backend_model: "fake-model-large" });
    expect(session).toMatchObject({ backend_model: "fake-model-large", backend_agent: null });
    server.fake.script(reply().text("From the large model."));
    const agentReply = await decodeResponse(
      await server.request("POST", `/api/sessions/${session.id}/messages`, {
        body: { text: "Which model?" },
      }),
      AgentReplySchema,
    );
    expect(agentReply.response).toBe("From the large model.");
    expect(server.fake.requests.at(-1)?.body).toMatchObject({ model: "fake-model-large" });
    // The header shows the model Codex says it answered with (from its rollout file).
    const sessions = (await (await server.request("GET", "/api/sessions")).json()) as {
      sessions: { id: string; backend_reported_model?: string | null }[];
    };
    expect(sessions.sessions.find((listed) => listed.id === session.id)?.backend_reported_model).toBe(
      "fake-model-large",
    );
  });

  it("reports a CLI that is not installed as the run's error", async () => {
    const session = await newSession({ backend: "gemini" });
    const agentReply = await decodeResponse(
      await server.request("POST", `/api/sessions/${session.id}/messages`, { body: { text: "Hello?" } }),
      AgentReplySchema,
    );
    expect(agentReply.response).toBe(
      'Gemini CLI is not installed: the command "/nonexistent/gemini" was not found',
    );
  });
});
