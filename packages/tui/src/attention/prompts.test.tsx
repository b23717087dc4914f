import type { AskUserAnswer, PlanData, ToolRequestData, WorkflowExecutionData } from "@parley/protocol";
import type { ApprovalAnswer, ExecutePlanMode, QuestionCard, WorkflowControl } from "@parley/sdk";
import { describe, expect, it, vi } from "vitest";
import { flat, KEY, renderInTerminal, settle } from "../../test/render.tsx";
import { ApprovalPrompt } from "./approval-prompt.tsx";
import { PlanPrompt } from "./plan-prompt.tsx";
import { QuestionPrompt } from "./question-prompt.tsx";
import { WorkflowPrompt } from "./workflow-prompt.tsx";

const done = { status: "done" as const };

function writeRequest(overrides: Partial<ToolRequestData> = {}): ToolRequestData {
  return {
    request_id: "req-1",
    tool_use_id: "tool-1",
    tool_name: "Write",
    parameters: { file_path: "notes.txt", content: "hello" },
    approval_status: "Pending",
    approval_id: "approval-1",
    headline: "Writing notes.txt",
    suggested_rule: { tool: "Write", pattern: "notes.txt", behavior: "allow" },
    ...overrides,
  } as ToolRequestData;
}

function approval(request = writeRequest(), kind = "ToolRequest", data: unknown = request) {
  const onAnswer = vi.fn(async (_answer: ApprovalAnswer) => done);
  const view = renderInTerminal(
    <ApprovalPrompt request={request} kind={kind} data={data} focused onAnswer={onAnswer} />,
  );
  return { ...view, onAnswer };
}

describe("the approval card, answered by keys", () => {
  it("shows the tool, what it would do and its input, and approves once with y", async () => {
    const { frame, press, onAnswer } = approval();
    expect(frame()).toContain("[Write] Writing notes.txt · needs your approval");
    expect(frame()).toContain("file path: notes.txt");

    await press("y");

    expect(onAnswer).toHaveBeenCalledWith({ decision: "approve" });
  });

  it("always allows the rule it names with a, and picks by arrows and Enter too", async () => {
    const { frame, press, onAnswer } = approval();
    // The choices show once their keys are read (the frame after the first).
    await settle();
    expect(frame()).toContain("Always allow Write(notes.txt)");

    await press(KEY.down, KEY.enter);

    expect(onAnswer).toHaveBeenCalledWith({ decision: "approve_always" });
  });

  it("shows a command and the rule it offers with their control characters as escapes", async () => {
    const command = "touch pwned\r\u001b[2K echo tidy";
    const { frame } = approval(
      writeRequest({
        tool_name: "Bash",
        parameters: { command },
        headline: "Running a command",
        suggested_rule: { tool: "Bash", pattern: command, behavior: "allow" },
      }),
    );
    await settle();
    expect(frame()).toContain("$ touch pwned\\r\\e[2K echo tidy");
    expect(frame()).toContain("Always allow Bash(touch pwned\\r\\e[2K echo tidy)");
    expect(frame()).not.toContain("\r");
  });

  it("rejects with the feedback typed for the agent", async () => {
    const { frame, press, onAnswer } = approval();
    await press("n");
    expect(frame()).toContain("What should the agent do instead?");

    await press("Use docs/ instead", KEY.enter);

    expect(onAnswer).toHaveBeenCalledWith({ decision: "reject", feedback: "Use docs/ instead" });
  });

  it("edits the input as JSON, refuses what is not an object, and approves the edit with Ctrl-S", async () => {
    const { frame, press, onAnswer } = approval(writeRequest({ parameters: { file_path: "a" } }));
    await press("e");
    expect(frame()).toContain('"file_path": "a"');

    await press(...Array.from({ length: 25 }, () => KEY.backspace), "[1]", KEY.ctrlS);
    expect(flat(frame())).toContain("The input must be a JSON object");
    expect(onAnswer).not.toHaveBeenCalled();

    await press(KEY.backspace, KEY.backspace, KEY.backspace, '{"file_path": "b"}', KEY.ctrlS);
    expect(onAnswer).toHaveBeenCalledWith({ decision: "approve", updatedInput: { file_path: "b" } });
  });

  it("offers no Always allow for a protected path, and says why it always asks", () => {
    const { frame } = approval(writeRequest({ protected_path: true, blocked_path: ".git/hooks/pre-commit" }));
    expect(flat(frame())).toContain("Parley always asks for it, in every mode, and cannot always allow it");
    expect(frame()).not.toContain("Always allow");
  });

  it("names the MCP server of an MCP call, its hints, and allows the whole server with s", async () => {
    const request = writeRequest({
      tool_name: "mcp__github__create_issue",
      suggested_rule: { tool: "mcp__github__create_issue", behavior: "allow" },
    });
    const data = {
      ...request,
      server_name: "github",
      tool_name: "create_issue",
      title: "Create an issue",
      arguments: {},
      requested_at: "2026-11-26T10:00:00.000Z",
      annotations: { destructiveHint: true },
    };
    const { frame, press, onAnswer } = approval(request, "MCPToolRequest", data);
    expect(frame()).toContain("[github] Create an issue");
    expect(frame()).toContain("destructive");

    await press("s");

    expect(onAnswer).toHaveBeenCalledWith({ decision: "approve_always", alwaysScope: "server" });
  });
});

const database: QuestionCard = {
  question: "Which database?",
  question_id: "q-1",
  options: [],
  status: "pending",
  questions: [
    {
      question: "Which database?",
      options: [
        { label: "SQLite", value: "sqlite" },
        { label: "PostgreSQL", value: "postgres", description: "for many writers" },
      ],
      default: "sqlite",
      severity: "critical",
    },
  ],
} as QuestionCard;

describe("the question card, answered by keys", () => {
  it("shows the options with the suggested one, and answers with one pick", async () => {
    const onAnswer = vi.fn(async (_answers: AskUserAnswer[]) => done);
    const { frame, press } = renderInTerminal(
      <QuestionPrompt question={database} focused onAnswer={onAnswer} />,
    );
    await settle();
    expect(frame()).toContain("Which database?");
    expect(frame()).toMatch(/SQLite.*\(suggested\)/);

    await press(KEY.down, KEY.enter);

    expect(onAnswer).toHaveBeenCalledWith(["postgres"]);
  });

  it("toggles options of a multi-select question, then takes free text for the next one and sends both", async () => {
    const question = {
      ...database,
      questions: [
        {
          question: "Which platforms?",
          multi_select: true,
          options: [
            { label: "Linux", value: "linux" },
            { label: "macOS", value: "mac" },
          ],
        },
        { question: "Anything else?", options: [], allow_free_text: true },
      ],
    } as QuestionCard;
    const onAnswer = vi.fn(async (_answers: AskUserAnswer[]) => done);
    const { frame, press } = renderInTerminal(
      <QuestionPrompt question={question} focused onAnswer={onAnswer} />,
    );

    await press(KEY.enter, KEY.down, KEY.enter);
    expect(frame()).toContain("[x] Linux");
    expect(frame()).toContain("[x] macOS");
    await press(KEY.down, KEY.enter);
    expect(frame()).toContain("Question 2 of 2");
    await press("t", "Ship on Friday", KEY.enter);

    expect(onAnswer).toHaveBeenCalledWith([["linux", "mac"], "Ship on Friday"]);
  });
});

const plan: PlanData = {
  goal: "Fix the duration parser",
  steps: [{ step_number: 1, action: "Read the parser", reason: "" }],
  status: "proposed",
} as PlanData;

describe("the plan decision, by keys", () => {
  it("executes step by step in the mode chosen with the arrows, in one turn, or refines with feedback", async () => {
    const onExecute = vi.fn(async (_mode: ExecutePlanMode) => done);
    const onSteps = vi.fn(async (_mode: ExecutePlanMode) => done);
    const onRefine = vi.fn(async (_feedback: string) => done);
    const { frame, press } = renderInTerminal(
      <PlanPrompt
        plan={plan}
        focused
        onExecute={onExecute}
        onExecuteStepByStep={onSteps}
        onRefine={onRefine}
      />,
    );
    expect(frame()).toContain("◂ Ask before changes ▸");

    await press(KEY.right);
    expect(frame()).toContain("◂ Accept edits ▸");
    await press("x");
    expect(onSteps).toHaveBeenCalledWith("acceptEdits");

    await press("o");
    expect(onExecute).toHaveBeenCalledWith("acceptEdits");

    await press("r", "Test the hours too", KEY.enter);
    expect(onRefine).toHaveBeenCalledWith("Test the hours too");
  });
});

describe("a workflow's controls", () => {
  const execution = (status: WorkflowExecutionData["status"]): WorkflowExecutionData =>
    ({
      workflow_name: "release",
      execution_id: "exec-1",
      status,
      completed_steps: 1,
      total_steps: 3,
      steps: [
        { id: "test", name: "test", kind: "shell", status: "completed", attempts: 1 },
        {
          id: "notes",
          name: "notes",
          kind: "agent",
          status: status === "Failed" ? "failed" : "running",
          attempts: 2,
          error: status === "Failed" ? { message: "model down" } : null,
        },
      ],
    }) as unknown as WorkflowExecutionData;

  it("pauses a running workflow at the step boundary with p, and cancels with c", async () => {
    const onControl = vi.fn(async (_control: WorkflowControl) => undefined);
    const { frame, press } = renderInTerminal(
      <WorkflowPrompt execution={execution("Running")} focused onControl={onControl} />,
    );
    expect(frame()).toContain("Workflow release · Running · 1 of 3 steps");
    expect(frame()).toContain("try 2");

    await press("p");
    await press("c");

    expect(onControl.mock.calls).toEqual([["pause"], ["cancel"]]);
  });

  it("offers Retry step for a failed workflow, with the step's error", async () => {
    const onControl = vi.fn(async (_control: WorkflowControl) => undefined);
    const { frame, press } = renderInTerminal(
      <WorkflowPrompt execution={execution("Failed")} focused onControl={onControl} />,
    );
    expect(frame()).toContain("model down");
    expect(frame()).not.toContain("Pause");

    await press(KEY.enter);

    expect(onControl).toHaveBeenCalledWith("retry");
  });
});
