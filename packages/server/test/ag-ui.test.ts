import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HttpAgent } from "@ag-ui/client";
import { EventSchema } from "@ag-ui/core/schemas";
import { httpError, reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { useTestServer } from "./support/use-test-server.ts";
import { writeWorkflow } from "./support/workflows.ts";

/** AG-UI's own client (`HttpAgent`) runs Parley turns through `POST /api/ag-ui`, against the fake model. */

type AgUiEvent = { type: string } & Record<string, unknown>;

describe("POST /api/ag-ui, as an AG-UI frontend uses it", () => {
  const server = useTestServer();

  /** Runs one turn with the real HttpAgent; returns every event it received, in order. */
  async function run(agent: HttpAgent, text: string, runId: string): Promise<AgUiEvent[]> {
    const events: AgUiEvent[] = [];
    agent.addMessage({ id: `${runId}-user`, role: "user", content: text });
    await agent.runAgent({ runId }, { onEvent: ({ event }) => void events.push(event as AgUiEvent) });
    return events;
  }
  /** An onEvent that records each event and approves, through the API, each call the state says waits. */
  const approvingEvery =
    (events: AgUiEvent[]) =>
    ({ event }: { event: unknown }): void => {
      events.push(event as AgUiEvent);
      const change = (event as { delta?: { path: string; value?: { approval_id: string }[] }[] }).delta?.[0];
      const waiting = change?.path === "/approvals" ? change.value?.[0] : undefined;
      if (waiting) {
        void server.request("POST", `/api/approvals/${waiting.approval_id}`, {
          body: { decision: "approve" },
        });
      }
    };
  const agentFor = (threadId: string) =>
    new HttpAgent({
      url: `${server.url}/api/ag-ui`,
      headers: { authorization: `Bearer ${server.server.token}` },
      threadId,
    });

  it("streams a turn with thinking and a tool call as a well-formed AG-UI event sequence", async () => {
    writeFileSync(join(server.directories.project, "launch.txt"), "Tuesday\n");
    server.fake.script(
      reply().thinking("Check the file.").text("Reading it.").toolCall("Read", { file_path: "launch.txt" }),
      reply().text("The launch is on ").text("Tuesday."),
    );
    const agent = agentFor("thread-launch");
    const events = await run(agent, "When is the launch?", "run-1");

    for (const event of events) expect(EventSchema.safeParse(event).error).toBeUndefined();
    // The bus may merge adjacent deltas of one message, so runs of CONTENT events count as one here.
    const types = events
      .map((event) => event.type)
      .filter((type, index, all) => !(type.endsWith("_CONTENT") && all[index - 1] === type));
    expect(types).toEqual([
      "RUN_STARTED",
      "STATE_SNAPSHOT",
      "REASONING_START",
      "REASONING_MESSAGE_START",
      "REASONING_MESSAGE_CONTENT",
      "REASONING_MESSAGE_END",
      "REASONING_END",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "TOOL_CALL_START",
      "TOOL_CALL_ARGS",
      "TOOL_CALL_END",
      "TOOL_CALL_RESULT",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "RUN_FINISHED",
    ]);
    expect(events[0]).toMatchObject({
      threadId: "thread-launch",
      runId: "run-1",
      metadata: { parley_session_id: "thread-launch", parley_run_id: expect.stringMatching(/^run_/) },
    });
    const call = events.find((event) => event.type === "TOOL_CALL_START");
    expect(call).toMatchObject({ toolCallName: "Read" });
    expect(events.find((event) => event.type === "TOOL_CALL_ARGS")?.delta).toBe('{"file_path":"launch.txt"}');
    expect(events.find((event) => event.type === "TOOL_CALL_RESULT")).toMatchObject({
      toolCallId: call?.toolCallId,
      content: expect.stringContaining("Tuesday"),
    });
    // The agent's own view: the answer and the tool call are messages it now holds.
    const last = agent.messages.at(-1);
    expect(last).toMatchObject({ role: "assistant", content: "The launch is on Tuesday." });
  });

  it("continues the same Parley session on the next run of the thread, visible to the web UI", async () => {
    server.fake.script(reply().text("First."), reply().text("Second."));
    const agent = agentFor("thread-two-runs");
    await run(agent, "One", "run-a");
    await run(agent, "Two", "run-b");
    const sessions = await server.json<{ sessions: { id: string; title: string }[] }>("GET", "/api/sessions");
    expect(sessions.sessions).toContainEqual(
      expect.objectContaining({ id: "thread-two-runs", title: "One" }),
    );
    expect(JSON.stringify(server.fake.requests.at(-1)?.body)).toContain("First.");
  });

  it("shows a call waiting for approval in the card state, and goes on once it is answered through the API", async () => {
    server.fake.script(
      reply().toolCall("Write", { file_path: "notes.txt", content: "hi" }),
      reply().text("Written."),
    );
    const agent = agentFor("thread-approval");
    agent.addMessage({ id: "u1", role: "user", content: "Write notes" });
    const events: AgUiEvent[] = [];
    const finished = agent.runAgent({ runId: "run-approval" }, { onEvent: approvingEvery(events) });
    await finished;
    for (const event of events) expect(EventSchema.safeParse(event).error).toBeUndefined();
    const deltas = events.filter((event) => event.type === "STATE_DELTA");
    expect(deltas[0]?.delta).toEqual([
      {
        op: "replace",
        path: "/approvals",
        value: [expect.objectContaining({ tool_name: "Write", approval_id: expect.stringMatching(/^apv_/) })],
      },
    ]);
    expect(agent.state).toMatchObject({ approvals: [] });
    expect(readFileSync(join(server.directories.project, "notes.txt"), "utf8")).toBe("hi");
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
  });

  it("puts the plan of a plan-mode turn into the card state", async () => {
    const plan = {
      type: "plan",
      goal: "Add a greeting",
      steps: [{ step_number: 1, action: "Add the greeting", reason: "The feature" }],
    };
    server.fake.script(reply().text("Hi."), reply().text(`\`\`\`json\n${JSON.stringify(plan)}\n\`\`\``));
    const agent = agentFor("thread-plan");
    await run(agent, "Hello", "run-plan-1");
    await server.json("POST", "/api/sessions/thread-plan/mode", { permission_mode: "plan" });
    const events = await run(agent, "Plan a greeting", "run-plan-2");
    for (const event of events) expect(EventSchema.safeParse(event).error).toBeUndefined();
    expect(agent.state).toMatchObject({
      plan: { goal: "Add a greeting", steps: [{ action: "Add the greeting" }] },
    });
  });

  it("shows a workflow the agent starts in the card state, with its progress", async () => {
    writeWorkflow(
      server.directories.project,
      "tidy",
      "name: tidy\nsteps:\n  - id: sweep\n    run: echo swept\n",
    );
    server.fake.script(reply().toolCall("RunWorkflow", { name: "tidy" }), reply().text("Started."));
    const agent = agentFor("thread-workflow");
    agent.addMessage({ id: "w1", role: "user", content: "Tidy up" });
    const events: AgUiEvent[] = [];
    const finished = agent.runAgent({ runId: "run-workflow" }, { onEvent: approvingEvery(events) });
    await finished;
    // The tool's result ("Started workflow…") comes after the card, so the card is in this run's state.
    for (const event of events) expect(EventSchema.safeParse(event).error).toBeUndefined();
    const workflows = Object.values(
      (agent.state as { workflows: Record<string, { workflow_name: string }> }).workflows,
    );
    expect(workflows).toEqual([expect.objectContaining({ workflow_name: "tidy" })]);
  });

  it("ends a turn the model fails with RUN_ERROR carrying the reason", async () => {
    server.fake.script(httpError(400, { message: "prompt is too long" }));
    const agent = agentFor("thread-error");
    const events: AgUiEvent[] = [];
    agent.addMessage({ id: "e1", role: "user", content: "Fail" });
    await agent
      .runAgent({ runId: "run-error" }, { onEvent: ({ event }) => void events.push(event as AgUiEvent) })
      .catch(() => {});
    for (const event of events) expect(EventSchema.safeParse(event).error).toBeUndefined();
    expect(events.at(-1)).toMatchObject({
      type: "RUN_ERROR",
      code: "error",
      message: expect.stringContaining("prompt is too long"),
    });
  });
});

describe("POST /api/ag-ui, given bad input", () => {
  const server = useTestServer();
  const valid = {
    threadId: "thread-bad",
    runId: "run-bad",
    messages: [{ id: "m1", role: "user", content: "hello" }],
    tools: [],
    context: [],
  };

  it("refuses a request without the token, and one from a foreign origin", async () => {
    const anonymous = await server.request("POST", "/api/ag-ui", { body: valid, auth: false });
    expect(anonymous.status).toBe(401);
    const foreign = await server.request("POST", "/api/ag-ui", {
      body: valid,
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(server.fake.requests).toHaveLength(0);
  });

  it("names what is wrong with a malformed RunAgentInput and runs nothing", async () => {
    const cases: [unknown, string][] = [
      [{ ...valid, messages: "hello" }, "body.messages"],
      [{ ...valid, threadId: "../etc" }, "body.threadId"],
      [{ ...valid, messages: [{ id: "a1", role: "assistant", content: "hi" }] }, "needs a user message"],
    ];
    for (const [body, named] of cases) {
      const response = await server.request("POST", "/api/ag-ui", { body });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(named);
    }
    const broken = await server.request("POST", "/api/ag-ui", {
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(server.fake.requests).toHaveLength(0);
  });

  it("answers 409 while the thread's agent is busy, and queues nothing", async () => {
    server.fake.script(reply().text("Busy").gate("ag-ui-busy"));
    const busy = await server.json<{ session_id: string; run_id: string }>("POST", "/api/chat", {
      text: "Keep busy",
    });
    await server.fake.waitForGate("ag-ui-busy");
    const response = await server.request("POST", "/api/ag-ui", {
      body: { ...valid, threadId: busy.session_id },
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("busy with another turn");
    server.fake.release("ag-ui-busy");
    const state = await server.json<{ queue: unknown[] }>("GET", `/api/sessions/${busy.session_id}/state`);
    expect(state.queue).toEqual([]);
  });
});
