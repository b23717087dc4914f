import { parsePlanFromText } from "@parley/protocol";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  builtinTools,
  createUpdatePlanTool,
  PermissionPolicy,
  PLAN_MODE_INSTRUCTIONS,
  PLAN_MODE_SUBAGENT_NOTE,
  type PlanUpdate,
  policyCanUseTool,
} from "../src/index.ts";
import { collectTurn, modelFor, resultOf } from "./helpers.ts";
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

const PLAN = {
  type: "plan",
  goal: "Move the launch to Wednesday",
  steps: [
    { step_number: 1, action: "Edit notes.txt", reason: "It names the launch day", tools_needed: ["Edit"] },
    { step_number: 2, action: "Tell the team", reason: "They plan around it" },
  ],
  risks: ["The team may have booked Tuesday"],
};

/** The system prompt of request `index`, as the Anthropic wire format carries it. */
function systemOf(index: number): string {
  const body = server.requests[index]?.body as { system?: { text: string }[] } | undefined;
  return (body?.system ?? []).map((part) => part.text).join("\n");
}

function planTurn(mode: "plan" | "default") {
  const policy = new PermissionPolicy({ projectRoot: project.root, mode });
  return collectTurn({
    model: modelFor(server, "anthropic"),
    prompt: "Move the launch to Wednesday",
    cwd: project.root,
    systemPrompt: "You are Parley.",
    permissionMode: policy.mode,
    canUseTool: policyCanUseTool(policy),
    tools: builtinTools(),
  });
}

describe("plan mode", () => {
  it("tells the model to investigate and answer with a JSON plan, and refuses its writes", async () => {
    server.script(
      reply()
        .toolCall("Read", { file_path: "notes.txt" }, { id: "call_read" })
        .toolCall("Write", { file_path: "notes.txt", content: "Ship on Wednesday.\n" }, { id: "call_write" }),
      reply().text(`Here is the plan.\n\n\`\`\`json\n${JSON.stringify(PLAN, null, 2)}\n\`\`\``),
    );

    const messages = await planTurn("plan");

    expect(messages[0]).toMatchObject({ subtype: "init", permissionMode: "plan" });
    expect(systemOf(0)).toBe(`You are Parley.\n\n${PLAN_MODE_INSTRUCTIONS}`);
    expect(systemOf(0)).toContain('"step_number": 1');
    expect(toolResultOf(messages, "call_read").content).toContain("Ship on Tuesday.");
    expect(toolResultOf(messages, "call_write")).toMatchObject({
      content: expect.stringContaining("Parley is in plan mode, so Write did not run"),
      isError: true,
    });
    expect(await project.read("notes.txt")).toBe("Ship on Tuesday.\n");
    const result = resultOf(messages);
    const plan = parsePlanFromText(result.subtype === "success" ? result.result : "");
    expect(plan).toMatchObject({ kind: "Plan", data: { goal: PLAN.goal, steps: PLAN.steps } });
  });

  it("leaves the system prompt alone outside plan mode", async () => {
    server.script(reply().text("ok"));

    await planTurn("default");

    expect(systemOf(0)).toBe("You are Parley.");
  });

  it("gives a subagent started in plan mode the read-only note instead of the plan format", async () => {
    server.script(
      reply().toolCall("Task", { description: "Read notes", prompt: "Read notes.txt." }, { id: "call_task" }),
      reply().text("It says Tuesday."),
      reply().text("ok"),
    );

    await planTurn("plan");

    expect(systemOf(1)).toContain(PLAN_MODE_SUBAGENT_NOTE);
    expect(systemOf(1)).not.toContain("# Plan mode");
  });
});

describe("UpdatePlan", () => {
  it("reports step progress to the host without asking for approval, and tells the model the plan was updated", async () => {
    const steps = [
      { step_number: 1, status: "completed", note: "notes.txt now says Wednesday" },
      { step_number: 2, status: "in_progress" },
    ];
    server.script(
      reply().toolCall("UpdatePlan", { steps, explanation: "Step 1 done" }, { id: "call_plan" }),
      reply().text("Working on step 2."),
    );
    const updates: PlanUpdate[] = [];

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "Execute the plan",
      tools: [createUpdatePlanTool({ onUpdate: (update) => void updates.push(update) })],
    });

    expect(updates).toEqual([{ toolUseId: "call_plan", steps, explanation: "Step 1 done" }]);
    expect(toolResultOf(messages, "call_plan")).toEqual({
      content: "Plan updated",
      isError: false,
      data: { steps, explanation: "Step 1 done" },
    });
    expect(resultOf(messages)).toMatchObject({ result: "Working on step 2.", permission_denials: [] });
  });

  it.each([
    [
      "two steps in progress",
      [1, 2].map((step_number) => ({ step_number, status: "in_progress" })),
      "in_progress",
    ],
    ["a step listed twice", [1, 1].map((step_number) => ({ step_number, status: "completed" })), "twice"],
    ["an unknown status", [{ step_number: 1, status: "done" }], "status"],
  ])("refuses an update with %s and does not pass it on", async (_, steps, problem) => {
    server.script(reply().toolCall("UpdatePlan", { steps }, { id: "call_plan" }), reply().text("ok"));
    const updates: PlanUpdate[] = [];

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "go",
      tools: [createUpdatePlanTool({ onUpdate: (update) => void updates.push(update) })],
    });

    expect(toolResultOf(messages, "call_plan")).toMatchObject({
      content: expect.stringContaining(problem),
      isError: true,
    });
    expect(updates).toEqual([]);
  });

  it("turns a host that fails to store the update into an error the model sees", async () => {
    server.script(
      reply().toolCall(
        "UpdatePlan",
        { steps: [{ step_number: 1, status: "completed" }] },
        { id: "call_plan" },
      ),
      reply().text("ok"),
    );

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "go",
      tools: [
        createUpdatePlanTool({
          onUpdate: () => {
            throw new Error("the plan store is unavailable");
          },
        }),
      ],
    });

    expect(toolResultOf(messages, "call_plan")).toEqual({
      content: "Error: the plan store is unavailable",
      isError: true,
      data: undefined,
    });
  });
});
