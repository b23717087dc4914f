import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractSpecialBlocks } from "../../src/rich/extract-special-blocks.ts";
import { parsePlanFromText, parseQuestionFromText } from "../../src/rich/parse-from-text.ts";
import type { RichWarning } from "../../src/rich/rich-warning.ts";

function modelOutput(name: string): string {
  return readFileSync(join(import.meta.dirname, "fixtures", "model-output", name), "utf8");
}

function withWarnings() {
  const warnings: RichWarning[] = [];
  return { warnings, options: { onWarning: (warning: RichWarning) => warnings.push(warning) } };
}

describe("plans in realistic model output", () => {
  it("reads the plan from a fenced block between prose", () => {
    const message = parsePlanFromText(modelOutput("plan-fenced.txt"));
    expect(message.kind).toBe("Plan");
    if (message.kind !== "Plan") return;
    expect(message.data.goal).toBe("Let SSE clients resume after a reconnect without gaps");
    expect(message.data.steps.map((step) => step.tools_needed)).toEqual([
      ["Read"],
      ["Edit"],
      ["Write", "Bash"],
    ]);
    expect(message.data.risks).toEqual(["Old events may be past retention"]);
  });

  it("reads a bare plan whose strings contain braces and escaped quotes", () => {
    const message = parsePlanFromText(modelOutput("plan-bare-with-prose.txt"));
    expect(message.kind === "Plan" && message.data.steps.map((step) => step.action)).toEqual([
      "Find every use of `{{` in templates/",
      'Escape braces: replace "}" with "\\u007d" in user input',
    ]);
    expect(message.kind === "Plan" && message.data.steps[0]?.reason).toBe(
      'The old engine treats "{{" and "}}" specially',
    );
  });

  it("skips a config block and an invalid draft to reach the corrected plan", () => {
    const message = parsePlanFromText(modelOutput("plan-several-blocks.txt"));
    expect(message).toEqual({
      kind: "Plan",
      data: {
        goal: "Tighten the TypeScript config",
        steps: [
          {
            step_number: 1,
            action: "Enable noUncheckedIndexedAccess",
            reason: "Catches undefined array reads",
          },
          {
            step_number: 2,
            action: "Fix the new errors",
            reason: "The build must stay green",
            tools_needed: ["Edit", "Bash"],
          },
        ],
      },
    });
  });

  it("shows truncated output as Text and warns that no complete plan was found", () => {
    const text = modelOutput("plan-truncated.txt");
    const { warnings, options } = withWarnings();
    expect(parsePlanFromText(text, options)).toEqual({ kind: "Text", data: { text } });
    expect(warnings.map((warning) => warning.code)).toEqual(["no_valid_plan"]);
  });
});

describe("questions in realistic model output", () => {
  it("reads an ask_user block as a Question with its severity and default", () => {
    const message = parseQuestionFromText(modelOutput("question-fenced.txt"));
    expect(message).toEqual({
      kind: "Question",
      data: {
        question: "Which branch should I rebase onto?",
        options: [
          { label: "main", value: "main", description: "Latest release line" },
          { label: "next", value: "next" },
        ],
        severity: "major",
        default: "main",
      },
    });
  });

  it("does not mistake a plan for a question", () => {
    expect(parseQuestionFromText(modelOutput("plan-fenced.txt")).kind).toBe("Text");
  });
});

describe("special blocks in a finished agent message", () => {
  it("splits the message into markdown, a change report, the ts example and a finalize_task card", () => {
    const segments = extractSpecialBlocks(modelOutput("message-with-special-blocks.txt"));
    expect(segments.map((segment) => (segment.kind === "block" ? segment.block.type : "markdown"))).toEqual([
      "markdown",
      "change_report",
      "markdown",
      "finalize_task",
    ]);
    const [intro, report, middle, finalize] = segments;
    expect(intro).toEqual({ kind: "markdown", text: "Done. I changed the SSE handler and added a test." });
    expect(
      report?.kind === "block" && report.block.type === "change_report" && report.block.files,
    ).toHaveLength(2);
    expect(middle?.kind === "markdown" && middle.text).toContain('const fake = { "type": "plan"');
    expect(finalize?.kind === "block" && finalize.block).toMatchObject({
      type: "finalize_task",
      outcome: "completed",
      next_steps: ["Deploy behind the proxy and watch reconnects"],
    });
  });
});
