import { describe, expect, it } from "vitest";
import { decodeRichMessage } from "./decode-rich-message.ts";
import type { RichWarning } from "./rich-warning.ts";

function decodeLegacy(input: unknown) {
  const warnings: RichWarning[] = [];
  const result = decodeRichMessage(input, { onWarning: (warning) => warnings.push(warning) });
  if (!result.success) throw new Error(`expected success, got: ${result.error.message}`);
  return { value: result.value, warnings };
}

const plan = {
  goal: "Rename the config flag",
  steps: [{ step_number: 1, action: "Grep for the old flag", reason: "Find every use" }],
};

describe("seed 000 flat messages", () => {
  it("treat a message without message_type as Text and keep its other fields on the envelope", () => {
    const { value, warnings } = decodeLegacy({
      id: "m1",
      role: "agent",
      content: "Build passed.",
      timestamp: "2024-05-01T10:00:00Z",
    });
    expect(value).toEqual({
      kind: "Text",
      data: { text: "Build passed." },
      id: "m1",
      role: "agent",
      timestamp: "2024-05-01T10:00:00Z",
    });
    expect(warnings).toEqual([]);
  });

  it("read a Plan whose content is JSON text", () => {
    const { value, warnings } = decodeLegacy({ message_type: "Plan", content: JSON.stringify(plan) });
    expect(value).toEqual({ kind: "Plan", data: plan });
    expect(warnings).toEqual([]);
  });

  it("read a Plan whose content is an object, or whose fields sit at the top level", () => {
    expect(decodeLegacy({ message_type: "Plan", content: plan }).value).toEqual({ kind: "Plan", data: plan });
    expect(decodeLegacy({ message_type: "Plan", id: "m2", ...plan }).value).toEqual({
      kind: "Plan",
      data: plan,
      id: "m2",
    });
  });

  it("show an invalid plan as Text of its content, with a warning naming the field", () => {
    const content = JSON.stringify({ goal: "Rename the flag", steps: [{ step_number: 1, action: "Grep" }] });
    const { value, warnings } = decodeLegacy({ message_type: "Plan", content, id: "m3" });
    expect(value).toEqual({ kind: "Text", data: { text: content }, id: "m3" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.code).toBe("invalid_legacy_content");
    expect(warnings[0]?.message).toContain("steps.0.reason");
  });

  it("show an invalid question as Text, with a warning", () => {
    const content = { question: "Proceed?", options: [{ label: "Yes" }] };
    const { value, warnings } = decodeLegacy({ message_type: "Question", content });
    expect(value).toEqual({ kind: "Text", data: { text: JSON.stringify(content, null, 2) } });
    expect(warnings.map((warning) => warning.message)).toEqual([expect.stringContaining("options.0.value")]);
  });

  it("read a valid Question", () => {
    const content = { question: "Proceed?", options: [{ label: "Yes", value: "yes" }], severity: "minor" };
    expect(decodeLegacy({ message_type: "Question", content }).value).toEqual({
      kind: "Question",
      data: content,
    });
  });

  it("turn a ToolCall into a ToolRequest that awaits approval", () => {
    const { value, warnings } = decodeLegacy({
      message_type: "ToolCall",
      content: "Delete the build folder",
      tool_name: "Bash",
      input: { command: "rm -rf build" },
      tool_use_id: "toolu_1",
      timestamp: "2024-05-01T10:00:00Z",
      role: "agent",
    });
    expect(value).toEqual({
      kind: "ToolRequest",
      data: {
        description: "Delete the build folder",
        tool_name: "Bash",
        parameters: { command: "rm -rf build" },
        tool_use_id: "toolu_1",
        request_id: "toolu_1",
        requires_approval: true,
        approval_status: "Pending",
        requested_at: "2024-05-01T10:00:00Z",
      },
      timestamp: "2024-05-01T10:00:00Z",
      role: "agent",
    });
    expect(warnings).toEqual([]);
  });

  it("turn a ToolResult's content into the tool output and infer its status", () => {
    const { value } = decodeLegacy({
      message_type: "ToolResult",
      content: "permission denied",
      tool_name: "Bash",
      request_id: "req_1",
      is_error: true,
      created_at: "2024-05-01T10:00:03Z",
    });
    expect(value).toEqual({
      kind: "ToolResult",
      data: {
        output: "permission denied",
        tool_name: "Bash",
        request_id: "req_1",
        is_error: true,
        status: "Failed",
        executed_at: "2024-05-01T10:00:03Z",
      },
      created_at: "2024-05-01T10:00:03Z",
    });
  });

  it("show a ToolCall that lacks its tool name as Text instead of failing", () => {
    const { value, warnings } = decodeLegacy({
      message_type: "ToolCall",
      content: "do something",
      request_id: "r",
    });
    expect(value).toEqual({ kind: "Text", data: { text: "do something" }, request_id: "r" });
    expect(warnings[0]?.message).toContain("tool_name");
  });

  it("turn an unknown message_type into an Unknown value with one warning", () => {
    const raw = { message_type: "Diagram", content: "graph TD; A-->B" };
    const { value, warnings } = decodeLegacy(raw);
    expect(value).toEqual({ kind: "Unknown", original_kind: "Diagram", text: "graph TD; A-->B", raw });
    expect(warnings).toEqual([{ code: "unknown_kind", message: expect.stringContaining('"Diagram"') }]);
  });

  it("fail a message_type that is not a string", () => {
    const result = decodeRichMessage({ message_type: 7, content: "x" });
    expect(!result.success && result.error.issues[0]?.path).toBe("message_type");
  });
});
