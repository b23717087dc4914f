import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PermissionResult } from "@parley/protocol";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type EngineTool,
  type PendingApproval,
  PendingApprovals,
  PermissionPolicy,
  policyCanUseTool,
  writeTool,
} from "../src/index.ts";
import { collectTurn, ManualClock, modelFor, resultOf } from "./helpers.ts";
import { createProject, type ProjectFixture } from "./project-fixture.ts";
import { startTurn, toolResultOf } from "./turn-driver.ts";

let server: FakeModelServer;
let project: ProjectFixture;
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(async () => {
  server.reset();
  project = await createProject();
});
afterEach(async () => {
  await project.remove();
});
afterAll(async () => {
  await server.close();
});

/** `Write`, counting how often it really ran. */
function countingWrite(): { tool: EngineTool; runs: () => number } {
  let runs = 0;
  const tool: EngineTool = {
    ...(writeTool as EngineTool),
    execute: (input, context) => {
      runs += 1;
      return writeTool.execute(input as Parameters<typeof writeTool.execute>[0], context);
    },
  };
  return { tool, runs: () => runs };
}

/** A default-mode policy whose questions wait in `PendingApprovals`; `next()` resolves with each new one. */
function approvalsSetup(clock = new ManualClock()) {
  const seen: PendingApproval[] = [];
  const waiters: ((approval: PendingApproval) => void)[] = [];
  const approvals = new PendingApprovals({
    timeoutMs: 60_000,
    clock,
    onPending: (approval) => {
      seen.push(approval);
      waiters.shift()?.(approval);
    },
  });
  let taken = 0;
  const next = (): Promise<PendingApproval> => {
    if (taken < seen.length) return Promise.resolve(seen[taken++] as PendingApproval);
    return new Promise((resolve) =>
      waiters.push((approval) => {
        taken += 1;
        resolve(approval);
      }),
    );
  };
  const canUseTool = policyCanUseTool(new PermissionPolicy({ projectRoot: project.root }), {
    ask: approvals.ask,
  });
  return { approvals, canUseTool, next, clock };
}

/** A turn of the scripted model that may call the counting `Write`, asking `canUseTool` first. */
function startWriteTurn(tool: EngineTool, canUseTool: ReturnType<typeof approvalsSetup>["canUseTool"]) {
  return startTurn({ model: modelFor(server, "anthropic"), cwd: project.root, tools: [tool], canUseTool });
}

function scriptWrite(id = "call_w", path = "out.txt") {
  server.script(
    reply().toolCall("Write", { file_path: path, content: "written" }, { id }),
    reply().text("ok"),
  );
}

describe("a tool that requires approval runs only on an allow for that exact call", () => {
  it("runs once when the person approves", async () => {
    const { tool, runs } = countingWrite();
    const { approvals, canUseTool, next } = approvalsSetup();
    scriptWrite();
    const turn = startWriteTurn(tool, canUseTool);

    const approval = await next();
    expect(approval.prompt).toMatchObject({
      toolName: "Write",
      toolUseId: "call_w",
      reason: "Write would change out.txt",
    });
    expect(approvals.answer(approval.id, { behavior: "allow" })).toBe("accepted");
    await turn.done;

    expect(runs()).toBe(1);
    expect(await project.read("out.txt")).toBe("written");
  });

  it("does not run when the approval is rejected", async () => {
    const { tool, runs } = countingWrite();
    const { approvals, canUseTool, next } = approvalsSetup();
    scriptWrite();
    const turn = startWriteTurn(tool, canUseTool);

    expect(approvals.answer((await next()).id, { behavior: "deny", message: "Not now." })).toBe("accepted");
    await turn.done;

    expect(runs()).toBe(0);
    expect(existsSync(join(project.root, "out.txt"))).toBe(false);
    expect(toolResultOf(turn.messages, "call_w")).toMatchObject({ content: "Not now.", isError: true });
    expect(resultOf(turn.messages).permission_denials).toEqual([
      { tool_name: "Write", tool_use_id: "call_w", tool_input: { file_path: "out.txt", content: "written" } },
    ]);
  });

  it("does not run when the approval expires, and refuses the late answer", async () => {
    const { tool, runs } = countingWrite();
    const { approvals, canUseTool, next, clock } = approvalsSetup();
    scriptWrite();
    const turn = startWriteTurn(tool, canUseTool);

    const approval = await next();
    clock.fireTimers();
    await turn.done;

    expect(approvals.answer(approval.id, { behavior: "allow" })).toBe("expired");
    expect(runs()).toBe(0);
    expect(toolResultOf(turn.messages, "call_w")).toMatchObject({
      content: "Nobody answered the approval within 60 s, so the tool did not run.",
      isError: true,
    });
  });

  it("runs once when the approval is sent twice", async () => {
    const { tool, runs } = countingWrite();
    const { approvals, canUseTool, next } = approvalsSetup();
    scriptWrite();
    const turn = startWriteTurn(tool, canUseTool);

    const approval = await next();
    expect(approvals.answer(approval.id, { behavior: "allow" })).toBe("accepted");
    expect(approvals.answer(approval.id, { behavior: "allow" })).toBe("already_answered");
    await turn.done;
    expect(approvals.answer(approval.id, { behavior: "allow" })).toBe("already_answered");

    expect(runs()).toBe(1);
  });

  it("does not let an answer for one call, or a made-up id, approve another", async () => {
    const { tool, runs } = countingWrite();
    const { approvals, canUseTool, next } = approvalsSetup();
    server.script(
      reply()
        .toolCall("Write", { file_path: "a.txt", content: "a" }, { id: "call_a" })
        .toolCall("Write", { file_path: "b.txt", content: "b" }, { id: "call_b" }),
      reply().text("ok"),
    );
    const turn = startWriteTurn(tool, canUseTool);

    const first = await next();
    expect(approvals.answer("not-an-approval-id", { behavior: "allow" })).toBe("unknown");
    expect(approvals.answer(first.id, { behavior: "allow", toolUseID: "call_b" })).toBe("wrong_tool_use");
    expect(approvals.answer(first.id, { behavior: "yes please" })).toBe("malformed");
    expect(approvals.answer(first.id, { behavior: "deny", message: "Not a." })).toBe("accepted");
    const second = await next();
    expect(second.prompt.toolUseId).toBe("call_b");
    expect(approvals.answer(first.id, { behavior: "allow" })).toBe("already_answered");
    expect(approvals.answer(second.id, { behavior: "allow", toolUseID: "call_b" })).toBe("accepted");
    await turn.done;

    expect(runs()).toBe(1);
    expect(existsSync(join(project.root, "a.txt"))).toBe(false);
    expect(await project.read("b.txt")).toBe("b");
  });

  it("does not run when the turn is cancelled while waiting, and refuses the answer afterwards", async () => {
    const { tool, runs } = countingWrite();
    const { approvals, canUseTool, next } = approvalsSetup();
    scriptWrite();
    const turn = startWriteTurn(tool, canUseTool);

    const approval = await next();
    turn.controller.abort();
    await turn.done;

    expect(approvals.answer(approval.id, { behavior: "allow" })).toBe("expired");
    expect(approvals.pending).toEqual([]);
    expect(runs()).toBe(0);
    expect(resultOf(turn.messages)).toMatchObject({ terminal_reason: "aborted_tools" });
  });

  it.each<[string, unknown]>([
    ["no decision (null)", null],
    ["a malformed decision", { behavior: "sure" }],
    ["an allow for another call", { behavior: "allow", toolUseID: "call_other" }],
  ])("does not run on %s from canUseTool", async (_label, answer) => {
    const { tool, runs } = countingWrite();
    scriptWrite();

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "write",
      cwd: project.root,
      tools: [tool],
      canUseTool: async () => answer as PermissionResult,
    });

    expect(runs()).toBe(0);
    expect(toolResultOf(messages, "call_w")).toMatchObject({
      content: expect.stringContaining("did not run"),
      isError: true,
    });
  });

  it("does not run when the policy has nobody to ask", async () => {
    const { tool, runs } = countingWrite();
    scriptWrite();

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "write",
      cwd: project.root,
      tools: [tool],
      canUseTool: policyCanUseTool(new PermissionPolicy({ projectRoot: project.root })),
    });

    expect(runs()).toBe(0);
    expect(toolResultOf(messages, "call_w").content).toContain("there is nobody to ask here");
  });
});
