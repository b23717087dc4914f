import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  ApprovalSchema,
  ModelListResultSchema,
  type PermissionRuleRecord,
  SessionListSchema,
  SessionSummarySchema,
} from "@parley/protocol";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodeResponse } from "./support/api-checks.ts";
import type { EventStream } from "./support/event-stream.ts";
import { startChat, storedMessages, waitForPendingApproval } from "./support/interactions.ts";
import { realCliEnvironment } from "./support/real-agent-clis.ts";
import { waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

/**
 * Gemini CLI (its settings choosing ACP) and OpenCode (ACP by default), the real binaries, answering sessions
 * over the Agent Client Protocol through the server (offline against the fake model): a write the CLI asks about is a Parley approval card, the file is
 * written only once the person approves, a rejection reaches the agent, "Always allow" saves a project rule
 * that answers the next request unasked, and a cancel stops the CLI's turn.
 */

const directories = makeDirectories();
let fake: FakeModelServer;
let server: TestServer;
let events: EventStream;

beforeAll(async () => {
  fake = await startFakeModelServer();
  // Gemini CLI answers over its headless stream unless the person's settings choose ACP; OpenCode uses ACP.
  writeFileSync(
    join(directories.home, "settings.json"),
    JSON.stringify({ agent_clis: { gemini: { protocol: "acp" } } }),
  );
  server = await startTestServer({ directories, fake, env: realCliEnvironment(directories.project, fake) });
  events = await server.events();
});
afterAll(async () => {
  await events?.close();
  await server?.dispose();
  await fake?.close();
});

const CLIS = [
  {
    name: "Gemini CLI",
    session: { backend: "gemini", backend_model: "gemini-2.5-flash" },
    write: (path: string, content: string) => reply().toolCall("write_file", { file_path: path, content }),
    tool: "write_file",
    rule: "gemini:edit",
    // Chosen for the session: Gemini CLI reports the model it was started with.
    reportedModel: "gemini-2.5-flash",
    listedModel: "gemini-2.5-pro",
  },
  {
    name: "OpenCode",
    session: { backend: "opencode" },
    write: (path: string, content: string) => reply().toolCall("write", { filePath: path, content }),
    tool: "write",
    rule: "opencode:edit",
    // None chosen: OpenCode reports the model of its own config.
    reportedModel: "fake/fake-model",
    listedModel: "fake/fake-model",
  },
];

// Each message starts a real CLI; on a busy machine that takes a while.
describe.each(CLIS)("$name over ACP, through the server", { timeout: 180_000 }, (cli) => {
  let sessionId = "";
  const file = (name: string) => join(server.directories.project, name);
  const answer = async (id: string, body: Record<string, unknown>) =>
    decodeResponse(await server.request("POST", `/api/approvals/${id}`, { body }), ApprovalSchema);

  // A new session per message: Gemini CLI 0.61 often fails to load a session it recorded over ACP.
  const newSession = async () =>
    (
      await decodeResponse(
        await server.request("POST", "/api/sessions", { body: cli.session }),
        SessionSummarySchema,
        201,
      )
    ).id;
  beforeEach(async () => {
    // OpenCode ends its turn at a rejection, leaving that test's second reply unused: each test scripts afresh.
    fake.reset();
    fake.when({ bodyIncludes: "title generator" }, reply().text("Fake title"));
    sessionId = await newSession();
  });

  it("shows the CLI's write as an approval card and writes the file only once it is approved", async () => {
    const name = `${cli.tool}-approved.txt`;
    fake.script(cli.write(file(name), "approved\n"), reply().text("Wrote ").text("it."));
    const chat = await startChat(server, { session_id: sessionId, text: `Write ${name}` });
    const approval = await waitForPendingApproval(server, events, chat.run_id, cli.tool);
    expect(approval).toMatchObject({
      suggested_rule: { tool: cli.rule, behavior: "allow" },
      state: "pending",
    });
    expect(JSON.stringify(approval.input)).toContain(name);
    expect(existsSync(file(name)), "nothing is written before the answer").toBe(false);

    await answer(approval.id, { decision: "approve" });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");
    expect(readFileSync(file(name), "utf8")).toBe("approved\n");
    const stored = await storedMessages(server, sessionId);
    expect(stored.find((message) => message.id === approval.message_id)?.rich.data).toMatchObject({
      approval_status: "Approved",
      input_editable: false,
    });
    const texts = stored.filter(
      (message) =>
        message.run_id === chat.run_id && message.role === "assistant" && message.rich.kind === "Text",
    );
    expect(texts.map((message) => (message.rich.data as { text?: string }).text)).toEqual(["Wrote it."]);
  });

  it("writes nothing when the person rejects, and the CLI's turn goes on to its end", async () => {
    const name = `${cli.tool}-rejected.txt`;
    fake.script(cli.write(file(name), "rejected\n"), reply().text("Not written."));
    const chat = await startChat(server, { session_id: sessionId, text: `Write ${name}` });
    const approval = await waitForPendingApproval(server, events, chat.run_id, cli.tool);
    await answer(approval.id, { decision: "reject", feedback: "not now" });
    const outcome = await waitForOutcome(events, chat.run_id);
    expect(outcome.outcome).toBe("success");
    expect(existsSync(file(name))).toBe(false);
  });

  it("saves Always allow as the project's rule, which answers the next write unasked", async () => {
    const first = `${cli.tool}-always-1.txt`;
    fake.script(cli.write(file(first), "one\n"), reply().text("First."));
    const chat = await startChat(server, { session_id: sessionId, text: `Write ${first}` });
    const approval = await waitForPendingApproval(server, events, chat.run_id, cli.tool);
    await answer(approval.id, { decision: "approve_always" });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");
    const { rules } = await server.json<{ rules: PermissionRuleRecord[] }>("GET", "/api/permission-rules");
    expect(rules.map((rule) => rule.tool)).toContain(cli.rule);

    const second = `${cli.tool}-always-2.txt`;
    fake.script(cli.write(file(second), "two\n"), reply().text("Second."));
    sessionId = await newSession();
    const next = await startChat(server, { session_id: sessionId, text: `Write ${second}` });
    expect((await waitForOutcome(events, next.run_id)).outcome).toBe("success");
    expect(readFileSync(file(second), "utf8")).toBe("two\n");
    const card = (await storedMessages(server, sessionId)).find(
      (message) => message.run_id === next.run_id && message.rich.kind === "ToolRequest",
    );
    expect(card?.rich.data).toMatchObject({ approval_status: "AutoApproved" });
    expect(String((card?.rich.data as { reason?: string } | undefined)?.reason)).toContain(cli.rule);
  });

  it("keeps the CLI running for the session's next message, shows the model it reports, and stops it with the session", async () => {
    fake.script(reply().text("first kept"));
    const first = await startChat(server, { session_id: sessionId, text: "Remember KEPT-7" });
    expect((await waitForOutcome(events, first.run_id)).outcome).toBe("success");
    const summary = async () =>
      (await decodeResponse(await server.request("GET", "/api/sessions"), SessionListSchema)).sessions.find(
        (session) => session.id === sessionId,
      );
    // The header shows the model the CLI said it answered with; a reload reads it from the session.
    expect((await summary())?.backend_reported_model).toBe(cli.reportedModel);
    const pool = server.server.context.acpProcesses;
    const kept = pool.size;
    expect(kept).toBeGreaterThan(0);

    fake.script(reply().text("second kept"));
    const second = await startChat(server, {
      session_id: sessionId,
      text: "What did I ask you to remember?",
    });
    expect((await waitForOutcome(events, second.run_id)).outcome).toBe("success");
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain("Remember KEPT-7");
    expect(pool.size).toBe(kept);

    expect((await server.request("DELETE", `/api/sessions/${sessionId}`)).status).toBe(200);
    expect(pool.size).toBe(kept - 1);
  });

  it("lists the CLI's own models for the new-chat picker", async () => {
    const listed = await decodeResponse(
      await server.request("GET", `/api/agent-clis/${cli.session.backend}/models`),
      ModelListResultSchema,
    );
    expect(listed.models.map((model) => model.id)).toContain(cli.listedModel);
    // Asked once: the second request is answered from what the first found.
    expect(
      await decodeResponse(
        await server.request("GET", `/api/agent-clis/${cli.session.backend}/models`),
        ModelListResultSchema,
      ),
    ).toEqual(listed);
  });

  it("stops the CLI's turn on cancel", async () => {
    fake.when({ lastUserTextIncludes: "HANG" }, reply().text("never").hang(), { times: 1 });
    const chat = await startChat(server, { session_id: sessionId, text: "HANG please" });
    await fake.waitForEvent((event) => event.type === "gate");
    await server.json("POST", "/api/agent-cancel", { run_id: chat.run_id });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("cancelled");
    await waitForEvent(
      events,
      "AgentStatus",
      (event) => event.run_id === chat.run_id && event.status === "idle",
    );
  });
});
