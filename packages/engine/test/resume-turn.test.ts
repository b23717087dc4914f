import { existsSync } from "node:fs";
import { join } from "node:path";
import type { MessageParam, PermissionResult } from "@parley/protocol";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { builtinTools, pendingToolUses, runAgentTurn, type ToolPermissionRequest } from "../src/index.ts";
import { collectTurn, labels, modelFor, resultOf } from "./helpers.ts";
import { createProject, type ProjectFixture } from "./project-fixture.ts";
import { toolResultOf } from "./turn-driver.ts";

let server: FakeModelServer;
let project: ProjectFixture;
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(async () => {
  server.reset();
  project = await createProject({ "notes.txt": "Ship on Tuesday.\n" });
});
afterEach(async () => {
  await project.remove();
});
afterAll(async () => {
  await server.close();
});

const WRITE_CALL = {
  type: "tool_use" as const,
  id: "toolu_pending",
  name: "Write",
  input: { file_path: "a.txt", content: "hello" },
};

/** What a server stored before it restarted: the prompt, and the response waiting for an approval. */
const WAITING: MessageParam[] = [
  { role: "user", content: "write a.txt" },
  { role: "assistant", content: [{ type: "text", text: "Writing it." }, WRITE_CALL] },
];

/** A `canUseTool` that answers from a stored decision, recording what it was asked. */
function storedDecision(decision: (request: ToolPermissionRequest) => PermissionResult) {
  const asked: string[] = [];
  return {
    asked,
    canUseTool: async (request: ToolPermissionRequest) => {
      asked.push(request.toolUseId);
      return decision(request);
    },
  };
}

function resume(history: MessageParam[], canUseTool: ReturnType<typeof storedDecision>["canUseTool"]) {
  return collectTurn({
    model: modelFor(server, "anthropic"),
    history,
    cwd: project.root,
    tools: builtinTools({ task: false }),
    canUseTool,
  });
}

describe("resuming a turn at its pending tool calls", () => {
  it("runs a stored call the user approved after the restart, then lets the model continue", async () => {
    server.script(reply().text("Wrote a.txt."));
    const decision = storedDecision(({ toolUseId }) => ({ behavior: "allow", toolUseID: toolUseId }));

    const messages = await resume(WAITING, decision.canUseTool);

    expect(decision.asked).toEqual(["toolu_pending"]);
    expect(await project.read("a.txt")).toBe("hello");
    expect(labels(messages)).toEqual(["system/init", "user:tool_result", "assistant:text", "result/success"]);
    expect(toolResultOf(messages, "toolu_pending")).toMatchObject({
      content: "Created a.txt (5 bytes).",
      isError: false,
    });
    expect(server.requests[0]?.body).toMatchObject({
      messages: [
        { role: "user", content: [{ type: "text", text: "write a.txt" }] },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Writing it." },
            { type: "tool_use", id: "toolu_pending" },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "toolu_pending", content: "Created a.txt (5 bytes)." },
          ],
        },
      ],
    });
    expect(resultOf(messages)).toMatchObject({ subtype: "success", result: "Wrote a.txt.", num_turns: 2 });
  });

  it("gives the model the rejection message of a stored call the user rejected, and does not run it", async () => {
    server.script(reply().text("Understood, I left a.txt alone."));
    const decision = storedDecision(({ toolUseId }) => ({
      behavior: "deny",
      message: "The user rejected this change: keep a.txt as it is.",
      toolUseID: toolUseId,
    }));

    const messages = await resume(WAITING, decision.canUseTool);

    expect(existsSync(join(project.root, "a.txt"))).toBe(false);
    expect(toolResultOf(messages, "toolu_pending")).toMatchObject({
      content: "The user rejected this change: keep a.txt as it is.",
      isError: true,
    });
    expect(JSON.stringify(server.requests[0]?.body)).toContain("keep a.txt as it is.");
    expect(resultOf(messages)).toMatchObject({
      result: "Understood, I left a.txt alone.",
      permission_denials: [
        { tool_name: "Write", tool_use_id: "toolu_pending", tool_input: WRITE_CALL.input },
      ],
    });
  });

  it("runs only the calls still waiting when results for the others were stored, keeping the stored ones first", async () => {
    server.script(reply().text("Done."));
    const readCall = {
      type: "tool_use" as const,
      id: "toolu_read",
      name: "Read",
      input: { file_path: "notes.txt" },
    };
    const stored = {
      type: "tool_result" as const,
      tool_use_id: "toolu_read",
      content: "1\tShip on Tuesday.",
    };
    const history: MessageParam[] = [
      { role: "user", content: "read, then write" },
      { role: "assistant", content: [readCall, WRITE_CALL] },
      { role: "user", content: [stored] },
    ];
    const decision = storedDecision(({ toolUseId }) => ({ behavior: "allow", toolUseID: toolUseId }));

    const messages = await resume(history, decision.canUseTool);

    expect(labels(messages)).toEqual(["system/init", "user:tool_result", "assistant:text", "result/success"]);
    expect(decision.asked).toEqual(["toolu_pending"]);
    const body = server.requests[0]?.body as
      | { messages: { content: { tool_use_id?: string }[] }[] }
      | undefined;
    const sent = body?.messages ?? [];
    expect(sent).toHaveLength(3);
    expect(sent[2]?.content.map((block) => block.tool_use_id)).toEqual(["toolu_read", "toolu_pending"]);
  });

  it("stops after the resumed calls when they use up the turn limit", async () => {
    const decision = storedDecision(({ toolUseId }) => ({ behavior: "allow", toolUseID: toolUseId }));

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      history: WAITING,
      cwd: project.root,
      tools: builtinTools({ task: false }),
      canUseTool: decision.canUseTool,
      maxTurns: 1,
    });

    expect(labels(messages)).toEqual(["system/init", "user:tool_result", "result/error_max_turns"]);
    expect(server.requests).toHaveLength(0);
  });

  it("answers a stored user message that never got a reply", async () => {
    server.script(reply().text("Hello again."));

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      history: [{ role: "user", content: "hi" }],
    });

    expect(labels(messages)).toEqual(["system/init", "assistant:text", "result/success"]);
    expect(server.requests[0]?.body).toMatchObject({ messages: [{ role: "user" }] });
  });

  it("refuses to resume a conversation that is not waiting on anything", async () => {
    const finished: MessageParam[] = [
      { role: "user", content: "hi" },
      { role: "assistant", content: [{ type: "text", text: "Hello." }] },
    ];
    const turn = runAgentTurn({
      sessionId: "s",
      history: finished,
      model: modelFor(server, "anthropic"),
      cwd: "/",
    });

    await expect(turn.next()).rejects.toThrow("runAgentTurn needs a prompt");
    expect(server.requests).toHaveLength(0);
  });
});

describe("pendingToolUses", () => {
  it("lists the calls of the last response that have no result yet, in order", () => {
    expect(pendingToolUses(WAITING)).toEqual([WRITE_CALL]);
    const partly: MessageParam[] = [
      ...WAITING.slice(0, 1),
      {
        role: "assistant",
        content: [
          { ...WRITE_CALL, id: "a" },
          { ...WRITE_CALL, id: "b" },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "a", content: "ok" }] },
    ];
    expect(pendingToolUses(partly).map((call) => call.id)).toEqual(["b"]);
  });

  it("lists nothing for a conversation whose calls are all answered or that ends with the user", () => {
    const answered: MessageParam[] = [
      ...WAITING,
      { role: "user", content: [{ type: "tool_result", tool_use_id: WRITE_CALL.id, content: "ok" }] },
    ];
    expect(pendingToolUses(answered)).toEqual([]);
    expect(pendingToolUses([...answered, { role: "user", content: "and now?" }])).toEqual([]);
    expect(pendingToolUses([{ role: "assistant", content: "Just text." }])).toEqual([]);
    expect(pendingToolUses([])).toEqual([]);
  });
});
