import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Approval, ApprovalSchema, type PermissionRuleRecord } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { decodeResponse, expectApiError, modelRequest } from "./support/api-checks.ts";
import {
  expectValidRichMessages,
  resultText,
  richEvents,
  sessionState,
  startChat,
  storedMessages,
  toolResultsIn,
  waitForPendingApproval,
  waitForRich,
} from "./support/interactions.ts";
import { eventsOfType, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("tool approval", () => {
  const file = (path: string) => join(server.directories.project, path);
  const answer = (id: string, body: Record<string, unknown>) =>
    server.request("POST", `/api/approvals/${id}`, { body });
  const server = useTestServer();
  const events = useServerEvents(server);

  it("asks before a Write runs, shows the card in the snapshot, and runs it once when approved", async () => {
    server.fake.script(
      reply().text("I'll write it.").toolCall("Write", { file_path: "notes/hello.txt", content: "hello\n" }),
      reply().text("Written."),
    );
    const chat = await startChat(server, { text: "Write hello into notes/hello.txt" });

    const approval = await waitForPendingApproval(server, events, chat.run_id, "Write");
    expect(approval).toMatchObject({
      id: expect.stringMatching(/^apv_[0-9a-f]{32}$/),
      session_id: chat.session_id,
      run_id: chat.run_id,
      tool_name: "Write",
      input: { file_path: "notes/hello.txt", content: "hello\n" },
      headline: "Writing notes/hello.txt",
      reason: "Write would change notes/hello.txt",
      suggested_rule: { tool: "Write", pattern: "notes/**", behavior: "allow" },
      blocked_path: null,
      state: "pending",
    });
    // Nothing ran yet, and the model was not asked again.
    expect(existsSync(file("notes/hello.txt"))).toBe(false);
    expect(server.fake.requests).toHaveLength(1);
    const state = await sessionState(server, chat.session_id);
    expect(state.pending_approvals?.map((pending) => pending.id)).toEqual([approval.id]);
    expect(state.messages.find((message) => message.id === approval.message_id)?.rich).toMatchObject({
      kind: "ToolRequest",
      data: {
        approval_status: "Pending",
        approval_id: approval.id,
        requires_approval: true,
        protected_path: false,
      },
    });

    const answered = await decodeResponse(await answer(approval.id, { decision: "approve" }), ApprovalSchema);
    expect(answered).toMatchObject({
      state: "approved",
      decision: "approve",
      answered_at_ms: expect.any(Number),
    });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");

    expect(readFileSync(file("notes/hello.txt"), "utf8")).toBe("hello\n");
    // The card was updated in place (same message id) for every tab, and the result was kept.
    const cards = richEvents(events, "ToolRequest").filter(
      (card) => card.event.message_id === approval.message_id,
    );
    expect(cards.map((card) => card.data.approval_status)).toEqual(["Pending", "Approved"]);
    const messages = await storedMessages(server, chat.session_id);
    const result = messages.find((message) => message.rich.kind === "ToolResult");
    expect(result?.rich.data).toMatchObject({
      request_id: approval.message_id,
      tool_use_id: approval.tool_use_id,
      tool_name: "Write",
      output: "Created notes/hello.txt (6 bytes).",
      status: "Success",
      is_error: false,
      duration_ms: expect.any(Number),
    });
    // The model sees the result in its next request.
    const sent = toolResultsIn(modelRequest(server, 1)).get(approval.tool_use_id);
    expect(resultText(sent?.content)).toBe("Created notes/hello.txt (6 bytes).");
    expect((await sessionState(server, chat.session_id)).pending_approvals).toEqual([]);
    expectValidRichMessages(await storedMessages(server, chat.session_id));
  });

  it("always allow saves the suggested rule, so a matching call later runs without asking", async () => {
    server.fake.script(
      reply().toolCall("Write", { file_path: "src/one.ts", content: "export const one = 1;\n" }),
      reply().text("First file done."),
    );
    const first = await startChat(server, { text: "Create src/one.ts" });
    const approval = await waitForPendingApproval(server, events, first.run_id);
    await decodeResponse(await answer(approval.id, { decision: "approve_always" }), ApprovalSchema);
    await waitForOutcome(events, first.run_id);

    const { rules } = await server.json<{ rules: PermissionRuleRecord[] }>("GET", "/api/permission-rules");
    expect(rules).toContainEqual(
      expect.objectContaining({ tool: "Write", pattern: "src/**", behavior: "allow", source: "approval" }),
    );
    server.fake.script(
      reply().toolCall("Write", { file_path: "src/two.ts", content: "export const two = 2;\n" }),
      reply().text("Second file done."),
    );
    const second = await startChat(server, { session_id: first.session_id, text: "Now src/two.ts" });
    expect((await waitForOutcome(events, second.run_id)).outcome).toBe("success");

    expect(readFileSync(file("src/two.ts"), "utf8")).toBe("export const two = 2;\n");
    const cards = richEvents(events, "ToolRequest").filter((card) => card.event.run_id === second.run_id);
    expect(cards.map((card) => [card.data.approval_status, card.data.decided_by])).toEqual([
      ["AutoApproved", "policy"],
    ]);
    expect(String(cards[0]?.data.reason)).toContain("Write(src/**)");
  });

  it("a rejection with feedback denies the call, and the agent continues with the feedback", async () => {
    server.fake.script(
      reply().toolCall("Bash", { command: "echo ran >> ran.txt" }),
      reply().text("Understood, I will not run it."),
    );
    const chat = await startChat(server, { text: "Run the script" });
    const approval = await waitForPendingApproval(server, events, chat.run_id, "Bash");
    expect(approval.headline).toBe("Running `echo ran >> ran.txt`");

    await decodeResponse(
      await answer(approval.id, {
        decision: "reject",
        feedback: "Do not touch ran.txt; use the test runner.",
      }),
      ApprovalSchema,
    );
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");

    expect(existsSync(file("ran.txt"))).toBe(false);
    const sent = toolResultsIn(modelRequest(server, 1)).get(approval.tool_use_id);
    expect(sent?.is_error).toBe(true);
    expect(resultText(sent?.content)).toContain("Do not touch ran.txt; use the test runner.");
    const messages = await storedMessages(server, chat.session_id);
    expect(messages.find((message) => message.id === approval.message_id)?.rich.data).toMatchObject({
      approval_status: "Rejected",
      decision: "reject",
      feedback: "Do not touch ran.txt; use the test runner.",
    });
    expect(messages.find((message) => message.rich.kind === "ToolResult")?.rich.data).toMatchObject({
      status: "Cancelled",
      is_error: true,
      error: { code: "permission_denied" },
    });
    const done = eventsOfType(events.frames, "AgentStatus").find(
      (event) =>
        event.run_id === chat.run_id &&
        event.tool_use_id === approval.tool_use_id &&
        event.lifecycle === "done",
    );
    expect(done).toMatchObject({ tool_name: "Bash", failed: true, detail: "Running `echo ran >> ran.txt`" });
  });

  it("runs the tool with the input the person edited, after checking it with the tool's schema", async () => {
    server.fake.script(
      reply().toolCall("Write", { file_path: "greeting.txt", content: "Hi from the model\n" }),
      reply().text("Done."),
    );
    const chat = await startChat(server, { text: "Write a greeting" });
    const approval = await waitForPendingApproval(server, events, chat.run_id);

    await expectApiError(
      await answer(approval.id, { decision: "approve", updated_input: { file_path: "greeting.txt" } }),
      400,
      "invalid_request",
      "body.updated_input.content",
    );
    const edited = { file_path: "greeting.txt", content: "Hi from the person\n" };
    const answered = await decodeResponse(
      await answer(approval.id, { decision: "approve", updated_input: edited }),
      ApprovalSchema,
    );
    expect(answered.updated_input).toEqual(edited);
    await waitForOutcome(events, chat.run_id);

    expect(readFileSync(file("greeting.txt"), "utf8")).toBe("Hi from the person\n");
    const card = (await storedMessages(server, chat.session_id)).find(
      (message) => message.id === approval.message_id,
    );
    expect(card?.rich.data).toMatchObject({
      approval_status: "Approved",
      parameters: edited,
      original_parameters: { file_path: "greeting.txt", content: "Hi from the model\n" },
    });
  });

  it("two answers at once: exactly one wins, the other gets 409 with the first answer", async () => {
    server.fake.script(
      reply().toolCall("Bash", { command: "echo raced >> raced.txt" }),
      reply().text("Done."),
    );
    const chat = await startChat(server, { text: "Run it" });
    const approval = await waitForPendingApproval(server, events, chat.run_id);

    const responses = await Promise.all([
      answer(approval.id, { decision: "approve" }),
      answer(approval.id, { decision: "reject", feedback: "no" }),
    ]);
    await waitForOutcome(events, chat.run_id);

    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = responses.find((response) => response.status === 200) as Response;
    const loser = responses.find((response) => response.status === 409) as Response;
    const first = (await winner.json()) as Approval;
    const conflict = await expectApiError(loser, 409, "conflict");
    expect(conflict.error.details).toMatchObject({
      id: approval.id,
      state: first.state,
      decision: first.decision,
    });
    const lines = existsSync(file("raced.txt")) ? readFileSync(file("raced.txt"), "utf8") : "";
    expect(lines).toBe(first.decision === "approve" ? "raced\n" : "");
    // A later answer gets the same 409.
    const late = await expectApiError(await answer(approval.id, { decision: "approve" }), 409, "conflict");
    expect(late.error.details).toMatchObject({ decision: first.decision });
  });

  it("cancelling the run withdraws its approval: the tool never runs and a late answer gets 409", async () => {
    server.fake.script(reply().toolCall("Bash", { command: "echo cancelled >> cancelled.txt" }));
    const chat = await startChat(server, { text: "Run something" });
    const approval = await waitForPendingApproval(server, events, chat.run_id);

    await server.json("POST", "/api/agent-cancel", { run_id: chat.run_id });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("cancelled");

    const conflict = await expectApiError(
      await answer(approval.id, { decision: "approve" }),
      409,
      "conflict",
    );
    expect(conflict.error.details).toMatchObject({ state: "cancelled", decision: null });
    expect(existsSync(file("cancelled.txt"))).toBe(false);
    await waitForRich(
      events,
      "ToolRequest",
      (data) => data.approval_id === approval.id && data.approval_status === "Cancelled",
    );
    expect(server.fake.requests).toHaveLength(1);
  });

  it("answers an unknown approval with 404 and leaves real ones alone", async () => {
    await expectApiError(await answer(`apv_${"0".repeat(32)}`, { decision: "approve" }), 404, "not_found");
  });

  it("asks before changing a protected path even in bypassPermissions, and offers no 'always allow' for it", async () => {
    const session = await server.json<{ id: string }>("POST", "/api/sessions", {});
    await server.json("POST", `/api/sessions/${session.id}/mode`, { permission_mode: "bypassPermissions" });
    server.fake.script(
      reply()
        .toolCall("Write", { file_path: "free.txt", content: "free\n" })
        .toolCall("Write", { file_path: ".vscode/settings.json", content: "{}\n" }),
      reply().text("Done."),
    );
    const chat = await startChat(server, { session_id: session.id, text: "Set up the editor" });
    const approval = await waitForPendingApproval(server, events, chat.run_id);

    expect(approval).toMatchObject({
      input: { file_path: ".vscode/settings.json" },
      blocked_path: ".vscode/settings.json",
      suggested_rule: null,
    });
    expect(readFileSync(file("free.txt"), "utf8")).toBe("free\n");
    expect(existsSync(file(".vscode/settings.json"))).toBe(false);
    await expectApiError(
      await answer(approval.id, { decision: "approve_always" }),
      400,
      "invalid_request",
      "body.decision",
    );
    await decodeResponse(await answer(approval.id, { decision: "reject" }), ApprovalSchema);
    await waitForOutcome(events, chat.run_id);

    expect(existsSync(file(".vscode/settings.json"))).toBe(false);
    const cards = richEvents(events, "ToolRequest").filter((card) => card.event.run_id === chat.run_id);
    expect(
      cards.map((card) => [card.data.tool_name, card.data.approval_status, card.data.protected_path]),
    ).toEqual([
      ["Write", "AutoApproved", false],
      ["Write", "Pending", true],
      ["Write", "Rejected", true],
    ]);
  });

  it("shows read-only calls as auto-approved requests with their results, which the model gets next", async () => {
    mkdirSync(file("docs"), { recursive: true });
    writeFileSync(file("docs/readme.md"), "line one\nline two\n");
    server.fake.script(
      reply().toolCall("Read", { file_path: "docs/readme.md" }),
      reply().text("It has two lines."),
    );
    const chat = await startChat(server, { text: "What is in docs/readme.md?" });
    await waitForOutcome(events, chat.run_id);

    const messages = (await storedMessages(server, chat.session_id)).filter(
      (message) => message.run_id === chat.run_id,
    );
    expect(messages.map((message) => message.rich.kind)).toEqual([
      "Text",
      "ToolRequest",
      "ToolResult",
      "Text",
    ]);
    const [, request, result] = messages;
    expect(request?.rich.data).toMatchObject({
      tool_name: "Read",
      approval_status: "AutoApproved",
      requires_approval: false,
      headline: "Reading docs/readme.md",
    });
    expect((result?.rich.data as { output?: string } | undefined)?.output).toContain("line two");
    const sent = [...toolResultsIn(modelRequest(server, 1)).values()];
    expect(resultText(sent[0]?.content)).toContain("line two");
    // The activity headline names the file, and its end says how long the call took.
    const statuses = eventsOfType(events.frames, "AgentStatus").filter(
      (event) => event.run_id === chat.run_id && event.tool_name === "Read",
    );
    expect(statuses).toEqual([
      expect.objectContaining({ status: "calling_tool", detail: "Reading a file" }),
      expect.objectContaining({ status: "calling_tool", detail: "Reading docs/readme.md" }),
      expect.objectContaining({
        status: "working",
        detail: "Reading docs/readme.md",
        duration_ms: expect.any(Number),
      }),
    ]);
  });
});
