import { describe, expect, it } from "vitest";
import { finalTextCard } from "./final-text-card.ts";

const plan = { type: "plan", goal: "Ship", steps: [{ step_number: 1, action: "Build", reason: "needed" }] };
const question = {
  question: "Which one?",
  options: [
    { label: "A", value: "a" },
    { label: "B", value: "b" },
  ],
  severity: "minor",
};

describe("reading a card from an agent's final answer", () => {
  it("finds a plan only in plan mode", () => {
    const text = `Here:\n\`\`\`json\n${JSON.stringify(plan)}\n\`\`\``;

    expect(finalTextCard(text, true)).toEqual({ kind: "Plan", data: { goal: "Ship", steps: plan.steps } });
    expect(finalTextCard(text, false)).toBeUndefined();
  });

  it("finds a question in any mode, in the AskUser event's shape", () => {
    expect(finalTextCard(JSON.stringify(question), false)).toEqual({
      kind: "Question",
      question: { question: "Which one?", options: question.options, severity: "minor" },
    });
  });

  it("leaves prose and invalid JSON as text", () => {
    expect(finalTextCard("All done, no JSON here.", true)).toBeUndefined();
    expect(finalTextCard('{"question": "No options?", "options": []}', false)).toBeUndefined();
  });
});
