import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Approval, ChatResponse } from "@parley/protocol";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { modelRequest } from "./support/api-checks.ts";
import { EventStream } from "./support/event-stream.ts";
import { resultText, sessionState, storedMessages, toolResultsIn } from "./support/interactions.ts";
import { eventsOfType, waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { type ServerProcess, spawnServerProcess } from "./support/spawn-server-process.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

// Each test starts a server process (through tsx) and a second server: generous budget on a loaded machine.
describe("an approval across a server restart", { timeout: 30_000 }, () => {
  let fake: FakeModelServer;
  let directories: { project: string; home: string };
  let child: ServerProcess | undefined;
  let servers: TestServer[] = [];
  const env = () => ({
    PARLEY_MODEL: "anthropic:claude-test-1",
    ANTHROPIC_API_KEY: "test-key",
    ANTHROPIC_BASE_URL: fake.url,
  });
  const lines = (name: string) => {
    const path = join(directories.project, name);
    return existsSync(path) ? readFileSync(path, "utf8").split("\n").filter(Boolean) : [];
  };
  beforeEach(async () => {
    fake = await startFakeModelServer();
    directories = makeDirectories();
  });
  afterEach(async () => {
    child?.child.kill("SIGKILL");
    await child?.exited;
    for (const server of servers) await server.close();
    child = undefined;
    servers = [];
    await fake.close();
    rmSync(join(directories.project, ".."), { recursive: true, force: true });
  });

  /**
   * Starts a server process, sends `text` (the scripted model answers with a call that needs approval), kills
   * the process while the approval waits, and starts the server again on the same data.
   */
  const killWhileApprovalWaits = async (text: string) => {
    child = await spawnServerProcess({ ...directories, env: env() });
    const stream = await EventStream.open(child.url, child.token, { after: 0 });
    const response = await fetch(`${child.url}/api/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${child.token}`, "content-type": "application/json" },
      body: JSON.stringify({ text }),
    });
    const chat = (await response.json()) as ChatResponse;
    await waitForEvent(
      stream,
      "Message",
      (event) =>
        event.rich?.kind === "ToolRequest" &&
        (event.rich.data as { approval_status?: string }).approval_status === "Pending",
    );
    process.kill(child.pid, "SIGKILL");
    await child.exited;
    await stream.waitForEnd();
    child = undefined;
    const restarted = await startTestServer({ fake, directories });
    servers.push(restarted);
    return { chat, server: restarted };
  };

  /** The same with a Bash call waiting for approval. */
  const killWhileWaiting = (command: string) => {
    fake.script(reply().text("Running it.").toolCall("Bash", { command }));
    return killWhileApprovalWaits("Record that it ran");
  };

  it("stays pending after kill -9; approving it resumes the conversation and runs the command exactly once", async () => {
    const { chat, server } = await killWhileWaiting("echo ran >> ran.txt");
    const events = await server.events({ after: server.server.context.bus.head });

    const state = await sessionState(server, chat.session_id);
    const [approval] = state.pending_approvals ?? [];
    expect(approval).toMatchObject({ state: "pending", tool_name: "Bash", run_id: chat.run_id });
    expect(state.runs.find((run) => run.id === chat.run_id)?.status).toBe("interrupted");
    expect(lines("ran.txt")).toEqual([]);
    // A message sent now waits behind the approval instead of starting a run past the open call.
    const queued = await server.json<ChatResponse>("POST", "/api/chat", {
      session_id: chat.session_id,
      text: "Also say when it is done",
    });
    expect(queued.status).toBe("queued");

    fake.script(reply().text("It ran, and it is done."));
    const answered = await server.json<Approval>("POST", `/api/approvals/${approval?.id}`, {
      decision: "approve",
    });
    expect(answered.state).toBe("approved");
    const resumed = await waitForEvent(events, "Outcome", (event) => event.session_id === chat.session_id);

    expect(resumed.outcome).toBe("success");
    expect(lines("ran.txt")).toEqual(["ran"]);
    const { runs } = await server.json<{
      runs: { id: string; kind: string; status: string; prompt: string }[];
    }>("GET", `/api/agent-runs?session_id=${chat.session_id}`);
    expect(runs.map((run) => [run.kind, run.status, run.prompt])).toEqual([
      ["turn", "interrupted", "Record that it ran"],
      ["resume", "completed", ""],
    ]);
    // The model got the command's result and the message that waited, in that order, in one request.
    expect(fake.requests).toHaveLength(2);
    const last = modelRequest(server, 1).messages.at(-1);
    expect(last?.content.map((block) => block.type)).toEqual(["tool_result", "text"]);
    expect(
      resultText(toolResultsIn(modelRequest(server, 1)).get(approval?.tool_use_id as string)?.content),
    ).toBe("(no output)");
    expect(last?.content[1]?.text).toBe("Also say when it is done");
    // The call keeps its one card; its result and activity in the resumed run point at it.
    const messages = await storedMessages(server, chat.session_id);
    const cards = messages.filter(
      (message) => (message.rich.data as { tool_use_id?: string }).tool_use_id === approval?.tool_use_id,
    );
    expect(
      cards.map((message) => [message.rich.kind, (message.rich.data as { request_id: string }).request_id]),
    ).toEqual([
      ["ToolRequest", approval?.message_id],
      ["ToolResult", approval?.message_id],
    ]);
    const done = eventsOfType(events.frames, "AgentStatus").find(
      (event) => event.tool_use_id === approval?.tool_use_id && event.lifecycle === "done",
    );
    expect(done).toMatchObject({ detail: "Running `echo ran >> ran.txt`", duration_ms: expect.any(Number) });
    // Answering again changes nothing.
    expect(
      (await server.request("POST", `/api/approvals/${approval?.id}`, { body: { decision: "approve" } }))
        .status,
    ).toBe(409);
    expect(lines("ran.txt")).toEqual(["ran"]);
    await events.close();
  });

  it("rejecting it after kill -9 tells the model and never runs the command", async () => {
    const { chat, server } = await killWhileWaiting("echo never >> never.txt");
    const [approval] = (await sessionState(server, chat.session_id)).pending_approvals ?? [];

    fake.script(reply().text("Fine, I will not."));
    const events = await server.events({ after: server.server.context.bus.head });
    await server.json("POST", `/api/approvals/${approval?.id}`, { decision: "reject", feedback: "Not now." });
    await waitForEvent(events, "Outcome", (event) => event.session_id === chat.session_id);

    expect(lines("never.txt")).toEqual([]);
    const sent = toolResultsIn(modelRequest(server, -1)).get(approval?.tool_use_id as string);
    expect(sent?.is_error).toBe(true);
    expect(resultText(sent?.content)).toContain("Not now.");
    await events.close();
  });

  it("cancelling the interrupted run withdraws the approval and lets the agent take new messages", async () => {
    const { chat, server } = await killWhileWaiting("echo withdrawn >> withdrawn.txt");
    const [approval] = (await sessionState(server, chat.session_id)).pending_approvals ?? [];

    const cancel = await server.json<{ cancelled: string[]; cancelled_interactions?: string[] }>(
      "POST",
      "/api/agent-cancel",
      { run_id: chat.run_id },
    );
    expect(cancel).toEqual({ cancelled: [], cancelled_interactions: [approval?.id] });
    expect(
      (await server.request("POST", `/api/approvals/${approval?.id}`, { body: { decision: "approve" } }))
        .status,
    ).toBe(409);

    fake.script(reply().text("Starting over."));
    const events = await server.events({ after: server.server.context.bus.head });
    const next = await server.json<ChatResponse>("POST", "/api/chat", {
      session_id: chat.session_id,
      text: "Start over",
    });
    expect(next.status).toBe("started");
    expect((await waitForOutcome(events, next.run_id as string)).outcome).toBe("success");
    expect(lines("withdrawn.txt")).toEqual([]);
    // The model is told the call was interrupted, right after the call.
    const sent = toolResultsIn(modelRequest(server, -1)).get(approval?.tool_use_id as string);
    expect(sent?.is_error).toBe(true);
    expect(resultText(sent?.content)).toContain("Interrupted by user");
    await events.close();
  });

  it("a subagent's approval expires with the restart: the subagent cannot resume, so its call never runs", async () => {
    fake.script(
      reply().toolCall("Task", { description: "Write a file", prompt: "Write sub.txt." }),
      reply().toolCall("Write", { file_path: "sub.txt", content: "sub\n" }),
    );
    const { chat, server } = await killWhileApprovalWaits("Delegate the file");

    const { approvals } = await server.json<{ approvals: Approval[] }>(
      "GET",
      `/api/approvals?session_id=${chat.session_id}`,
    );
    expect(approvals.map((approval) => [approval.state, approval.parent_tool_use_id !== null])).toEqual([
      ["expired", true],
    ]);
    const conflict = await server.request("POST", `/api/approvals/${approvals[0]?.id}`, {
      body: { decision: "approve" },
    });
    expect(conflict.status).toBe(409);
    const { runs } = await server.json<{ runs: { kind: string; status: string }[] }>(
      "GET",
      `/api/agent-runs?session_id=${chat.session_id}`,
    );
    expect(runs.map((run) => [run.kind, run.status])).toEqual([
      ["turn", "interrupted"],
      ["subagent", "interrupted"],
    ]);
    const history = await server.events({ after: 0, sessionId: chat.session_id });
    const ended = await waitForEvent(history, "SubagentResult");
    expect(ended).toMatchObject({ outcome: "interrupted", parent_id: "main", parent_run_id: chat.run_id });
    await history.close();
    // The conversation is not waiting on anything: the next message starts a run at once.
    fake.script(reply().text("Back again."));
    const events = await server.events({ after: server.server.context.bus.head });
    const next = await server.json<ChatResponse>("POST", "/api/chat", {
      session_id: chat.session_id,
      text: "Hello?",
    });
    expect(next.status).toBe("started");
    await waitForOutcome(events, next.run_id as string);
    expect(lines("sub.txt")).toEqual([]);
    await events.close();
  });

  it("a question stays open across a restart; answering it resumes the turn with the answer", async () => {
    fake.script(
      reply().toolCall("AskUserQuestion", {
        questions: [{ question: "Tabs or spaces?", options: [{ label: "Tabs" }, { label: "Spaces" }] }],
      }),
    );
    const first = await startTestServer({ fake, directories });
    servers.push(first);
    const events = await first.events();
    const chat = await first.json<ChatResponse>("POST", "/api/chat", { text: "Format the code" });
    const asked = await waitForEvent(events, "AskUser", (event) => event.run_id === chat.run_id);
    await events.close();
    await first.close();
    servers = [];

    const second = await startTestServer({ fake, directories });
    servers.push(second);
    expect(
      (await sessionState(second, chat.session_id)).pending_questions.map((question) => question.question_id),
    ).toEqual([asked.question_id]);
    fake.script(reply().text("Spaces, then."));
    const resumedEvents = await second.events({ after: second.server.context.bus.head });
    const answered = await second.json<{ run_id: string }>("POST", "/api/ask-user-response", {
      question_id: asked.question_id,
      answers: ["Spaces"],
    });
    expect(answered.run_id).not.toBe(chat.run_id);
    expect((await waitForOutcome(resumedEvents, answered.run_id)).outcome).toBe("success");
    const sent = toolResultsIn(fake.requests.at(-1)?.body).get(asked.tool_use_id as string);
    expect(resultText(sent?.content)).toContain("Answer: Spaces");
    await resumedEvents.close();
  });

  it("stays pending across a graceful restart too, with its card still pending", async () => {
    fake.script(reply().toolCall("Write", { file_path: "later.txt", content: "later\n" }));
    const first = await startTestServer({ fake, directories });
    servers.push(first);
    const events = await first.events();
    const chat = await first.json<ChatResponse>("POST", "/api/chat", { text: "Write later.txt" });
    await waitForEvent(events, "Message", (event) => event.rich?.kind === "ToolRequest");
    await events.close();
    await first.close();
    servers = [];

    const second = await startTestServer({ fake, directories });
    servers.push(second);
    const state = await sessionState(second, chat.session_id);
    const [approval] = state.pending_approvals ?? [];
    const card = (await storedMessages(second, chat.session_id)).find(
      (message) => message.id === approval?.message_id,
    );
    expect(card?.rich.data).toMatchObject({ approval_status: "Pending", approval_id: approval?.id });

    fake.script(reply().text("Written after the restart."));
    const resumedEvents = await second.events({ after: second.server.context.bus.head });
    await second.json("POST", `/api/approvals/${approval?.id}`, { decision: "approve" });
    await waitForEvent(resumedEvents, "Outcome", (event) => event.session_id === chat.session_id);
    expect(readFileSync(join(directories.project, "later.txt"), "utf8")).toBe("later\n");
    await resumedEvents.close();
  });
});
