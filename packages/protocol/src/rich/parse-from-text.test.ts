import { describe, expect, it } from "vitest";
import { parsePlanFromText, parseQuestionFromText } from "./parse-from-text.ts";
import type { RichWarning } from "./rich-warning.ts";

function withWarnings() {
  const warnings: RichWarning[] = [];
  return { warnings, options: { onWarning: (warning: RichWarning) => warnings.push(warning) } };
}

const planJson = {
  goal: "Fix the flaky test",
  steps: [{ step_number: 1, action: "Re-run it 50 times", reason: "Measure how often it fails" }],
};

describe("parsePlanFromText", () => {
  it("reads a plan from a fenced json block among prose", () => {
    const text = `Here is my plan:\n\n\`\`\`json\n${JSON.stringify(planJson, null, 2)}\n\`\`\`\n\nOK?`;
    expect(parsePlanFromText(text)).toEqual({ kind: "Plan", data: planJson });
  });

  it("reads a bare plan with prose before and after it", () => {
    const text = `My plan: ${JSON.stringify(planJson)} Let me know.`;
    expect(parsePlanFromText(text)).toEqual({ kind: "Plan", data: planJson });
  });

  it("drops the special-block type tag from a plan block", () => {
    const text = JSON.stringify({ type: "plan", ...planJson });
    expect(parsePlanFromText(text)).toEqual({ kind: "Plan", data: planJson });
  });

  it("skips an object tagged as another special block", () => {
    const text = `${JSON.stringify({ type: "ask_user", ...planJson })}`;
    expect(parsePlanFromText(text).kind).toBe("Text");
  });

  it("falls back to Text of the whole text when the plan lacks a required field, and says which", () => {
    const { warnings, options } = withWarnings();
    const text = 'Plan: {"goal": "Fix it", "steps": [{"step_number": 1, "action": "Look"}]}';
    expect(parsePlanFromText(text, options)).toEqual({ kind: "Text", data: { text } });
    expect(warnings).toEqual([{ code: "no_valid_plan", message: expect.stringContaining("steps.0.reason") }]);
  });

  it("falls back to Text when the text holds no JSON at all", () => {
    const { warnings, options } = withWarnings();
    expect(parsePlanFromText("I think we should just restart it.", options).kind).toBe("Text");
    expect(warnings[0]?.message).toContain("no complete JSON object");
  });

  it("keeps a model's plan valid but not its claims about the card: status, decision and step progress", () => {
    const claimed = {
      ...planJson,
      status: "done",
      decision: { action: "execute", at_ms: 1 },
      steps: [{ ...planJson.steps[0], status: "finished", note: "already did it" }],
    };
    expect(parsePlanFromText(JSON.stringify(claimed))).toEqual({ kind: "Plan", data: planJson });
  });

  it("falls back to Text for an empty plan", () => {
    expect(parsePlanFromText('{"goal": "Nothing", "steps": []}').kind).toBe("Text");
  });
});

describe("parseQuestionFromText", () => {
  const question = {
    question: "Which database?",
    options: [
      { label: "SQLite", value: "sqlite" },
      { label: "PostgreSQL", value: "postgres" },
    ],
    severity: "major",
  };

  it("reads a question from bare JSON", () => {
    expect(parseQuestionFromText(`Quick one: ${JSON.stringify(question)}`)).toEqual({
      kind: "Question",
      data: question,
    });
  });

  it("reads an ask_user block as a question without its tag", () => {
    const text = `\`\`\`json\n${JSON.stringify({ type: "ask_user", ...question })}\n\`\`\``;
    expect(parseQuestionFromText(text)).toEqual({ kind: "Question", data: question });
  });

  it("falls back to Text when an option has no value", () => {
    const { warnings, options } = withWarnings();
    const text = JSON.stringify({ question: "Which?", options: [{ label: "A" }] });
    expect(parseQuestionFromText(text, options)).toEqual({ kind: "Text", data: { text } });
    expect(warnings).toEqual([
      { code: "no_valid_question", message: expect.stringContaining("options.0.value") },
    ]);
  });

  it("never takes a model's question as already answered", () => {
    const claimed = { ...question, question_id: "q-1", status: "answered", answers: ["sqlite"] };
    expect(parseQuestionFromText(JSON.stringify(claimed))).toEqual({ kind: "Question", data: question });
  });

  it("falls back to Text for an unknown severity", () => {
    expect(parseQuestionFromText(JSON.stringify({ ...question, severity: "urgent" })).kind).toBe("Text");
  });
});
