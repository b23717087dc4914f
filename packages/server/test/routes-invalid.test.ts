import type { ApiErrorCode, ChatResponse } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteDefinition } from "../src/http/route.ts";
import { MAX_BODY_BYTES } from "../src/limits/server-limits.ts";
import { expectApiError, writtenState } from "./support/api-checks.ts";
import { createRouteFixture, type RouteFixture, routesByKey } from "./support/route-fixture.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

/** One bad request and the error it must get. */
interface BadRequest {
  /** What is wrong with it. */
  name: string;
  method?: string;
  path: string;
  body?: unknown;
  /** Sent as-is (with `content-type: application/json` unless `headers` say otherwise). */
  rawBody?: string;
  headers?: Record<string, string>;
  status: number;
  code: ApiErrorCode;
  /** The input the error must name, e.g. `body.text`. */
  field?: string;
}

const text = (length: number) => "x".repeat(length);

/**
 * Route-specific bad input, per route. Body-format and path-parameter cases every route shares are
 * derived from the route definitions (see `sharedCases`).
 */
const specificCases: Record<string, (fixture: RouteFixture) => Omit<BadRequest, "method">[]> = {
  // Takes no input.
  "GET /api/health": () => [],
  "GET /api/limits": () => [],
  "POST /api/auth/login-url": () => [
    {
      name: "a form post",
      path: "/api/auth/login-url",
      rawBody: "a=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      status: 415,
      code: "unsupported_media_type",
    },
  ],
  "GET /api/events": () => [
    {
      name: "a cursor that is not a number",
      path: "/api/events?after=soon",
      status: 400,
      code: "invalid_request",
      field: "query.after",
    },
    {
      name: "a negative cursor",
      path: "/api/events?after=-1",
      status: 400,
      code: "invalid_request",
      field: "query.after",
    },
    {
      name: "a Last-Event-ID that is not a number",
      path: "/api/events",
      headers: { "last-event-id": "abc" },
      status: 400,
      code: "invalid_request",
      field: "header.last-event-id",
    },
    {
      name: "a malformed session id",
      path: "/api/events?session_id=a%20b",
      status: 400,
      code: "invalid_request",
      field: "query.session_id",
    },
    {
      name: "an unknown session",
      path: "/api/events?session_id=ses_unknown",
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/ag-ui": () => [
    {
      name: "messages that are not a list",
      path: "/api/ag-ui",
      body: { threadId: "thread-1", runId: "run-1", messages: "hello" },
      status: 400,
      code: "invalid_request",
      field: "body.messages",
    },
    {
      name: "a thread id that cannot name a session",
      path: "/api/ag-ui",
      body: { threadId: "a b/c", runId: "run-1", messages: [{ id: "m1", role: "user", content: "hi" }] },
      status: 400,
      code: "invalid_request",
      field: "body.threadId",
    },
    {
      name: "no user message",
      path: "/api/ag-ui",
      body: { threadId: "thread-1", runId: "run-1", messages: [] },
      status: 400,
      code: "invalid_request",
      field: "body.messages",
    },
  ],
  "POST /api/chat": () => [
    {
      name: "no text",
      path: "/api/chat",
      body: {},
      status: 400,
      code: "invalid_request",
      field: "body.text",
    },
    {
      name: "empty text",
      path: "/api/chat",
      body: { text: "" },
      status: 400,
      code: "invalid_request",
      field: "body.text",
    },
    {
      name: "blank text",
      path: "/api/chat",
      body: { text: " \n\t " },
      status: 400,
      code: "invalid_request",
      field: "body.text",
    },
    {
      name: "text that is a number",
      path: "/api/chat",
      body: { text: 42 },
      status: 400,
      code: "invalid_request",
      field: "body.text",
    },
    {
      name: "text over 100 000 characters",
      path: "/api/chat",
      body: { text: text(100_001) },
      status: 400,
      code: "invalid_request",
      field: "body.text",
    },
    {
      name: "a malformed session id",
      path: "/api/chat",
      body: { text: "hi", session_id: "../etc" },
      status: 400,
      code: "invalid_request",
      field: "body.session_id",
    },
    {
      name: "an empty agent id",
      path: "/api/chat",
      body: { text: "hi", agent_id: "" },
      status: 400,
      code: "invalid_request",
      field: "body.agent_id",
    },
    {
      name: "a too short client message id",
      path: "/api/chat",
      body: { text: "hi", client_message_id: "short" },
      status: 400,
      code: "invalid_request",
      field: "body.client_message_id",
    },
    {
      // Nothing is recorded: neither a session, nor the message, nor its client_message_id.
      name: "an unknown session",
      path: "/api/chat",
      body: { text: "hi", session_id: "ses_unknown", client_message_id: "invalid-unknown-session" },
      status: 404,
      code: "not_found",
    },
  ],
  "GET /api/queue-items/:item_id": () => [
    { name: "an unknown item", path: "/api/queue-items/q_unknown", status: 404, code: "not_found" },
  ],
  "DELETE /api/queue-items/:item_id": () => [
    { name: "an unknown item", path: "/api/queue-items/q_unknown", status: 404, code: "not_found" },
  ],
  "GET /api/sessions": () => [],
  "POST /api/sessions": () => [
    {
      name: "an empty title",
      path: "/api/sessions",
      body: { title: "" },
      status: 400,
      code: "invalid_request",
      field: "body.title",
    },
    {
      name: "a title that is a number",
      path: "/api/sessions",
      body: { title: 7 },
      status: 400,
      code: "invalid_request",
      field: "body.title",
    },
    {
      name: "a title over 200 characters",
      path: "/api/sessions",
      body: { title: text(201) },
      status: 400,
      code: "invalid_request",
      field: "body.title",
    },
    {
      name: "an agent CLI model that its CLI would read as an option",
      path: "/api/sessions",
      body: { backend: "gemini", backend_model: "--yolo" },
      status: 400,
      code: "invalid_request",
      field: "body.backend_model",
    },
    {
      name: "an agent CLI agent that its CLI would read as an option",
      path: "/api/sessions",
      body: { backend: "opencode", backend_agent: "-p" },
      status: 400,
      code: "invalid_request",
      field: "body.backend_agent",
    },
    {
      name: "an agent CLI model with a control character",
      path: "/api/sessions",
      body: { backend: "codex", backend_model: "gpt\u001b[2J" },
      status: 400,
      code: "invalid_request",
      field: "body.backend_model",
    },
  ],
  "PATCH /api/sessions/:session_id": (fixture) => [
    {
      name: "no title",
      path: `/api/sessions/${fixture.sessionId}`,
      body: {},
      status: 400,
      code: "invalid_request",
      field: "body.title",
    },
    {
      name: "a blank title",
      path: `/api/sessions/${fixture.sessionId}`,
      body: { title: "  " },
      status: 400,
      code: "invalid_request",
      field: "body.title",
    },
    {
      name: "an unknown session",
      path: "/api/sessions/ses_unknown",
      body: { title: "New" },
      status: 404,
      code: "not_found",
    },
  ],
  "DELETE /api/sessions/:session_id": () => [
    { name: "an unknown session", path: "/api/sessions/ses_unknown", status: 404, code: "not_found" },
  ],
  "GET /api/sessions/:session_id/state": (fixture) => [
    {
      name: "a limit of 0",
      path: `/api/sessions/${fixture.sessionId}/state?limit=0`,
      status: 400,
      code: "invalid_request",
      field: "query.limit",
    },
    {
      name: "a limit over 10 000",
      path: `/api/sessions/${fixture.sessionId}/state?limit=10001`,
      status: 400,
      code: "invalid_request",
      field: "query.limit",
    },
    {
      name: "a limit that is not a number",
      path: `/api/sessions/${fixture.sessionId}/state?limit=all`,
      status: 400,
      code: "invalid_request",
      field: "query.limit",
    },
    {
      name: "a negative position",
      path: `/api/sessions/${fixture.sessionId}/state?before_position=-1`,
      status: 400,
      code: "invalid_request",
      field: "query.before_position",
    },
    { name: "an unknown session", path: "/api/sessions/ses_unknown/state", status: 404, code: "not_found" },
  ],
  "GET /api/sessions/:session_id/messages": (fixture) => [
    {
      name: "a fractional limit",
      path: `/api/sessions/${fixture.sessionId}/messages?limit=1.5`,
      status: 400,
      code: "invalid_request",
      field: "query.limit",
    },
    {
      name: "a position that is not a number",
      path: `/api/sessions/${fixture.sessionId}/messages?before_position=last`,
      status: 400,
      code: "invalid_request",
      field: "query.before_position",
    },
    {
      name: "an unknown session",
      path: "/api/sessions/ses_unknown/messages",
      status: 404,
      code: "not_found",
    },
  ],
  "GET /api/chat-sessions": () => [],
  "POST /api/sessions/:session_id/messages": (fixture) => [
    {
      name: "no text",
      path: `/api/sessions/${fixture.sessionId}/messages`,
      body: {},
      status: 400,
      code: "invalid_request",
      field: "body.text",
    },
    {
      name: "a malformed agent id",
      path: `/api/sessions/${fixture.sessionId}/messages`,
      body: { text: "hi", agent_id: "a b" },
      status: 400,
      code: "invalid_request",
      field: "body.agent_id",
    },
    {
      name: "an unknown session",
      path: "/api/sessions/ses_unknown/messages",
      body: { text: "hi" },
      status: 404,
      code: "not_found",
    },
  ],
  "GET /api/sessions/:session_id/history": () => [
    { name: "an unknown session", path: "/api/sessions/ses_unknown/history", status: 404, code: "not_found" },
  ],
  "GET /api/sessions/:session_id/status": (fixture) => [
    {
      name: "a malformed agent id",
      path: `/api/sessions/${fixture.sessionId}/status?agent_id=a%2Fb`,
      status: 400,
      code: "invalid_request",
      field: "query.agent_id",
    },
    { name: "an unknown session", path: "/api/sessions/ses_unknown/status", status: 404, code: "not_found" },
  ],
  "GET /api/agents": () => [
    {
      name: "a backend Parley has no adapter for",
      path: "/api/agents?backend=cobol",
      status: 400,
      code: "invalid_request",
      field: "query.backend",
    },
  ],
  "GET /api/agent-clis/:name/agents": () => [
    {
      name: "a CLI Parley has no adapter for",
      path: "/api/agent-clis/cobol/agents",
      status: 400,
      code: "invalid_request",
      field: "params.name",
    },
  ],
  "GET /api/agent-clis/:name/models": () => [
    {
      name: "a CLI Parley has no adapter for",
      path: "/api/agent-clis/cobol/models",
      status: 400,
      code: "invalid_request",
      field: "params.name",
    },
  ],
  "GET /api/agent-clis": () => [],
  "GET /api/agent-clis/:name/sessions": () => [
    {
      name: "a CLI Parley has no adapter for",
      path: "/api/agent-clis/cobol/sessions",
      status: 400,
      code: "invalid_request",
      field: "params.name",
    },
  ],
  "POST /api/agent-clis/:name/sessions/:session_id/import": () => [
    {
      name: "a session id with characters no CLI uses",
      path: "/api/agent-clis/codex/sessions/bad%3Aid/import",
      body: {},
      status: 400,
      code: "invalid_request",
      field: "params.session_id",
    },
    {
      name: "a session id its CLI would read as an option",
      path: "/api/agent-clis/opencode/sessions/--help/import",
      body: {},
      status: 400,
      code: "invalid_request",
      field: "params.session_id",
    },
  ],
  "GET /api/agent-runs": () => [
    {
      name: "a malformed session id",
      path: "/api/agent-runs?session_id=%00",
      status: 400,
      code: "invalid_request",
      field: "query.session_id",
    },
    {
      name: "an empty project root",
      path: "/api/agent-runs?project_root=",
      status: 400,
      code: "invalid_request",
      field: "query.project_root",
    },
    {
      name: "an unknown session",
      path: "/api/agent-runs?session_id=ses_unknown",
      status: 404,
      code: "not_found",
    },
  ],
  "GET /api/agent-children": () => [
    {
      name: "no run id",
      path: "/api/agent-children",
      status: 400,
      code: "invalid_request",
      field: "query.run_id",
    },
    {
      name: "an unknown run",
      path: "/api/agent-children?run_id=run_unknown",
      status: 404,
      code: "not_found",
    },
  ],
  "GET /api/agent-context": (fixture) => [
    {
      name: "no run id",
      path: "/api/agent-context?view=raw",
      status: 400,
      code: "invalid_request",
      field: "query.run_id",
    },
    {
      name: "an unknown view",
      path: `/api/agent-context?run_id=${fixture.runId}&view=full`,
      status: 400,
      code: "invalid_request",
      field: "query.view",
    },
    { name: "an unknown run", path: "/api/agent-context?run_id=run_unknown", status: 404, code: "not_found" },
  ],
  "POST /api/agent-cancel": (fixture) => [
    {
      name: "no run id",
      path: "/api/agent-cancel",
      body: {},
      status: 400,
      code: "invalid_request",
      field: "body.run_id",
    },
    {
      name: "a run id that is a number",
      path: "/api/agent-cancel",
      body: { run_id: 1 },
      status: 400,
      code: "invalid_request",
      field: "body.run_id",
    },
    {
      name: "clear_queue that is not a boolean",
      path: "/api/agent-cancel",
      body: { run_id: fixture.runId, clear_queue: "yes" },
      status: 400,
      code: "invalid_request",
      field: "body.clear_queue",
    },
    {
      name: "an unknown run",
      path: "/api/agent-cancel",
      body: { run_id: "run_unknown" },
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/ask-user-response": (fixture) => [
    {
      name: "no question id",
      path: "/api/ask-user-response",
      body: { answers: ["a"] },
      status: 400,
      code: "invalid_request",
      field: "body.question_id",
    },
    {
      name: "no answers",
      path: "/api/ask-user-response",
      body: { question_id: fixture.questionId, answers: [] },
      status: 400,
      code: "invalid_request",
      field: "body.answers",
    },
    {
      name: "an answer that is a number",
      path: "/api/ask-user-response",
      body: { question_id: fixture.questionId, answers: [1, "b"] },
      status: 400,
      code: "invalid_request",
      field: "body.answers.0",
    },
    {
      name: "fewer answers than questions",
      path: "/api/ask-user-response",
      body: { question_id: fixture.questionId, answers: ["sqlite"] },
      status: 400,
      code: "invalid_request",
      field: "body.answers",
    },
    {
      name: "an unknown question",
      path: "/api/ask-user-response",
      body: { question_id: "q_unknown", answers: ["a"] },
      status: 404,
      code: "not_found",
    },
  ],
  "GET /api/approvals": () => [
    {
      name: "an unknown state",
      path: "/api/approvals?state=maybe",
      status: 400,
      code: "invalid_request",
      field: "query.state",
    },
    {
      name: "an unknown session",
      path: "/api/approvals?session_id=ses_unknown",
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/approvals/:approval_id": () => [
    {
      name: "no decision",
      path: "/api/approvals/apv_unknown",
      body: {},
      status: 400,
      code: "invalid_request",
      field: "body.decision",
    },
    {
      name: "an unknown decision",
      path: "/api/approvals/apv_unknown",
      body: { decision: "maybe" },
      status: 400,
      code: "invalid_request",
      field: "body.decision",
    },
    {
      name: "an edited input with a rejection",
      path: "/api/approvals/apv_unknown",
      body: { decision: "reject", updated_input: { command: "ls" } },
      status: 400,
      code: "invalid_request",
      field: "body.updated_input",
    },
    {
      name: "an edited input that is not an object",
      path: "/api/approvals/apv_unknown",
      body: { decision: "approve", updated_input: "ls" },
      status: 400,
      code: "invalid_request",
      field: "body.updated_input",
    },
    {
      name: "feedback over 20 000 characters",
      path: "/api/approvals/apv_unknown",
      body: { decision: "reject", feedback: text(20_001) },
      status: 400,
      code: "invalid_request",
      field: "body.feedback",
    },
    {
      name: "an unknown approval",
      path: "/api/approvals/apv_unknown",
      body: { decision: "approve" },
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/plans/:message_id/execute": () => [
    {
      name: "plan mode as the mode to execute in",
      path: "/api/plans/msg_unknown/execute",
      body: { permission_mode: "plan" },
      status: 400,
      code: "invalid_request",
      field: "body.permission_mode",
    },
    {
      name: "an unknown plan",
      path: "/api/plans/msg_unknown/execute",
      body: {},
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/plans/:message_id/refine": () => [
    {
      name: "no feedback",
      path: "/api/plans/msg_unknown/refine",
      body: {},
      status: 400,
      code: "invalid_request",
      field: "body.feedback",
    },
    {
      name: "blank feedback",
      path: "/api/plans/msg_unknown/refine",
      body: { feedback: "   " },
      status: 400,
      code: "invalid_request",
      field: "body.feedback",
    },
    {
      name: "an unknown plan",
      path: "/api/plans/msg_unknown/refine",
      body: { feedback: "Shorter, please." },
      status: 404,
      code: "not_found",
    },
  ],
  "GET /api/permission-rules": () => [
    {
      name: "another project",
      path: "/api/permission-rules?project_root=%2Fsomewhere%2Felse",
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/permission-rules": () => [
    {
      name: "no tool",
      path: "/api/permission-rules",
      body: { behavior: "allow" },
      status: 400,
      code: "invalid_request",
      field: "body.tool",
    },
    {
      name: "an unknown behavior",
      path: "/api/permission-rules",
      body: { tool: "Bash", behavior: "sometimes" },
      status: 400,
      code: "invalid_request",
      field: "body.behavior",
    },
    {
      name: "an empty pattern",
      path: "/api/permission-rules",
      body: { tool: "Bash", pattern: "", behavior: "allow" },
      status: 400,
      code: "invalid_request",
      field: "body.pattern",
    },
  ],
  "DELETE /api/permission-rules/:rule_id": () => [
    {
      name: "an unknown rule",
      path: "/api/permission-rules/rule_unknown",
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/sessions/:session_id/mode": (fixture) => [
    {
      name: "a mode that does not exist",
      path: `/api/sessions/${fixture.sessionId}/mode`,
      body: { permission_mode: "yolo" },
      status: 400,
      code: "invalid_request",
      field: "body.permission_mode",
    },
    {
      name: "no mode",
      path: `/api/sessions/${fixture.sessionId}/mode`,
      body: { agent_id: "main" },
      status: 400,
      code: "invalid_request",
      field: "body.permission_mode",
    },
    {
      name: "an agent id with a space",
      path: `/api/sessions/${fixture.sessionId}/mode`,
      body: { agent_id: "a b", permission_mode: "plan" },
      status: 400,
      code: "invalid_request",
      field: "body.agent_id",
    },
    {
      name: "an unknown session",
      path: "/api/sessions/ses_unknown/mode",
      body: { permission_mode: "plan" },
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/sessions/:session_id/rewind": (fixture) => [
    {
      name: "no run",
      path: `/api/sessions/${fixture.sessionId}/rewind`,
      body: { dry_run: true },
      status: 400,
      code: "invalid_request",
      field: "body.run_id",
    },
    {
      name: "dry_run as a string",
      path: `/api/sessions/${fixture.sessionId}/rewind`,
      body: { run_id: fixture.runId, dry_run: "yes" },
      status: 400,
      code: "invalid_request",
      field: "body.dry_run",
    },
    {
      name: "an unknown run",
      path: `/api/sessions/${fixture.sessionId}/rewind`,
      body: { run_id: "run_unknown", dry_run: true },
      status: 404,
      code: "not_found",
    },
    {
      name: "an unknown session",
      path: "/api/sessions/ses_unknown/rewind",
      body: { run_id: fixture.runId, dry_run: true },
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/sessions/:session_id/compact": (fixture) => [
    {
      name: "instructions over 10 000 characters",
      path: `/api/sessions/${fixture.sessionId}/compact`,
      body: { instructions: text(10_001) },
      status: 400,
      code: "invalid_request",
      field: "body.instructions",
    },
    {
      name: "an unknown session",
      path: "/api/sessions/ses_unknown/compact",
      body: {},
      status: 404,
      code: "not_found",
    },
    {
      name: "a conversation too short to compact",
      path: `/api/sessions/${fixture.sessionId}/compact`,
      body: {},
      status: 409,
      code: "conflict",
    },
  ],
  "GET /api/settings": () => [],
  "POST /api/settings": () => [
    {
      name: "max_turns as a string",
      path: "/api/settings",
      body: { max_turns: "5" },
      status: 400,
      code: "invalid_request",
      field: "body.max_turns",
    },
    {
      name: "an unknown provider",
      path: "/api/settings",
      body: { model: "acme:rocket-1" },
      status: 400,
      code: "invalid_request",
      field: "body.model",
    },
  ],
  "GET /api/workspace/tree": () => [
    {
      name: "a depth of 9",
      path: "/api/workspace/tree?depth=9",
      status: 400,
      code: "invalid_request",
      field: "query.depth",
    },
    {
      name: "a parent directory",
      path: "/api/workspace/tree?path=..%2F..",
      status: 400,
      code: "invalid_request",
      field: "query.path",
    },
    { name: "a missing folder", path: "/api/workspace/tree?path=nope", status: 404, code: "not_found" },
  ],
  "GET /api/workspace/structure": () => [
    {
      name: "an unknown structure type",
      path: "/api/workspace/structure?type=graph",
      status: 400,
      code: "invalid_request",
      field: "query.type",
    },
    {
      name: "a depth of zero",
      path: "/api/workspace/structure?type=tree&max_depth=0",
      status: 400,
      code: "invalid_request",
      field: "query.max_depth",
    },
    {
      name: "an unknown order",
      path: "/api/workspace/structure?type=file_list&order=size",
      status: 400,
      code: "invalid_request",
      field: "query.order",
    },
  ],
  "GET /api/mission": () => [
    {
      name: "an empty project root",
      path: "/api/mission?project_root=",
      status: 400,
      code: "invalid_request",
      field: "query.project_root",
    },
    {
      name: "another project",
      path: "/api/mission?project_root=%2Felsewhere",
      status: 404,
      code: "not_found",
    },
  ],
  "GET /api/missions": () => [
    {
      name: "an empty project root",
      path: "/api/missions?project_root=",
      status: 400,
      code: "invalid_request",
      field: "query.project_root",
    },
  ],
  "POST /api/mission": () => [
    {
      name: "no text",
      path: "/api/mission",
      body: {},
      status: 400,
      code: "invalid_request",
      field: "body.text",
    },
    {
      name: "text over 20 000 characters",
      path: "/api/mission",
      body: { text: text(20_001) },
      status: 400,
      code: "invalid_request",
      field: "body.text",
    },
    {
      name: "another project",
      path: "/api/mission",
      body: { text: "x", project_root: "/elsewhere" },
      status: 404,
      code: "not_found",
    },
  ],
  "DELETE /api/mission": () => [
    {
      name: "an empty project root",
      path: "/api/mission?project_root=",
      status: 400,
      code: "invalid_request",
      field: "query.project_root",
    },
  ],
  "GET /api/agent-override": () => [
    {
      name: "no agent id",
      path: "/api/agent-override",
      status: 400,
      code: "invalid_request",
      field: "query.agent_id",
    },
  ],
  "POST /api/agent-override": () => [
    {
      name: "no agent id",
      path: "/api/agent-override",
      body: { model: "demo" },
      status: 400,
      code: "invalid_request",
      field: "body.agent_id",
    },
    {
      name: "a model that is not provider:model",
      path: "/api/agent-override",
      body: { agent_id: "main", model: "gpt" },
      status: 400,
      code: "invalid_request",
      field: "body.model",
    },
    {
      name: "an unknown permission mode",
      path: "/api/agent-override",
      body: { agent_id: "main", permission_mode: "yolo" },
      status: 400,
      code: "invalid_request",
      field: "body.permission_mode",
    },
    {
      name: "a system prompt over 100 000 characters",
      path: "/api/agent-override",
      body: { agent_id: "main", system_prompt: text(100_001) },
      status: 400,
      code: "invalid_request",
      field: "body.system_prompt",
    },
    {
      name: "an unknown field nested too deeply",
      path: "/api/agent-override",
      rawBody: `{"agent_id":"main","extra":${"[".repeat(5000)}${"]".repeat(5000)}}`,
      status: 400,
      code: "invalid_request",
      field: "body",
    },
  ],
  "GET /api/openapi.json": () => [],
  "GET /api/workflows": () => [],
  "POST /api/workflows/:name/executions": (fixture) => [
    {
      name: "an unknown workflow",
      path: "/api/workflows/nothing-here/executions",
      body: {},
      status: 404,
      code: "not_found",
    },
    {
      name: "a name that is not a workflow name",
      path: "/api/workflows/Bad%20Name/executions",
      body: {},
      status: 400,
      code: "invalid_request",
      field: "params.name",
    },
    {
      name: "an input that is an object",
      path: "/api/workflows/anything/executions",
      body: { inputs: { x: { y: 1 } } },
      status: 400,
      code: "invalid_request",
      field: "body.inputs.x",
    },
    {
      name: "an unknown session",
      path: "/api/workflows/anything/executions",
      body: { session_id: `${fixture.sessionId}x` },
      status: 404,
      code: "not_found",
    },
  ],
  "GET /api/workflow-executions": () => [
    {
      name: "a session id with a slash",
      path: "/api/workflow-executions?session_id=a%2Fb",
      status: 400,
      code: "invalid_request",
      field: "query.session_id",
    },
  ],
  "GET /api/workflow-executions/:execution_id": () => [
    {
      name: "an unknown execution",
      path: "/api/workflow-executions/wfx_unknown",
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/workflow-executions/:execution_id/pause": () => [
    {
      name: "now that is not a boolean",
      path: "/api/workflow-executions/wfx_unknown/pause",
      body: { now: "yes" },
      status: 400,
      code: "invalid_request",
      field: "body.now",
    },
    {
      name: "an unknown execution",
      path: "/api/workflow-executions/wfx_unknown/pause",
      body: {},
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/workflow-executions/:execution_id/resume": () => [
    {
      name: "an unknown execution",
      path: "/api/workflow-executions/wfx_unknown/resume",
      body: {},
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/workflow-executions/:execution_id/retry": () => [
    {
      name: "an unknown execution",
      path: "/api/workflow-executions/wfx_unknown/retry",
      body: {},
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/workflow-executions/:execution_id/cancel": () => [
    {
      name: "an unknown execution",
      path: "/api/workflow-executions/wfx_unknown/cancel",
      body: {},
      status: 404,
      code: "not_found",
    },
  ],
  "PUT /api/mcp/servers/:name": () => [
    {
      name: "a name that cannot be a server name",
      path: "/api/mcp/servers/Bad%20Name",
      body: { config: { command: "x" } },
      status: 400,
      code: "invalid_request",
      field: "params.name",
    },
    {
      name: "a config that is neither stdio nor remote",
      path: "/api/mcp/servers/fine",
      body: { config: { type: "http", url: "not a url" } },
      status: 400,
      code: "invalid_request",
      field: "body.config.url",
    },
  ],
  // Takes no input to get wrong (the shared cases cover authentication and Host/Origin).
  "GET /api/custom-commands": () => [],
  "GET /api/mcp/servers": () => [],
  "DELETE /api/mcp/servers/:name": () => [
    { name: "an unknown server", path: "/api/mcp/servers/nobody", status: 404, code: "not_found" },
  ],
  "PATCH /api/mcp/servers/:name": () => [
    {
      name: "enabled that is not a boolean",
      path: "/api/mcp/servers/nobody",
      body: { enabled: "yes" },
      status: 400,
      code: "invalid_request",
      field: "body.enabled",
    },
    {
      name: "an unknown server",
      path: "/api/mcp/servers/nobody",
      body: { enabled: true },
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/mcp/servers/:name/approve": () => [
    {
      name: "no digest of the entry the person saw",
      path: "/api/mcp/servers/nobody/approve",
      body: {},
      status: 400,
      code: "invalid_request",
      field: "body.digest",
    },
    {
      name: "an unknown server",
      path: "/api/mcp/servers/nobody/approve",
      body: { digest: "0".repeat(64) },
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/mcp/servers/:name/reject": () => [
    {
      name: "a digest that is not a SHA-256 in hex",
      path: "/api/mcp/servers/nobody/reject",
      body: { digest: "abc" },
      status: 400,
      code: "invalid_request",
      field: "body.digest",
    },
    {
      name: "an unknown server",
      path: "/api/mcp/servers/nobody/reject",
      body: { digest: "0".repeat(64) },
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/mcp/servers/:name/unreject": () => [
    {
      name: "an unknown server",
      path: "/api/mcp/servers/nobody/unreject",
      body: {},
      status: 404,
      code: "not_found",
    },
  ],
  "POST /api/mcp/servers/:name/reconnect": () => [
    {
      name: "an unknown server",
      path: "/api/mcp/servers/nobody/reconnect",
      body: {},
      status: 404,
      code: "not_found",
    },
  ],
  "PUT /api/mcp/settings": () => [
    {
      name: "no trust_read_only_tools",
      path: "/api/mcp/settings",
      body: {},
      status: 400,
      code: "invalid_request",
      field: "body.trust_read_only_tools",
    },
  ],
  "POST /api/mcp/prompt-commands": () => [
    {
      name: "a command that is not an MCP prompt command",
      path: "/api/mcp/prompt-commands",
      body: { command: "review" },
      status: 400,
      code: "invalid_request",
      field: "body.command",
    },
    {
      name: "a prompt no connected server has",
      path: "/api/mcp/prompt-commands",
      body: { command: "/mcp__nobody__review" },
      status: 400,
      code: "invalid_request",
      field: "body.input",
    },
  ],
};

/** A path with every `:param` filled in, `target` with `value` and the others with a well-formed id. */
function fillPath(path: string, target?: string, value?: string): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) =>
    name === target ? (value as string) : "x_1",
  );
}

/** Bad input every route of its kind must refuse the same way: malformed bodies and path parameters. */
function sharedCases(route: RouteDefinition): BadRequest[] {
  const method = route.method.toUpperCase();
  const cases: BadRequest[] = [];
  const params = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] as string);
  const validBody = method === "GET" || method === "DELETE" ? {} : { rawBody: "{}" };
  for (const param of params) {
    for (const [name, value] of [
      ["a space", "a%20b"],
      ["a NUL byte", "a%00b"],
      ["an encoded slash", "a%2Fb"],
      ["a quote", "a%22b"],
      ["129 characters", "a".repeat(129)],
    ]) {
      cases.push({
        name: `${param} with ${name}`,
        method,
        path: fillPath(route.path, param, value),
        ...validBody,
        status: 400,
        code: "invalid_request",
        field: `params.${param}`,
      });
    }
  }
  if (route.body !== undefined) {
    const path = fillPath(route.path);
    const json = { "content-type": "application/json" };
    cases.push(
      {
        name: "a body that is not JSON",
        method,
        path,
        rawBody: '{"text": ',
        headers: json,
        status: 400,
        code: "invalid_json",
      },
      { name: "an empty body", method, path, rawBody: "", headers: json, status: 400, code: "invalid_json" },
      {
        name: "a JSON array body",
        method,
        path,
        rawBody: "[]",
        headers: json,
        status: 400,
        code: "invalid_request",
        field: "body",
      },
      {
        name: "a JSON null body",
        method,
        path,
        rawBody: "null",
        headers: json,
        status: 400,
        code: "invalid_request",
        field: "body",
      },
      {
        name: "a text/plain body",
        method,
        path,
        rawBody: "{}",
        headers: { "content-type": "text/plain" },
        status: 415,
        code: "unsupported_media_type",
      },
      {
        name: "no content type",
        method,
        path,
        rawBody: "{}",
        headers: {},
        status: 415,
        code: "unsupported_media_type",
      },
      {
        name: "a body over the size limit",
        method,
        path,
        rawBody: JSON.stringify({ text: text(MAX_BODY_BYTES) }),
        headers: json,
        status: 413,
        code: "payload_too_large",
      },
    );
  }
  return cases;
}

describe("every API route with invalid input", () => {
  let fixture: RouteFixture;
  let routes: Map<string, RouteDefinition>;
  const server = useTestServer();
  const events = useServerEvents(server);
  beforeAll(async () => {
    fixture = await createRouteFixture(server, events);
    routes = routesByKey(server);
  });

  /** Sends a bad request; it must get its 4xx JSON error and leave every table, file and stream as it was. */
  const refuses = async (request: BadRequest) => {
    const before = writtenState(server);
    const headers =
      request.headers ?? (request.rawBody !== undefined ? { "content-type": "application/json" } : {});
    const response = await server.request(request.method as string, request.path, {
      headers,
      ...(request.body !== undefined && { body: request.body }),
      ...(request.rawBody !== undefined && { rawBody: request.rawBody }),
    });
    await expectApiError(response, request.status, request.code, request.field);
    expect(writtenState(server), `${request.method} ${request.path}: nothing may be written`).toEqual(before);
  };

  it("has an invalid-input table entry for every route the server registers", () => {
    expect(Object.keys(specificCases).sort()).toEqual([...routes.keys()].sort());
  });

  it.each(Object.keys(specificCases))("%s refuses bad input with a 4xx naming the field", async (key) => {
    const route = routes.get(key) as RouteDefinition;
    const cases = [
      ...(specificCases[key]?.(fixture) ?? []).map((request) => ({
        ...request,
        method: route.method.toUpperCase(),
      })),
      ...sharedCases(route),
    ];
    for (const request of cases) await refuses(request);
  });

  it("leaves the fixture untouched by all the bad requests: the question is still waiting", async () => {
    const state = await server.json<{ pending_questions: { question_id: string }[] }>(
      "GET",
      `/api/sessions/${fixture.sessionId}/state`,
    );
    expect(state.pending_questions.map((question) => question.question_id)).toEqual([fixture.questionId]);
  });

  it("lets a client_message_id of a refused request be used for the retry that succeeds", async () => {
    server.fake.script(reply().text("Accepted now."));
    const body = { text: "hi", client_message_id: "invalid-unknown-session" };

    const retry = await server.json<ChatResponse>("POST", "/api/chat", {
      ...body,
      session_id: fixture.sessionId,
    });

    expect(retry).toMatchObject({ status: "started", duplicate: false, session_id: fixture.sessionId });
    await waitForOutcome(events, retry.run_id as string);
  });

  it("answers a second answer to a question with 409 and the first answer", async () => {
    const answer = { question_id: fixture.questionId, answers: ["postgres", "no"] };
    expect((await server.request("POST", "/api/ask-user-response", { body: answer })).status).toBe(200);

    const before = writtenState(server);
    const conflict = await expectApiError(
      await server.request("POST", "/api/ask-user-response", {
        body: { ...answer, answers: ["sqlite", "yes"] },
      }),
      409,
      "conflict",
    );

    expect(conflict.error.details).toMatchObject({
      question_id: fixture.questionId,
      answers: ["postgres", "no"],
    });
    expect(writtenState(server)).toEqual(before);
  });

  it.each([
    ["an unknown path", "GET", "/api/nothing-here"],
    ["a method the route does not have", "GET", "/api/agent-cancel"],
    ["a path outside the API", "GET", "/no/such/page"],
  ])("answers %s with a JSON 404", async (_case, method, path) => {
    await expectApiError(await server.request(method, path), 404, "not_found");
  });

  it("keeps serving after every bad request", async () => {
    expect(await server.json("GET", "/api/health")).toMatchObject({ ok: true });
  });
});
