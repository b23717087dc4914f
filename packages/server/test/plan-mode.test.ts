import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  type AgentPermissionMode,
  type PlanActionResponse,
  PlanActionResponseSchema,
} from "@parley/protocol";
import { reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, expectApiError, modelRequest } from "./support/api-checks.ts";
import {
  expectValidRichMessages,
  richEvents,
  sessionState,
  startChat,
  storedMessages,
} from "./support/interactions.ts";
import { eventsOfType, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

const plan = (goal: string, actions: string[]) =>
  `Here is the plan.\n\n\`\`\`json\n${JSON.stringify({
    type: "plan",
    goal,
    steps: actions.map((action, index) => ({ step_number: index + 1, action, reason: `needed for ${goal}` })),
    risks: ["The tests may be slow"],
  })}\n\`\`\``;

describe("plan mode", () => {
  let sessionId: string;
  const server = useTestServer();
  const events = useServerEvents(server);
  beforeAll(async () => {
    sessionId = (await server.json<{ id: string }>("POST", "/api/sessions", {})).id;
  });

  const act = async (messageId: string, action: "execute" | "refine", body: Record<string, unknown>) =>
    decodeResponse(
      await server.request("POST", `/api/plans/${messageId}/${action}`, { body }),
      PlanActionResponseSchema,
    );
  const planCards = () => richEvents(events, "Plan", sessionId);

  it("answers with a Plan card: reads are allowed, changes are refused, and the model is told it is in plan mode", async () => {
    const mode = await server.json<AgentPermissionMode>("POST", `/api/sessions/${sessionId}/mode`, {
      permission_mode: "plan",
    });
    expect(mode).toEqual({
      agent_id: "main",
      permission_mode: "plan",
      source: "session",
      updated_at_ms: expect.any(Number),
    });
    server.fake.script(
      reply().toolCall("Write", { file_path: "src/cache.ts", content: "// cache\n" }),
      reply().text(plan("Add a cache", ["Read the service", "Add the cache module"])),
    );
    const chat = await startChat(server, { session_id: sessionId, text: "Add a cache" });
    await waitForOutcome(events, chat.run_id);

    expect(JSON.stringify(modelRequest(server, 0).system)).toContain("Plan mode is on");
    expect(existsSync(join(server.directories.project, "src/cache.ts"))).toBe(false);
    const refused = richEvents(events, "ToolRequest", sessionId).find(
      (card) => card.event.run_id === chat.run_id,
    );
    expect(refused?.data).toMatchObject({ approval_status: "Rejected", decided_by: "policy" });
    const [card] = planCards().filter((candidate) => candidate.event.run_id === chat.run_id);
    expect(card?.data).toMatchObject({
      goal: "Add a cache",
      status: "proposed",
      steps: [
        { step_number: 1, action: "Read the service", status: "pending" },
        { step_number: 2, action: "Add the cache module", status: "pending" },
      ],
      risks: ["The tests may be slow"],
    });
    // The plan replaced the text bubble it came in (one message), and a PlanUpdate names it.
    const messages = await storedMessages(server, sessionId);
    const answers = messages.filter(
      (message) => message.run_id === chat.run_id && message.role === "assistant",
    );
    expect(answers.map((message) => message.rich.kind)).toEqual(["ToolRequest", "ToolResult", "Plan"]);
    const update = eventsOfType(events.frames, "PlanUpdate", sessionId).find(
      (event) => event.run_id === chat.run_id,
    );
    expect(update).toMatchObject({ message_id: card?.event.message_id, plan: { goal: "Add a cache" } });
    const state = await sessionState(server, sessionId);
    expect(state.permission_modes).toEqual([
      expect.objectContaining({ agent_id: "main", permission_mode: "plan" }),
    ]);
    expect(messages.find((message) => message.rich.kind === "SystemControl")?.rich.data).toMatchObject({
      action: "mode_change",
      mode: "plan",
      previous_mode: "default",
    });
  });

  it("refine stays in plan mode and sends the feedback; each plan card takes one decision", async () => {
    const first = planCards().at(-1)?.event.message_id as string;
    server.fake.script(
      reply().text(plan("Add a cache with expiry", ["Read the service", "Add the cache", "Add expiry"])),
    );

    const refined: PlanActionResponse = await act(first, "refine", {
      feedback: "Entries must expire after an hour.",
    });
    expect(refined).toMatchObject({ action: "refine", permission_mode: "plan", chat: { status: "started" } });
    await waitForOutcome(events, refined.chat.run_id as string);

    expect(modelRequest(server, 0).messages.at(-1)?.content[0]?.text).toBe(
      "Entries must expire after an hour.",
    );
    expect(JSON.stringify(modelRequest(server, 0).system)).toContain("Plan mode is on");
    const conflict = await expectApiError(
      await server.request("POST", `/api/plans/${first}/execute`, { body: {} }),
      409,
      "conflict",
    );
    expect(conflict.error.details).toMatchObject({ decision: { action: "refine" } });
    expect(planCards().at(-1)?.data).toMatchObject({ goal: "Add a cache with expiry", status: "proposed" });
  });

  it("execute leaves plan mode, tells the agent to carry the plan out, and UpdatePlan moves the card's steps", async () => {
    const card = planCards().at(-1)?.event.message_id as string;
    server.fake.script(
      reply().toolCall("UpdatePlan", { steps: [{ step_number: 1, status: "in_progress" }] }),
      reply().toolCall("UpdatePlan", {
        steps: [
          { step_number: 1, status: "completed" },
          { step_number: 2, status: "completed", note: "added src/cache.ts" },
          { step_number: 3, status: "skipped", note: "expiry already exists" },
        ],
      }),
      reply().text("All done."),
    );

    const executed = await act(card, "execute", {});
    expect(executed).toMatchObject({ action: "execute", permission_mode: "default" });
    await waitForOutcome(events, executed.chat.run_id as string);

    const prompt = modelRequest(server, 0).messages.at(-1)?.content[0]?.text ?? "";
    expect(prompt).toContain("Execute the plan now.");
    expect(prompt).toContain("3. Add expiry");
    expect(JSON.stringify(modelRequest(server, 0).system ?? "")).not.toContain("Plan mode is on");
    const progress = planCards()
      .filter((candidate) => candidate.event.message_id === card)
      .map((candidate) => [
        candidate.data.status,
        (candidate.data.steps as { status: string }[]).map((step) => step.status).join(","),
      ]);
    expect(progress).toEqual([
      ["proposed", "pending,pending,pending"],
      ["executing", "pending,pending,pending"],
      ["executing", "in_progress,pending,pending"],
      ["completed", "completed,completed,skipped"],
    ]);
    const stored = (await storedMessages(server, sessionId)).find((message) => message.id === card);
    expect(stored?.rich.data).toMatchObject({
      steps: [{}, { note: "added src/cache.ts" }, { note: "expiry already exists" }],
    });
    const mode = (await sessionState(server, sessionId)).permission_modes?.find(
      (entry) => entry.agent_id === "main",
    );
    expect(mode?.permission_mode).toBe("default");
    await expectApiError(
      await server.request("POST", `/api/plans/${card}/execute`, { body: {} }),
      409,
      "conflict",
    );
    expectValidRichMessages(await storedMessages(server, sessionId));
  });

  it("keeps a plan-mode answer without a valid plan as text", async () => {
    await server.json("POST", `/api/sessions/${sessionId}/mode`, { permission_mode: "plan" });
    server.fake.script(reply().text('```json\n{"type": "plan", "goal": "No steps", "steps": []}\n```'));
    const chat = await startChat(server, { session_id: sessionId, text: "Plan nothing" });
    await waitForOutcome(events, chat.run_id);

    const kinds = (await storedMessages(server, sessionId))
      .filter((message) => message.run_id === chat.run_id && message.role === "assistant")
      .map((message) => message.rich.kind);
    expect(kinds).toEqual(["Text"]);
    await expectApiError(
      await server.request("POST", "/api/plans/msg_missing/execute", { body: {} }),
      404,
      "not_found",
    );
  });
});
