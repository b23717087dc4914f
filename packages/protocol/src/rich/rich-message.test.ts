import { describe, expect, it } from "vitest";
import { decodeWith } from "../shared/decode-result.ts";
import { RichMessageSchema } from "./rich-message.ts";

const at = "2026-03-14T09:31:02.118Z";

/** The paths of the fields a message is rejected for, or [] when it is accepted. */
function rejectedPaths(message: unknown): string[] {
  const result = decodeWith(RichMessageSchema, message);
  return result.success ? [] : result.error.issues.map((issue) => issue.path);
}

describe("rich message field validation", () => {
  it("requires a goal and at least one numbered step in a plan", () => {
    expect(rejectedPaths({ kind: "Plan", data: { goal: "", steps: [] } })).toEqual([
      "data.goal",
      "data.steps",
    ]);
    expect(
      rejectedPaths({
        kind: "Plan",
        data: { goal: "g", steps: [{ step_number: 0, action: "a", reason: "r" }] },
      }),
    ).toEqual(["data.steps.0.step_number"]);
  });

  it("accepts a question without options only when it allows a free-text answer", () => {
    expect(rejectedPaths({ kind: "Question", data: { question: "Name?", options: [] } })).toEqual([
      "data.options",
    ]);
    expect(
      rejectedPaths({ kind: "Question", data: { question: "Name?", options: [], allow_free_text: true } }),
    ).toEqual([]);
  });

  it("accepts several default values for a multi-select question", () => {
    const options = [
      { label: "A", value: "a" },
      { label: "B", value: "b" },
    ];
    const data = { question: "Which?", options, multi_select: true, default: ["a", "b"] };
    expect(rejectedPaths({ kind: "Question", data })).toEqual([]);
  });

  it("needs an image url or base64 data, and a media type for inline data", () => {
    expect(rejectedPaths({ kind: "Image", data: { alt: "x" } })).toEqual(["data.url"]);
    expect(rejectedPaths({ kind: "Image", data: { data: "iVBORw0KGgo=" } })).toEqual(["data.media_type"]);
    expect(rejectedPaths({ kind: "Image", data: { data: "not base64!", media_type: "image/png" } })).toEqual([
      "data.data",
    ]);
    expect(rejectedPaths({ kind: "Image", data: { url: "https://example.com/a.png" } })).toEqual([]);
  });

  it("rejects a file reference whose range ends before it starts", () => {
    expect(
      rejectedPaths({ kind: "FileReference", data: { path: "a.ts", start_line: 9, end_line: 3 } }),
    ).toEqual(["data.end_line"]);
    expect(rejectedPaths({ kind: "FileReference", data: { path: "a.ts", end_line: 3 } })).toEqual([
      "data.start_line",
    ]);
  });

  it("checks that project structure content matches its structure type", () => {
    const base = { root_path: "/r", generated_at: at, excluded_patterns: [] };
    expect(
      rejectedPaths({
        kind: "ProjectStructure",
        data: { ...base, structure_type: "file_list", content: [] },
      }),
    ).toEqual([]);
    expect(
      rejectedPaths({ kind: "ProjectStructure", data: { ...base, structure_type: "tree", content: [] } }),
    ).toEqual(["data.content"]);
    expect(
      rejectedPaths({ kind: "ProjectStructure", data: { ...base, structure_type: "graph", content: {} } }),
    ).toEqual(["data.structure_type"]);
  });

  it("validates nested directories of a project tree", () => {
    const content = {
      name: "r",
      path: "",
      files: [],
      directories: [
        {
          name: "src",
          path: "src",
          files: [{ path: "src/a.ts", size: -1, mime_type: "text/plain" }],
          directories: [],
        },
      ],
    };
    const data = {
      root_path: "/r",
      generated_at: at,
      excluded_patterns: [],
      structure_type: "tree",
      content,
    };
    expect(rejectedPaths({ kind: "ProjectStructure", data })).toEqual([
      "data.content.directories.0.files.0.size",
    ]);
  });

  it("rejects a dependency graph with a duplicate id or an edge to a missing package", () => {
    const dependency = { name: "zod", version: "4.6.7", ecosystem: "npm", dev: false, direct: true };
    const content = {
      manifests: [],
      dependencies: [
        { ...dependency, id: "zod", depends_on: ["ghost"] },
        { ...dependency, id: "zod", depends_on: [] },
      ],
    };
    const data = {
      root_path: "/r",
      generated_at: at,
      excluded_patterns: [],
      structure_type: "dependencies",
      content,
    };
    expect(rejectedPaths({ kind: "ProjectStructure", data })).toEqual([
      "data.content.dependencies.1.id",
      "data.content.dependencies.0.depends_on.0",
    ]);
  });

  it("rejects a timestamp that is not ISO 8601 and an approval status outside the set", () => {
    const data = {
      server_name: "github",
      tool_name: "create_issue",
      arguments: {},
      request_id: "m1",
      approval_status: "Maybe",
      requested_at: "yesterday",
    };
    expect(rejectedPaths({ kind: "MCPToolRequest", data })).toEqual([
      "data.approval_status",
      "data.requested_at",
    ]);
  });

  it("accepts an MCP tool result whose error is null, as serde writes None", () => {
    const data = {
      server_name: "s",
      tool_name: "t",
      request_id: "r",
      result: null,
      status: "Timeout",
      executed_at: at,
      duration_ms: 30000,
      error: null,
    };
    expect(rejectedPaths({ kind: "MCPToolResult", data })).toEqual([]);
    expect(rejectedPaths({ kind: "MCPToolResult", data: { ...data, duration_ms: -1 } })).toEqual([
      "data.duration_ms",
    ]);
  });

  it("rejects a workflow that completed more steps than it has", () => {
    const data = {
      workflow_name: "w",
      execution_id: "e",
      status: "Running",
      current_step: null,
      total_steps: 2,
      completed_steps: 3,
      started_at: at,
      updated_at: at,
    };
    expect(rejectedPaths({ kind: "WorkflowExecution", data })).toEqual(["data.completed_steps"]);
  });

  it("requires the new mode for a mode change and a progress between 0 and 1", () => {
    expect(rejectedPaths({ kind: "SystemControl", data: { action: "mode_change" } })).toEqual(["data.mode"]);
    expect(
      rejectedPaths({ kind: "SystemControl", data: { action: "compact", reason: "context full" } }),
    ).toEqual([]);
    expect(rejectedPaths({ kind: "Processing", data: { stage: "s", message: "m", progress: 1.5 } })).toEqual([
      "data.progress",
    ]);
  });

  it("rejects an MCP resource with both text and blob", () => {
    expect(
      rejectedPaths({ kind: "MCPResource", data: { server_name: "s", uri: "u", text: "a", blob: "AAAA" } }),
    ).toEqual(["data.blob"]);
  });
});
