import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { readPlanCard } from "../src/cards/plan-card.ts";
import { readQuestionCard } from "../src/cards/question-card.ts";
import { readToolRequest } from "../src/cards/tool-cards.ts";
import type { ChatStoreState, MessageCard } from "../src/chat-state.ts";
import { ChatStore } from "../src/chat-store.ts";
import { startTestServer, type TestServer } from "./support/real-server.ts";
import { messagesOf, waitForState } from "./support/store-helpers.ts";

/** The first card of a kind in the open session whose data satisfies `predicate`. */
function cardOf(
  state: ChatStoreState,
  kind: string,
  predicate: (data: Record<string, unknown>) => boolean = () => true,
): MessageCard | undefined {
  for (const message of messagesOf(state)) {
    const cards = [
      ...(message.cards ?? []),
      ...(message.subagentTree ?? []).flatMap((entry) => entry.cards ?? []),
    ];
    const card = cards.find(
      (candidate) =>
        candidate.rich.kind === kind && predicate(candidate.rich.data as Record<string, unknown>),
    );
    if (card !== undefined) return card;
  }
  return undefined;
}

const hasCard =
  (kind: string, predicate?: (data: Record<string, unknown>) => boolean) => (state: ChatStoreState) =>
    cardOf(state, kind, predicate) !== undefined;

describe("interactions through the ChatStore against the real server", () => {
  let server: TestServer;
  const stores: ChatStore[] = [];
  const warnings: string[] = [];
  afterEach(async () => {
    for (const store of stores.splice(0)) store.stop();
    await server?.dispose();
    expect(warnings.splice(0)).toEqual([]);
  });

  async function newStore(): Promise<ChatStore> {
    const store = new ChatStore({
      baseUrl: server.url,
      token: server.server.token,
      heartbeatIntervalMs: 60_000,
      onWarning: (message) => warnings.push(message),
    });
    stores.push(store);
    await store.start();
    return store;
  }

  it("shows an approval in every tab; the first answer wins and the second tab shows it, without an error", async () => {
    server = await startTestServer();
    server.fake.script(
      reply().toolCall("Write", { file_path: "notes/hello.txt", content: "hello\n" }),
      reply().text("Written."),
    );
    const first = await newStore();
    await first.sendMessage("Write hello into notes/hello.txt");
    const pending = hasCard("ToolRequest", (data) => data.approval_status === "Pending");
    const { activeSessionId } = await waitForState(first, pending);
    const second = await newStore();
    await second.openSession(activeSessionId as string);
    const shown = await waitForState(second, pending);
    const [approval] = shown.session?.pendingApprovals ?? [];
    expect(approval).toMatchObject({ toolName: "Write", headline: "Writing notes/hello.txt" });

    expect(
      await first.answerApproval(approval?.approvalId as string, { decision: "approve_always" }),
    ).toEqual({
      status: "done",
    });
    const late = await second.answerApproval(approval?.approvalId as string, {
      decision: "reject",
      feedback: "No.",
    });

    expect(late).toEqual({
      status: "conflict",
      message: "this approval was already answered (approve_always)",
    });
    for (const store of [first, second]) {
      const state = await waitForState(
        store,
        hasCard("ToolRequest", (data) => data.approval_status === "Approved"),
      );
      expect(readToolRequest(cardOf(state, "ToolRequest")?.rich.data)).toMatchObject({
        decision: "approve_always",
      });
      expect(state.session?.pendingApprovals).toEqual([]);
      expect(state.error).toBeUndefined();
      await waitForState(store, (current) => (current.rulesRevision ?? 0) > 0);
    }
    await waitForState(first, (state) => messagesOf(state).some((message) => message.outcome === "success"));
    expect(readFileSync(join(server.directories.project, "notes/hello.txt"), "utf8")).toBe("hello\n");
    const rules = await first.client.listPermissionRules();
    expect(rules).toEqual([
      expect.objectContaining({ tool: "Write", pattern: "notes/**", source: "approval" }),
    ]);
    await first.client.deletePermissionRule(rules[0]?.id as string);
    expect(await first.client.listPermissionRules()).toEqual([]);
  });

  it("refuses an edited input the tool does not accept, naming the field, and the card keeps waiting", async () => {
    server = await startTestServer();
    server.fake.script(
      reply().toolCall("Write", { file_path: "a.txt", content: "a\n" }),
      reply().text("Done."),
    );
    const store = await newStore();
    await store.sendMessage("Write a.txt");
    const state = await waitForState(
      store,
      (current) => (current.session?.pendingApprovals ?? []).length > 0,
    );
    const approvalId = state.session?.pendingApprovals?.[0]?.approvalId as string;

    const refused = await store.answerApproval(approvalId, {
      decision: "approve",
      updatedInput: { file_path: "a.txt", content: 42 },
    });

    expect(refused).toMatchObject({
      status: "failed",
      issues: [expect.objectContaining({ path: "body.updated_input.content" })],
    });
    expect(store.getSnapshot().error).toContain("Could not answer the approval");
    expect(store.getSnapshot().session?.pendingApprovals).toHaveLength(1);
    store.dismissError();
    expect(
      await store.answerApproval(approvalId, {
        decision: "approve",
        updatedInput: { file_path: "b.txt", content: "b\n" },
      }),
    ).toEqual({ status: "done" });
    await waitForState(
      store,
      (current) => current.session?.busy === false && current.session.messages.length > 1,
    );
    expect(existsSync(join(server.directories.project, "a.txt"))).toBe(false);
    expect(readFileSync(join(server.directories.project, "b.txt"), "utf8")).toBe("b\n");
  });

  it("answers a multi-select question and a free-text one, and a second answer shows the first", async () => {
    server = await startTestServer();
    server.fake.script(
      reply().toolCall("AskUserQuestion", {
        questions: [
          {
            question: "Which platforms?",
            options: [{ label: "Linux" }, { label: "macOS" }],
            multiSelect: true,
          },
          { question: "Anything else?", options: [], allowFreeText: true },
        ],
      }),
      reply().text("Noted."),
    );
    const store = await newStore();
    await store.sendMessage("Plan the release");
    const asked = await waitForState(store, hasCard("Question"));
    const card = readQuestionCard(cardOf(asked, "Question")?.rich.data);
    expect(card?.questions.map((question) => [question.multi_select, question.allow_free_text])).toEqual([
      [true, undefined],
      [undefined, true],
    ]);
    expect(asked.session?.askUser?.questionId).toBe(card?.question_id);

    const questionId = card?.question_id as string;
    expect(await store.answerQuestion(questionId, [["Linux", "macOS"], "Ship on Friday."])).toEqual({
      status: "done",
    });
    expect(await store.answerQuestion(questionId, [["Linux"], "Later."])).toMatchObject({
      status: "conflict",
    });

    const answered = await waitForState(
      store,
      hasCard("Question", (data) => data.status === "answered"),
    );
    expect(readQuestionCard(cardOf(answered, "Question")?.rich.data)?.answers).toEqual([
      ["Linux", "macOS"],
      "Ship on Friday.",
    ]);
    expect(answered.session?.askUser).toBeUndefined();
    expect(answered.error).toBeUndefined();
  });

  it("picks plan mode in a new chat, executes the plan it proposes, and a second decision shows the first", async () => {
    server = await startTestServer();
    const store = await newStore();
    await store.setPermissionMode("plan");
    const { activeSessionId, session } = store.getSnapshot();
    expect(activeSessionId).toBeDefined();
    expect(session?.permissionModes?.main).toEqual({ mode: "plan", source: "session" });

    const plan = {
      type: "plan",
      goal: "Add a cache",
      steps: [{ step_number: 1, action: "Read", reason: "look" }],
    };
    server.fake.script(reply().text(JSON.stringify(plan)), reply().text("Carried out."));
    await store.sendMessage("Add a cache");
    const proposed = await waitForState(store, hasCard("Plan"));
    const planId = cardOf(proposed, "Plan")?.id as string;

    expect(await store.executePlan(planId, "acceptEdits")).toEqual({ status: "done" });
    expect(readPlanCard(cardOf(store.getSnapshot(), "Plan")?.rich.data)).toMatchObject({
      status: "executing",
      decision: { action: "execute", permission_mode: "acceptEdits" },
    });
    expect(await store.refinePlan(planId, "Smaller, please")).toMatchObject({ status: "conflict" });
    const done = await waitForState(
      store,
      (state) => state.session?.permissionModes?.main?.mode === "acceptEdits" && state.session.busy === false,
    );
    expect(readPlanCard(cardOf(done, "Plan")?.rich.data)?.decision?.action).toBe("execute");
    expect(done.error).toBeUndefined();
  });

  it("compacts on request, marks where, and says why when there is too little to compact", async () => {
    server = await startTestServer();
    const store = await newStore();
    server.fake.script(reply().text("Hello."));
    await store.sendMessage("Hi");
    await waitForState(
      store,
      (state) => state.session?.busy === false && (state.session?.messages.length ?? 0) > 1,
    );
    await store.compact();
    expect(store.getSnapshot().error).toBe(
      "Could not compact the conversation: the conversation is too short to compact",
    );
    store.dismissError();

    for (const [text, answer] of [
      [`My name is Ada. ${"Some background. ".repeat(200)}`, "Hello Ada."],
      ["I work on the parser.", "Noted."],
    ]) {
      server.fake.script(reply().text(answer as string));
      await store.sendMessage(text as string);
      await waitForState(
        store,
        (state) => state.session?.busy === false && messagesOf(state).at(-1)?.text === answer,
      );
    }
    server.fake.reset();
    server.fake.when(
      { lastUserTextIncludes: "Summarize the conversation below" },
      reply().text("Ada, parser."),
    );
    await store.compact("Keep the name");
    const compacted = await waitForState(store, (state) => state.session?.contextUsage?.compressed === true);
    expect(compacted.session?.contextUsage).toMatchObject({
      trigger: "manual",
      preTokens: expect.any(Number),
    });
    expect(cardOf(compacted, "SystemControl", (data) => data.action === "compact")?.id).toBe(
      compacted.session?.contextUsage?.compactionMessageId,
    );
    expect(compacted.error).toBeUndefined();
  });

  it("rewinds a run's files: the dry run lists them, the rewind puts them back and its report arrives", async () => {
    server = await startTestServer();
    const file = join(server.directories.project, "notes.md");
    writeFileSync(file, "first\n");
    const store = await newStore();
    await store.setPermissionMode("acceptEdits");
    server.fake.script(
      reply().toolCall("Edit", { file_path: "notes.md", old_string: "first", new_string: "second" }),
      reply().text("Edited."),
    );
    await store.sendMessage("Edit the notes");
    const done = await waitForState(
      store,
      (state) => state.session?.busy === false && messagesOf(state).some((message) => message.changeReport),
    );
    const runId = messagesOf(done).find((message) => message.changeReport !== undefined)?.id as string;

    const dry = await store.rewindFiles(runId, { dryRun: true });
    expect(dry.files).toEqual([
      { path: "notes.md", outcome: "restored", additions: 1, deletions: 1, changed_since_agent: false },
    ]);
    expect(readFileSync(file, "utf8")).toBe("second\n");
    const rewound = await store.rewindFiles(runId, { dryRun: false });
    expect(readFileSync(file, "utf8")).toBe("first\n");
    // Every client is told: the rewind's report is a message of its own, Parley's, with the rewind marked.
    const shown = await waitForState(store, (state) =>
      messagesOf(state).some((message) => message.id === rewound.message_id),
    );
    const message = messagesOf(shown).find((candidate) => candidate.id === rewound.message_id);
    expect(message?.from).toBe("parley");
    expect(JSON.parse(message?.text ?? "{}")).toMatchObject({
      type: "change_report",
      rewind: { run_id: runId },
      summary: "1 file rewound",
    });

    server.fake.script(reply().text("Still working.").gate("busy"));
    await store.sendMessage("Keep going");
    await server.fake.waitForGate("busy");
    await expect(store.rewindFiles(runId, { dryRun: true })).rejects.toThrow(/of this session is running/);
    server.fake.release("busy");
  });
});
