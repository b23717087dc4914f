import { describe, expect, it } from "vitest";
import { decodeRichMessage } from "./decode-rich-message.ts";
import type { RichWarning } from "./rich-warning.ts";

function collectWarnings() {
  const warnings: RichWarning[] = [];
  return { warnings, onWarning: (warning: RichWarning) => warnings.push(warning) };
}

describe("decodeRichMessage", () => {
  it("accepts an already-parsed object as well as JSON text", () => {
    const message = { kind: "Text", data: { text: "hello" } };
    expect(decodeRichMessage(message)).toEqual({ success: true, value: message });
    expect(decodeRichMessage(JSON.stringify(message))).toEqual({ success: true, value: message });
  });

  it("turns an unknown kind into an Unknown value shown as text, with exactly one warning", () => {
    const { warnings, onWarning } = collectWarnings();
    const raw = { kind: "Poll", data: { text: "Lunch at noon?", choices: ["yes", "no"] } };
    const result = decodeRichMessage(raw, { onWarning });
    expect(result).toEqual({
      success: true,
      value: { kind: "Unknown", original_kind: "Poll", text: "Lunch at noon?", raw },
    });
    expect(warnings).toEqual([{ code: "unknown_kind", message: expect.stringContaining('"Poll"') }]);
  });

  it("shows an unknown kind without readable text as its data in JSON", () => {
    const result = decodeRichMessage({ kind: "Chart", data: { series: [1, 2] } });
    expect(result.success && result.value.kind === "Unknown" && result.value.text).toBe(
      JSON.stringify({ series: [1, 2] }, null, 2),
    );
  });

  it("decodes an unknown kind without a warning hook and without throwing", () => {
    expect(() => decodeRichMessage({ kind: "Poll", data: {} })).not.toThrow();
  });

  it("fails a known kind with invalid data, naming the field path", () => {
    const result = decodeRichMessage({
      kind: "Plan",
      data: { goal: "Ship it", steps: [{ step_number: 1, action: "Build" }] },
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues.map((issue) => issue.path)).toEqual(["data.steps.0.reason"]);
    expect(result.error.message).toMatch(/^data\.steps\.0\.reason: /);
  });

  it("fails a known kind whose data is missing", () => {
    const result = decodeRichMessage({ kind: "ToolResult" });
    expect(!result.success && result.error.issues[0]?.path).toBe("data");
  });

  it("reports malformed JSON text instead of throwing", () => {
    const result = decodeRichMessage('{"kind": "Text", "data": {');
    expect(!result.success && result.error.message).toMatch(/^invalid JSON/);
  });

  it.each([
    ["an array", [1, 2]],
    ["null", null],
    ["a number", 42],
  ])("fails %s with a message instead of throwing", (_, input) => {
    const result = decodeRichMessage(input);
    expect(!result.success && result.error.message).toBe("expected a rich message object");
  });

  it("fails a non-string kind at the kind field", () => {
    const result = decodeRichMessage({ kind: 3, data: {} });
    expect(!result.success && result.error.issues).toEqual([{ path: "kind", message: "expected a string" }]);
  });

  it("fails an object that is neither a rich message nor a legacy message", () => {
    const result = decodeRichMessage({ role: "user", text: "hi" });
    expect(!result.success && result.error.issues[0]?.path).toBe("kind");
  });

  it("routes a flat message without kind through the seed 000 legacy decoder", () => {
    expect(decodeRichMessage({ content: "hello from 2024", role: "agent" })).toEqual({
      success: true,
      value: { kind: "Text", data: { text: "hello from 2024" }, role: "agent" },
    });
  });
});
