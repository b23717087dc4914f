import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type {
  AgentCliStatus,
  AgentContext,
  AgentRunList,
  AgentSummary,
  Approval,
  ChatResponse,
  CompactResponse,
  PermissionRuleList,
  PermissionRuleRecord,
  PlanActionResponse,
  SessionState,
  SessionSummary,
  StoredMessage,
  WorkflowExecutionView,
  WorkflowList,
} from "@parley/protocol";
import { reply } from "@parley/testkit";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteDefinition } from "../src/http/route.ts";
import { decodeResponse, ISO_MS_Z } from "./support/api-checks.ts";
import type { EventStream, ReceivedFrame } from "./support/event-stream.ts";
import { waitForPendingApproval } from "./support/interactions.ts";
import { createRouteFixture, type RouteFixture, routesByKey } from "./support/route-fixture.ts";
import { eventsOfType, waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { usesPostgres } from "./support/test-database.ts";
import type { TestServer } from "./support/test-server.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";
import { writeWorkflow } from "./support/workflows.ts";

/** What a valid-input case gets: the server, a live event stream, the fixture, and the route it covers. */
interface Context {
  server: TestServer;
  events: EventStream;
  fixture: RouteFixture;
  route: RouteDefinition;
  /** Sends a request and decodes the answer with the route's own protocol response schema. */
  call<T>(path: string, options?: { method?: string; body?: unknown; auth?: boolean }): Promise<T>;
}

/** One valid request (or a few) per route, each checking what a client would rely on. */
const validCases: Record<string, (context: Context) => Promise<void>> = {
  "GET /api/health": async ({ call }) => {
    const database = usesPostgres() ? "postgresql" : "sqlite";
    expect(await call("/api/health", { auth: false })).toEqual({ ok: true, database });
  },
  "GET /api/limits": async ({ call, server }) => {
    const limits = await call<{ sse_buffer_bytes: number; event_log: { head_seq: number } }>("/api/limits");
    expect(limits).toMatchObject({ max_message_chars: 100_000, max_body_bytes: 1024 * 1024 });
    expect(limits.sse_buffer_bytes).toBe(server.server.context.sse.maxBufferedBytes);
    expect(limits.event_log.head_seq).toBe(server.server.context.store.events.head);
  },
  "POST /api/auth/login-url": async ({ call, server }) => {
    const { url } = await call<{ url: string }>("/api/auth/login-url", { body: {} });
    expect(url).toMatch(new RegExp(`^${server.url}/auth/login\\?code=[\\w-]{16,}$`));
  },
  "GET /api/events": async ({ server, fixture, route }) => {
    const stream = await server.events({ after: 0, sessionId: fixture.sessionId });
    await stream.waitForKind("run", "outcome");
    expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    for (const frame of stream.frames) expect(route.response.safeParse(frame.message).success).toBe(true);
    expect(stream.frames.every((frame) => frame.message.session_id === fixture.sessionId)).toBe(true);
    await stream.close();
  },
  "POST /api/ag-ui": async ({ server, fixture, route }) => {
    server.fake.script(reply().text("An AG-UI answer."));
    const response = await server.request("POST", "/api/ag-ui", {
      body: {
        threadId: fixture.sessionId,
        runId: "valid-ag-ui-run",
        messages: [{ id: "m1", role: "user", content: "Through AG-UI" }],
      },
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    // Each frame: its id (the cursor a resumed stream continues after), then its event.
    const frames = (await response.text()).split("\n\n").filter((frame) => frame.includes("data: "));
    for (const frame of frames) expect(frame).toMatch(/^id: run_\w+:\d+:\d+:\d+\ndata: /);
    const events = frames.map((frame) => JSON.parse(frame.slice(frame.indexOf("data: ") + "data: ".length)));
    for (const event of events) expect(route.response.safeParse(event).success).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", runId: "valid-ag-ui-run" });
  },
  "POST /api/chat": async ({ call, server, events, fixture }) => {
    server.fake.script(reply().text("Another answer."));
    const chat = await call<ChatResponse>("/api/chat", {
      body: { session_id: fixture.sessionId, text: "Another question", client_message_id: "valid-chat-0001" },
    });
    expect(chat).toEqual({
      session_id: fixture.sessionId,
      agent_id: "main",
      status: "started",
      run_id: expect.any(String),
      message_id: expect.any(String),
      client_message_id: "valid-chat-0001",
      duplicate: false,
    });
    await waitForOutcome(events, chat.run_id as string);
  },
  "DELETE /api/queue-items/:item_id": async ({ call, server, events }) => {
    server.fake.script(reply().text("Busy").gate("valid-queue"));
    const busy = await server.json<ChatResponse>("POST", "/api/chat", { text: "Keep busy" });
    await server.fake.waitForGate("valid-queue");
    const queued = await server.json<ChatResponse>("POST", "/api/chat", {
      session_id: busy.session_id,
      text: "Queued then removed",
    });
    expect(await call(`/api/queue-items/${queued.queue_item_id}`, { method: "DELETE" })).toEqual({
      removed: true,
      item_id: queued.queue_item_id,
    });
    server.fake.release("valid-queue");
    await waitForOutcome(events, busy.run_id as string);
  },
  "GET /api/queue-items/:item_id": async ({ call, server, events }) => {
    server.fake.script(reply().text("Busy").gate("valid-queue-text"), reply().text("Read it."));
    const busy = await server.json<ChatResponse>("POST", "/api/chat", { text: "Keep busy" });
    await server.fake.waitForGate("valid-queue-text");
    const text = `A long note:${" details".repeat(500)}`;
    const queued = await server.json<ChatResponse>("POST", "/api/chat", {
      session_id: busy.session_id,
      text,
    });
    expect(await call(`/api/queue-items/${queued.queue_item_id}`)).toEqual({
      id: queued.queue_item_id,
      session_id: busy.session_id,
      agent_id: "main",
      text,
      queued_at_ms: expect.any(Number),
      state: "waiting",
    });
    server.fake.release("valid-queue-text");
    await waitForOutcome(events, busy.run_id as string);
    // Delivered, its text lives in the conversation (once); the item keeps only its state.
    expect(await call(`/api/queue-items/${queued.queue_item_id}`)).toMatchObject({
      text: "",
      state: "delivered",
    });
    // The delivered note starts a run of its own: let it end, or its events land in later cases.
    await waitForEvent(
      events,
      "Outcome",
      (event) => event.session_id === busy.session_id && event.run_id !== busy.run_id,
    );
  },
  "GET /api/sessions": async ({ call, fixture }) => {
    const { sessions } = await call<{ sessions: SessionSummary[] }>("/api/sessions");
    expect(sessions.map((session) => session.id)).toContain(fixture.sessionId);
  },
  "POST /api/sessions": async ({ call, server }) => {
    const session = await call<SessionSummary>("/api/sessions", { body: { title: "  Planning  " } });
    expect(session).toEqual({
      id: expect.any(String),
      project_root: server.server.context.projectRoot,
      title: "Planning",
      created_at_ms: expect.any(Number),
      updated_at_ms: session.created_at_ms,
      backend: "parley",
      backend_model: null,
      backend_agent: null,
      backend_reported_model: null,
      origin: null,
    });
  },
  "PATCH /api/sessions/:session_id": async ({ call, server }) => {
    const session = await server.json<SessionSummary>("POST", "/api/sessions", {});
    const renamed = await call<SessionSummary>(`/api/sessions/${session.id}`, {
      method: "PATCH",
      body: { title: "Renamed" },
    });
    expect(renamed).toMatchObject({ id: session.id, title: "Renamed" });
  },
  "DELETE /api/sessions/:session_id": async ({ call, server }) => {
    const session = await server.json<SessionSummary>("POST", "/api/sessions", { title: "Doomed" });
    expect(await call(`/api/sessions/${session.id}`, { method: "DELETE" })).toEqual({
      deleted: true,
      session_id: session.id,
    });
    expect((await server.request("GET", `/api/sessions/${session.id}/state`)).status).toBe(404);
  },
  "GET /api/sessions/:session_id/state": async ({ call, server, fixture }) => {
    const state = await call<SessionState>(`/api/sessions/${fixture.sessionId}/state?limit=1`);
    expect(state.messages.map((message) => message.role)).toEqual(["assistant"]);
    expect(state.has_more_messages).toBe(true);
    expect(state.pending_questions.map((question) => question.question_id)).toEqual([fixture.questionId]);
    expect(state.agents).toEqual([
      { agent_id: "main", processing: false, run_id: null, started_at_ms: null },
    ]);
    expect(state.queue).toEqual([]);
    expect(state.streaming).toEqual([]);
    expect(state.head_seq).toBe(server.server.context.bus.head);
  },
  "GET /api/sessions/:session_id/messages": async ({ call, fixture }) => {
    const page = await call<{ messages: { position: number; run_id: string }[]; has_more_messages: boolean }>(
      `/api/sessions/${fixture.sessionId}/messages?before_position=1&limit=5`,
    );
    expect(page.messages.map((message) => [message.position, message.run_id])).toEqual([[0, fixture.runId]]);
    expect(page.has_more_messages).toBe(false);
  },
  "GET /api/chat-sessions": async ({ call, fixture }) => {
    const sessions = await call<{ id: string; title: string; updated: string }[]>("/api/chat-sessions");
    expect(sessions.find((session) => session.id === fixture.sessionId)).toEqual({
      id: fixture.sessionId,
      title: "Fixture message",
      updated: expect.stringMatching(ISO_MS_Z),
    });
  },
  "POST /api/sessions/:session_id/messages": async ({ call, server }) => {
    const session = await server.json<SessionSummary>("POST", "/api/sessions", {});
    server.fake.script(reply().text("Sent and answered."));
    const agentReply = await call<{ response: string; sessionId: string }>(
      `/api/sessions/${session.id}/messages`,
      {
        body: { text: "Send and wait" },
      },
    );
    expect(agentReply).toMatchObject({ response: "Sent and answered.", sessionId: session.id });
  },
  "GET /api/sessions/:session_id/history": async ({ call, fixture }) => {
    const history = await call<{ sessionId: string; messages: { content: string }[] }>(
      `/api/sessions/${fixture.sessionId}/history`,
    );
    expect(history.sessionId).toBe(fixture.sessionId);
    expect(history.messages.slice(0, 2).map((message) => message.content)).toEqual([
      "Fixture message",
      "Hello from the fixture.",
    ]);
  },
  "GET /api/sessions/:session_id/status": async ({ call, fixture }) => {
    expect(await call(`/api/sessions/${fixture.sessionId}/status?agent_id=main`)).toEqual({
      processing: false,
      startedAt: null,
    });
  },
  "GET /api/agents": async ({ call, server }) => {
    expect(await call("/api/agents")).toEqual([
      { name: "main", type: "parley", details: ["model: claude-test-1 (anthropic)"] },
    ]);
    // Another backend's agents: Claude Code's built-in ones and the project's own subagent files.
    const removeAgent = writeReviewerAgent(server.directories.project);
    const claude = await call<AgentSummary[]>("/api/agents?backend=claude-code");
    removeAgent();
    expect(claude.map((agent) => agent.name)).toEqual(
      expect.arrayContaining(["general-purpose", "reviewer"]),
    );
    expect(claude.find((agent) => agent.name === "reviewer")).toEqual({
      name: "reviewer",
      type: "project",
      details: ["Reviews a change for bugs"],
    });
  },
  "GET /api/agent-clis/:name/agents": async ({ call, server }) => {
    const removeAgent = writeReviewerAgent(server.directories.project);
    const agents = await call("/api/agent-clis/claude-code/agents");
    removeAgent();
    expect(agents).toContainEqual({
      name: "reviewer",
      type: "project",
      details: ["Reviews a change for bugs"],
    });
  },
  "GET /api/agent-clis/:name/models": async ({ call }) => {
    // Codex is not installed here, so its app server cannot list its models: the one its config.toml names is.
    const codexHome = mkdtempSync(join(tmpdir(), "parley-codex-"));
    writeFileSync(join(codexHome, "config.toml"), 'model = "gpt-test"\n');
    await withCodexHome(codexHome, async () => {
      expect(await call("/api/agent-clis/codex/models")).toEqual({
        success: true,
        models: [{ id: "gpt-test" }],
        current_model: "gpt-test",
      });
    });
  },
  "GET /api/agent-clis": async ({ call }) => {
    const statuses = await call<AgentCliStatus[]>("/api/agent-clis");
    expect(statuses.map((status) => status.name)).toEqual(["claude-code", "opencode", "codex", "gemini"]);
  },
  "GET /api/agent-clis/:name/sessions": async ({ call }) => {
    // Codex lists the sessions started in this project, a fresh folder: none yet.
    expect(await call("/api/agent-clis/codex/sessions")).toEqual([]);
  },
  "POST /api/agent-clis/:name/sessions/:session_id/import": async ({ call }) => {
    // A Codex session as its rollout file records it (CODEX_HOME is read when the CLI is asked).
    const codexHome = mkdtempSync(join(tmpdir(), "parley-codex-"));
    const id = "01a2002b-ce5e-7fe1-af02-9f5e9fc77611";
    const folder = join(codexHome, "sessions", "2026", "11", "21");
    mkdirSync(folder, { recursive: true });
    const line = (type: string, role: string, text: string) =>
      JSON.stringify({
        timestamp: "2026-11-21T22:13:20.683Z",
        type: "response_item",
        payload: { type: "message", role, content: [{ type, text }] },
      });
    writeFileSync(
      join(folder, `rollout-2026-11-21T22-13-20-${id}.jsonl`),
      [
        JSON.stringify({
          timestamp: "2026-11-21T22:13:20.659Z",
          type: "session_meta",
          payload: { id, cwd: "/x" },
        }),
        line("input_text", "user", "Fix the flaky test"),
        line("output_text", "assistant", "Fixed."),
      ].join("\n"),
    );
    await withCodexHome(codexHome, async () => {
      const session = await call<SessionSummary>(`/api/agent-clis/codex/sessions/${id}/import`, { body: {} });
      expect(session).toMatchObject({ backend: "codex", title: "Fix the flaky test" });
    });
  },
  "GET /api/agent-runs": async ({ call, server, fixture }) => {
    const bySession = await call<AgentRunList>(`/api/agent-runs?session_id=${fixture.sessionId}`);
    expect(bySession.runs[0]).toMatchObject({
      id: fixture.runId,
      session_id: fixture.sessionId,
      agent_id: "main",
      parent_run_id: null,
      status: "completed",
      model: "anthropic:claude-test-1",
      prompt: "Fixture message",
      result: "Hello from the fixture.",
      error: null,
    });
    const project = encodeURIComponent(server.server.context.projectRoot);
    const byProject = await call<AgentRunList>(`/api/agent-runs?project_root=${project}`);
    expect(byProject.runs.map((run) => run.id)).toContain(fixture.runId);
  },
  "GET /api/agent-children": async ({ call, fixture }) => {
    expect(await call(`/api/agent-children?run_id=${fixture.runId}`)).toEqual({ runs: [] });
  },
  "GET /api/agent-context": async ({ call, fixture }) => {
    const summary = await call<AgentContext>(`/api/agent-context?run_id=${fixture.runId}`);
    expect(summary.view).toBe("summary");
    expect(summary.run.id).toBe(fixture.runId);
    expect(summary.entries?.[0]).toEqual({ role: "user", kind: "prompt", preview: "Fixture message" });
    expect(summary.entries?.map((entry) => entry.kind)).toContain("result/success");
    expect(summary.entries?.find((entry) => entry.role === "assistant")?.preview).toBe(
      "Hello from the fixture.",
    );
    const raw = await call<AgentContext>(`/api/agent-context?run_id=${fixture.runId}&view=raw`);
    expect(raw.view).toBe("raw");
    expect(raw.messages?.map((message) => (message as { type: string }).type)).toEqual([
      "system",
      "system",
      "assistant",
      "result",
    ]);
    expect(raw.message_count).toBe(summary.message_count);
    expect(summary.estimated_tokens).toBeGreaterThan(0);
  },
  "POST /api/agent-cancel": async ({ call, fixture }) => {
    expect(await call("/api/agent-cancel", { body: { run_id: fixture.runId, clear_queue: true } })).toEqual({
      cancelled: [],
    });
  },
  "POST /api/ask-user-response": async ({ call, server, fixture }) => {
    const answered = await call<{ answered_at_ms: number; message_id: string }>("/api/ask-user-response", {
      body: { question_id: fixture.questionId, answers: ["sqlite", ["keep it small"]] },
    });
    expect(answered).toEqual({
      question_id: fixture.questionId,
      answers: ["sqlite", ["keep it small"]],
      answered_at_ms: expect.any(Number),
      message_id: expect.any(String),
      run_id: fixture.runId,
    });
    const stored = server.server.context.store.questions.get(fixture.questionId);
    expect(stored?.answers).toEqual(["sqlite", ["keep it small"]]);
    const state = await server.json<SessionState>("GET", `/api/sessions/${fixture.sessionId}/state`);
    expect(state.pending_questions).toEqual([]);
    // The answer joined the chat as the person's message.
    expect(state.messages.find((message) => message.id === answered.message_id)).toMatchObject({
      role: "user",
      rich: { kind: "Text", data: { text: "Which database?\n→ SQLite\n\nAnything else?\n→ keep it small" } },
    });
  },
  "GET /api/approvals": async ({ call, server, events }) => {
    server.fake.script(
      reply().toolCall("Write", { file_path: "listed.txt", content: "x" }),
      reply().text("Ok."),
    );
    const chat = await server.json<ChatResponse>("POST", "/api/chat", { text: "Write listed.txt" });
    const approval = await waitForPendingApproval(server, events, chat.run_id as string);
    const bySession = await call<{ approvals: Approval[] }>(
      `/api/approvals?session_id=${chat.session_id}&state=pending`,
    );
    expect(bySession.approvals.map((listed) => listed.id)).toEqual([approval.id]);
    const byProject = await call<{ approvals: Approval[] }>("/api/approvals?state=pending");
    expect(byProject.approvals.map((listed) => listed.id)).toContain(approval.id);
    await server.json("POST", `/api/approvals/${approval.id}`, { decision: "reject" });
    await waitForOutcome(events, chat.run_id as string);
    expect(
      (await call<{ approvals: Approval[] }>(`/api/approvals?session_id=${chat.session_id}`)).approvals,
    ).toEqual([expect.objectContaining({ id: approval.id, state: "rejected" })]);
  },
  "POST /api/approvals/:approval_id": async ({ call, server, events }) => {
    server.fake.script(reply().toolCall("Bash", { command: "echo valid" }), reply().text("Ran it."));
    const chat = await server.json<ChatResponse>("POST", "/api/chat", { text: "Echo" });
    const approval = await waitForPendingApproval(server, events, chat.run_id as string);
    const answered = await call<Approval>(`/api/approvals/${approval.id}`, {
      body: { decision: "approve", feedback: "Go ahead." },
    });
    expect(answered).toMatchObject({
      id: approval.id,
      state: "approved",
      decision: "approve",
      feedback: "Go ahead.",
    });
    expect((await waitForOutcome(events, chat.run_id as string)).outcome).toBe("success");
  },
  "POST /api/plans/:message_id/execute": async ({ call, server, events }) => {
    const planId = await proposePlan(server, events);
    server.fake.script(reply().text("Executing."));
    const executed = await call<PlanActionResponse>(`/api/plans/${planId}/execute`, {
      body: { permission_mode: "acceptEdits" },
    });
    expect(executed).toMatchObject({
      message_id: planId,
      action: "execute",
      permission_mode: "acceptEdits",
      chat: { status: "started" },
    });
    await waitForOutcome(events, executed.chat.run_id as string);
  },
  "POST /api/plans/:message_id/refine": async ({ call, server, events }) => {
    const planId = await proposePlan(server, events);
    server.fake.script(reply().text("A smaller plan, then."));
    const refined = await call<PlanActionResponse>(`/api/plans/${planId}/refine`, {
      body: { feedback: "Make it smaller." },
    });
    expect(refined).toMatchObject({ action: "refine", permission_mode: "plan", chat: { status: "started" } });
    await waitForOutcome(events, refined.chat.run_id as string);
  },
  "GET /api/permission-rules": async ({ call, server }) => {
    const rule = await server.json<PermissionRuleRecord>("POST", "/api/permission-rules", {
      tool: "Bash",
      pattern: "npm test",
      behavior: "allow",
    });
    const listed = await call<PermissionRuleList>("/api/permission-rules");
    expect(listed.rules).toContainEqual(rule);
    await server.json("DELETE", `/api/permission-rules/${rule.id}`);
  },
  "POST /api/permission-rules": async ({ call, server }) => {
    const rule = await call<PermissionRuleRecord>("/api/permission-rules", {
      body: { tool: "Edit", pattern: "docs/**", behavior: "deny" },
    });
    expect(rule).toMatchObject({ tool: "Edit", pattern: "docs/**", behavior: "deny", source: "api" });
    await server.json("DELETE", `/api/permission-rules/${rule.id}`);
  },
  "DELETE /api/permission-rules/:rule_id": async ({ call, server }) => {
    const rule = await server.json<PermissionRuleRecord>("POST", "/api/permission-rules", {
      tool: "WebFetch",
      behavior: "ask",
    });
    expect(await call(`/api/permission-rules/${rule.id}`, { method: "DELETE" })).toEqual({
      deleted: true,
      rule_id: rule.id,
    });
  },
  "POST /api/sessions/:session_id/mode": async ({ call, server }) => {
    const session = await server.json<SessionSummary>("POST", "/api/sessions", {});
    expect(
      await call(`/api/sessions/${session.id}/mode`, { body: { permission_mode: "acceptEdits" } }),
    ).toEqual({
      agent_id: "main",
      permission_mode: "acceptEdits",
      source: "session",
      updated_at_ms: expect.any(Number),
    });
  },
  "POST /api/sessions/:session_id/rewind": async ({ call, fixture }) => {
    // The fixture's run changed no file: the dry run lists none and changes nothing.
    expect(
      await call(`/api/sessions/${fixture.sessionId}/rewind`, {
        body: { run_id: fixture.runId, dry_run: true },
      }),
    ).toEqual({ session_id: fixture.sessionId, run_id: fixture.runId, dry_run: true, files: [] });
  },
  "POST /api/sessions/:session_id/compact": async ({ call, server, events }) => {
    const session = await server.json<SessionSummary>("POST", "/api/sessions", {});
    for (const text of ["One", "Two", "Three"]) {
      server.fake.script(reply().text(`Answer to ${text}.`));
      const chat = await server.json<ChatResponse>("POST", "/api/chat", { session_id: session.id, text });
      await waitForOutcome(events, chat.run_id as string);
    }
    server.fake.script(reply().text("A summary of one."));
    const compacted = await call<CompactResponse>(`/api/sessions/${session.id}/compact`, { body: {} });
    expect(compacted).toMatchObject({ session_id: session.id, agent_id: "main", run_id: expect.any(String) });
  },
  "GET /api/settings": async ({ call }) => {
    expect(await call("/api/settings")).toMatchObject({
      settings: {},
      model: { ref: "anthropic:claude-test-1", is_demo: false },
    });
  },
  "POST /api/settings": async ({ call }) => {
    const view = await call<{ settings: Record<string, unknown> }>("/api/settings", {
      body: { max_turns: 30 },
    });
    expect(view.settings).toEqual({ max_turns: 30 });
    await call("/api/settings", { body: { max_turns: null } });
  },
  "GET /api/workspace/tree": async ({ call, server }) => {
    expect(await call("/api/workspace/tree?path=&depth=2")).toEqual({
      root: server.server.context.projectRoot,
      path: "",
      entries: [],
      truncated: false,
      excluded_patterns: expect.arrayContaining([".git"]),
    });
  },
  "GET /api/workspace/structure": async ({ call, server }) => {
    expect(await call("/api/workspace/structure?type=file_list&order=relevance")).toEqual({
      kind: "ProjectStructure",
      data: {
        root_path: server.server.context.projectRoot,
        structure_type: "file_list",
        content: [],
        generated_at: expect.any(String),
        excluded_patterns: expect.arrayContaining([".git", "node_modules"]),
      },
    });
  },
  "GET /api/mission": async ({ call }) => {
    expect(await call("/api/mission")).toEqual({ mission: null });
  },
  "GET /api/missions": async ({ call }) => {
    expect(await call("/api/missions")).toEqual({ missions: [] });
  },
  "POST /api/mission": async ({ call, server }) => {
    const mission = await call<{ id: string; text: string }>("/api/mission", {
      body: { text: "Valid mission" },
    });
    expect(mission.text).toBe("Valid mission");
    await server.json("DELETE", "/api/mission");
  },
  "DELETE /api/mission": async ({ call, server }) => {
    const mission = await server.json<{ id: string }>("POST", "/api/mission", { text: "To be cleared" });
    const cleared = await call<{ mission: { id: string; cleared_at_ms: number } }>("/api/mission", {
      method: "DELETE",
    });
    expect(cleared.mission).toMatchObject({ id: mission.id, cleared_at_ms: expect.any(Number) });
  },
  "GET /api/agent-override": async ({ call }) => {
    expect(await call("/api/agent-override?agent_id=nobody")).toEqual({ override: null });
  },
  "POST /api/agent-override": async ({ call }) => {
    expect(
      await call("/api/agent-override", { body: { agent_id: "writer", permission_mode: "acceptEdits" } }),
    ).toMatchObject({ agent_id: "writer", permission_mode: "acceptEdits" });
  },
  "GET /api/openapi.json": async ({ call }) => {
    expect(await call("/api/openapi.json")).toMatchObject({ openapi: "3.1.0" });
  },
  "GET /api/workflows": async ({ call, server }) => {
    writeWorkflow(
      server.directories.project,
      "valid-list",
      "name: valid-list\nsteps:\n  - id: a\n    run: echo a\n",
    );
    const list = await call<WorkflowList>("/api/workflows");
    expect(list.workflows.find((workflow) => workflow.name === "valid-list")).toMatchObject({
      source: "project",
      steps: [{ id: "a", name: "a", kind: "shell" }],
    });
  },
  "POST /api/workflows/:name/executions": async ({ call, server, fixture }) => {
    const execution = await startedWorkflow(server, fixture.sessionId, call);
    expect(execution).toMatchObject({ session_id: fixture.sessionId, execution: { status: "Running" } });
    await server.json("POST", `/api/workflow-executions/${execution.execution_id}/cancel`, {});
  },
  "GET /api/workflow-executions": async ({ call, server, fixture }) => {
    const execution = await startedWorkflow(server, fixture.sessionId);
    const list = await call<{ executions: WorkflowExecutionView[] }>(
      `/api/workflow-executions?session_id=${fixture.sessionId}`,
    );
    expect(list.executions[0]?.execution_id).toBe(execution.execution_id);
    await server.json("POST", `/api/workflow-executions/${execution.execution_id}/cancel`, {});
  },
  "GET /api/workflow-executions/:execution_id": async ({ call, server, fixture }) => {
    const execution = await startedWorkflow(server, fixture.sessionId);
    expect(await call(`/api/workflow-executions/${execution.execution_id}`)).toMatchObject({
      execution_id: execution.execution_id,
      workflow_name: "valid-wait",
    });
    await server.json("POST", `/api/workflow-executions/${execution.execution_id}/cancel`, {});
  },
  "POST /api/workflow-executions/:execution_id/pause": async ({ call, server, fixture }) => {
    const execution = await startedWorkflow(server, fixture.sessionId);
    const paused = await call<WorkflowExecutionView>(
      `/api/workflow-executions/${execution.execution_id}/pause`,
      {
        body: { now: true },
      },
    );
    expect(paused.execution.status).toBe("Paused");
    await server.json("POST", `/api/workflow-executions/${execution.execution_id}/cancel`, {});
  },
  "POST /api/workflow-executions/:execution_id/resume": async ({ call, server, fixture }) => {
    const execution = await startedWorkflow(server, fixture.sessionId);
    await server.json("POST", `/api/workflow-executions/${execution.execution_id}/pause`, { now: true });
    const resumed = await call<WorkflowExecutionView>(
      `/api/workflow-executions/${execution.execution_id}/resume`,
      {
        body: {},
      },
    );
    expect(resumed.execution.status).toBe("Running");
    await server.json("POST", `/api/workflow-executions/${execution.execution_id}/cancel`, {});
  },
  "POST /api/workflow-executions/:execution_id/retry": async ({ call, server, fixture, events }) => {
    writeWorkflow(
      server.directories.project,
      "valid-fail",
      "name: valid-fail\nsteps:\n  - id: a\n    run: exit 4\n",
    );
    await server.json("POST", "/api/permission-rules", { tool: "Bash", behavior: "allow" });
    const execution = await server.json<WorkflowExecutionView>(
      "POST",
      "/api/workflows/valid-fail/executions",
      {
        session_id: fixture.sessionId,
      },
    );
    const failures = (frames: readonly ReceivedFrame[]) =>
      eventsOfType(frames, "ContextUpdate").filter((event) => {
        const data = event.rich.data as { execution_id?: string; status?: string };
        return data.execution_id === execution.execution_id && data.status === "Failed";
      }).length;
    await events.waitFor((frames) => failures(frames) === 1);
    const retried = await call<WorkflowExecutionView>(
      `/api/workflow-executions/${execution.execution_id}/retry`,
      {
        body: {},
      },
    );
    expect(retried.execution).toMatchObject({ status: "Running", error: null });
    // The retried step fails again: let it, or its events land in later cases.
    await events.waitFor((frames) => failures(frames) === 2);
  },
  "POST /api/workflow-executions/:execution_id/cancel": async ({ call, server, fixture }) => {
    const execution = await startedWorkflow(server, fixture.sessionId);
    const cancelled = await call<WorkflowExecutionView>(
      `/api/workflow-executions/${execution.execution_id}/cancel`,
      {
        body: {},
      },
    );
    expect(cancelled.execution.status).toBe("Cancelled");
  },
  "GET /api/custom-commands": async ({ call }) => {
    // The project has none; the person running the tests may have their own (~/.claude/commands).
    const list = await call<{ commands: { source: string }[]; skipped: unknown[] }>("/api/custom-commands");
    expect(list.commands.filter((command) => command.source === "project")).toEqual([]);
  },
  "GET /api/mcp/servers": async ({ call }) => {
    expect(await call("/api/mcp/servers")).toEqual({
      servers: [],
      problems: [],
      trust_read_only_tools: false,
    });
  },
  "PUT /api/mcp/servers/:name": async ({ call, server }) => {
    const view = await call<{ name: string; source: string }>("/api/mcp/servers/valid-put", {
      method: "PUT",
      body: { config: { command: "/no/such/mcp-server" } },
    });
    expect(view).toMatchObject({ name: "valid-put", source: "user", transport: "stdio" });
    await server.json("DELETE", "/api/mcp/servers/valid-put");
  },
  "DELETE /api/mcp/servers/:name": async ({ call, server }) => {
    await server.json("PUT", "/api/mcp/servers/valid-delete", { config: { command: "/no/such/mcp-server" } });
    const list = await call<{ servers: { name: string }[] }>("/api/mcp/servers/valid-delete", {
      method: "DELETE",
    });
    expect(list.servers.map((entry) => entry.name)).not.toContain("valid-delete");
  },
  "PATCH /api/mcp/servers/:name": async ({ call, server }) => {
    await server.json("PUT", "/api/mcp/servers/valid-patch", { config: { command: "/no/such/mcp-server" } });
    expect(
      await call("/api/mcp/servers/valid-patch", { method: "PATCH", body: { enabled: false } }),
    ).toMatchObject({ name: "valid-patch", status: "disabled" });
    await server.json("DELETE", "/api/mcp/servers/valid-patch");
  },
  "POST /api/mcp/servers/:name/approve": async ({ call, server }) => {
    const digest = await projectMcpEntry(server, "valid-approve");
    expect(await call("/api/mcp/servers/valid-approve/approve", { body: { digest } })).toMatchObject({
      name: "valid-approve",
      source: "project",
      consent: { decision: "approved", digest },
    });
    await withoutProjectMcpEntries(server);
  },
  "POST /api/mcp/servers/:name/reject": async ({ call, server }) => {
    const digest = await projectMcpEntry(server, "valid-reject");
    expect(await call("/api/mcp/servers/valid-reject/reject", { body: { digest } })).toMatchObject({
      name: "valid-reject",
      status: "rejected",
      consent: { decision: "rejected", digest },
    });
    await withoutProjectMcpEntries(server);
  },
  "POST /api/mcp/servers/:name/unreject": async ({ call, server }) => {
    const digest = await projectMcpEntry(server, "valid-unreject");
    await server.json("POST", "/api/mcp/servers/valid-unreject/reject", { digest });
    expect(await call("/api/mcp/servers/valid-unreject/unreject", { body: {} })).toMatchObject({
      name: "valid-unreject",
      status: "needs_approval",
      consent: { decision: "pending", digest },
    });
    await withoutProjectMcpEntries(server);
  },
  "POST /api/mcp/servers/:name/reconnect": async ({ call, server }) => {
    await server.json("PUT", "/api/mcp/servers/valid-again", { config: { command: "/no/such/mcp-server" } });
    await server.server.context.mcp.settled();
    expect(await call("/api/mcp/servers/valid-again/reconnect", { body: {} })).toMatchObject({
      name: "valid-again",
      status: "connecting",
    });
    await server.json("DELETE", "/api/mcp/servers/valid-again");
  },
  "PUT /api/mcp/settings": async ({ call, server }) => {
    expect(
      await call("/api/mcp/settings", { method: "PUT", body: { trust_read_only_tools: true } }),
    ).toMatchObject({ trust_read_only_tools: true });
    await server.json("PUT", "/api/mcp/settings", { trust_read_only_tools: false });
  },
  "POST /api/mcp/prompt-commands": async ({ call, server }) => {
    await server.json("PUT", "/api/mcp/servers/valid-prompts", {
      config: { command: process.execPath, args: [FIXTURE_MCP_SERVER] },
    });
    await server.server.context.mcp.settled();
    expect(
      await call("/api/mcp/prompt-commands", {
        body: { command: "/mcp__valid-prompts__review", input: "a.ts" },
      }),
    ).toEqual({ text: "Please review a.ts carefully." });
    await server.json("DELETE", "/api/mcp/servers/valid-prompts");
  },
};

/** Writes a project `.mcp.json` with one entry (a program that does not exist) and returns its digest. */
async function projectMcpEntry(server: TestServer, name: string): Promise<string> {
  writeFileSync(
    join(server.directories.project, ".mcp.json"),
    JSON.stringify({ mcpServers: { [name]: { command: "/no/such/mcp-server" } } }),
  );
  const { servers } = await server.json<{ servers: { name: string; consent?: { digest: string } }[] }>(
    "GET",
    "/api/mcp/servers",
  );
  return servers.find((entry) => entry.name === name)?.consent?.digest as string;
}

/** Removes the project's `.mcp.json` again, so the other cases see no project server. */
async function withoutProjectMcpEntries(server: TestServer): Promise<void> {
  rmSync(join(server.directories.project, ".mcp.json"), { force: true });
  await server.json("GET", "/api/mcp/servers");
}

/** Starts a workflow whose one step waits for a file nobody writes (each case cancels it). */
async function startedWorkflow(
  server: TestServer,
  sessionId: string,
  call?: Context["call"],
): Promise<WorkflowExecutionView> {
  writeWorkflow(
    server.directories.project,
    "valid-wait",
    'name: valid-wait\nsteps:\n  - id: wait\n    run: sh -c "while [ ! -f never ]; do sleep 0.05; done"\n',
  );
  await server.json("POST", "/api/permission-rules", { tool: "Bash", behavior: "allow" });
  const body = { session_id: sessionId };
  return call === undefined
    ? server.json<WorkflowExecutionView>("POST", "/api/workflows/valid-wait/executions", body)
    : call<WorkflowExecutionView>("/api/workflows/valid-wait/executions", { body });
}

/** Puts a fresh session in plan mode and has the agent answer with a plan; returns the Plan message id. */
async function proposePlan(server: TestServer, events: EventStream): Promise<string> {
  const session = await server.json<SessionSummary>("POST", "/api/sessions", {});
  await server.json("POST", `/api/sessions/${session.id}/mode`, { permission_mode: "plan" });
  const plan = {
    type: "plan",
    goal: "Tidy up",
    steps: [{ step_number: 1, action: "Sort imports", reason: "tidiness" }],
  };
  server.fake.script(reply().text(JSON.stringify(plan)));
  const chat = await server.json<ChatResponse>("POST", "/api/chat", {
    session_id: session.id,
    text: "Plan a tidy-up",
  });
  const update = await waitForEvent(events, "PlanUpdate", (event) => event.run_id === chat.run_id);
  await waitForOutcome(events, chat.run_id as string);
  const state = await server.json<{ messages: StoredMessage[] }>("GET", `/api/sessions/${session.id}/state`);
  expect(state.messages.find((message) => message.id === update.message_id)?.rich.kind).toBe("Plan");
  return update.message_id as string;
}

describe("every API route with valid input", () => {
  let fixture: RouteFixture;
  let routes: Map<string, RouteDefinition>;
  const server = useTestServer();
  const events = useServerEvents(server);
  beforeAll(async () => {
    fixture = await createRouteFixture(server, events);
    routes = routesByKey(server);
  });

  it("has a valid-input case for every route the server registers", () => {
    expect(Object.keys(validCases).sort()).toEqual([...routes.keys()].sort());
  });

  it.each(Object.keys(validCases))("%s answers with its protocol response schema", async (key) => {
    const route = routes.get(key) as RouteDefinition;
    const call = async <T>(
      path: string,
      options: { method?: string; body?: unknown; auth?: boolean } = {},
    ) => {
      const response = await server.request(options.method ?? route.method.toUpperCase(), path, {
        ...(options.body !== undefined && { body: options.body }),
        ...(options.auth === false && { auth: false }),
      });
      return (await decodeResponse(response, route.response, route.status ?? 200)) as T;
    };

    await validCases[key]?.({ server, events, fixture, route, call });
  });
});

/** A Claude Code subagent of the project, as `.claude/agents/<name>.md` declares one; returns its removal. */
function writeReviewerAgent(project: string): () => void {
  mkdirSync(join(project, ".claude", "agents"), { recursive: true });
  writeFileSync(
    join(project, ".claude", "agents", "reviewer.md"),
    "---\nname: reviewer\ndescription: Reviews a change for bugs\n---\nYou review changes.\n",
  );
  // Other cases read the same project's files: leave it as it was.
  return () => rmSync(join(project, ".claude"), { recursive: true, force: true });
}

/** Runs `check` with Codex reading `codexHome` (CODEX_HOME is read when the CLI is asked), then removes it. */
async function withCodexHome(codexHome: string, check: () => Promise<void>): Promise<void> {
  const previous = process.env.CODEX_HOME;
  process.env.CODEX_HOME = codexHome;
  try {
    await check();
  } finally {
    if (previous === undefined) delete process.env.CODEX_HOME;
    else process.env.CODEX_HOME = previous;
    rmSync(codexHome, { recursive: true, force: true });
  }
}
