import { describe, expect, it } from "vitest";
import type { RichMessage } from "./rich-message.ts";
import { richMessageToModelText } from "./rich-message-to-model-text.ts";

const at = "2026-03-14T09:31:02.118Z";

describe("richMessageToModelText", () => {
  it("passes text through", () => {
    expect(richMessageToModelText({ kind: "Text", data: { text: "Build passed." } })).toBe("Build passed.");
  });

  it("renders a plan as numbered steps with tools, time and risks", () => {
    const message: RichMessage = {
      kind: "Plan",
      data: {
        goal: "Add SSE resume",
        estimated_time: "20 min",
        steps: [
          { step_number: 1, action: "Read the handler", reason: "Find seq", tools_needed: ["Read", "Grep"] },
          { step_number: 2, action: "Honour Last-Event-ID", reason: "Resume", estimated_time: "5 min" },
        ],
        risks: ["Events past retention"],
      },
    };
    expect(richMessageToModelText(message)).toBe(
      [
        "Plan: Add SSE resume",
        "Estimated time: 20 min",
        "1. Read the handler — Find seq (tools: Read, Grep)",
        "2. Honour Last-Event-ID — Resume (~5 min)",
        "Risks:",
        "- Events past retention",
      ].join("\n"),
    );
  });

  it("renders a question with its options, default and answer rules", () => {
    const message: RichMessage = {
      kind: "Question",
      data: {
        question: "Drop the column?",
        context: "Nothing reads it",
        severity: "critical",
        options: [
          { label: "Drop it", value: "drop", description: "Irreversible" },
          { label: "Keep", value: "Keep" },
        ],
        default: "Keep",
        allow_free_text: true,
      },
    };
    expect(richMessageToModelText(message)).toBe(
      [
        "Question (critical): Drop the column?",
        "Context: Nothing reads it",
        "Options:",
        "1. Drop it [drop] — Irreversible",
        "2. Keep (default)",
        "A free-text answer is accepted.",
      ].join("\n"),
    );
  });

  it("describes an inline image without its bytes", () => {
    const text = richMessageToModelText({
      kind: "Image",
      data: { data: "A".repeat(4000), media_type: "image/png", alt: "Login form" },
    });
    expect(text).toBe("[Image: Login form (inline image/png, 2.9 KB)]");
  });

  it("renders a file reference with its line range", () => {
    expect(
      richMessageToModelText({
        kind: "FileReference",
        data: { path: "src/a.ts", start_line: 3, end_line: 9, description: "the bug" },
      }),
    ).toBe("File: src/a.ts:3-9 — the bug");
  });

  it("renders a project tree as an indented tree, directories first", () => {
    const text = richMessageToModelText({
      kind: "ProjectStructure",
      data: {
        root_path: "/code/app",
        structure_type: "tree",
        generated_at: at,
        excluded_patterns: [".git"],
        content: {
          name: "app",
          path: "",
          files: [{ path: "package.json", size: 812, mime_type: "application/json", language: "JSON" }],
          directories: [
            {
              name: "src",
              path: "src",
              files: [
                { path: "src/index.ts", size: 2048, mime_type: "text/typescript", language: "TypeScript" },
              ],
              directories: [],
              omitted_entries: 4,
            },
          ],
        },
      },
    });
    expect(text).toBe(
      [
        `Project structure of /code/app (tree; generated ${at}; excluded: .git)`,
        "app/",
        "  src/",
        "    index.ts (2.0 KB, TypeScript)",
        "    … 4 entries left out by the generator",
        "  package.json (812 B, JSON)",
      ].join("\n"),
    );
  });

  it("limits a long file list and says how many entries were left out", () => {
    const files = Array.from({ length: 10 }, (_, index) => ({
      path: `f${index}.txt`,
      size: 1,
      mime_type: "text/plain",
    }));
    const text = richMessageToModelText(
      {
        kind: "ProjectStructure",
        data: {
          root_path: "/r",
          structure_type: "file_list",
          generated_at: at,
          excluded_patterns: [],
          content: files,
        },
      },
      { maxStructureEntries: 4 },
    );
    expect(text.split("\n").slice(1)).toEqual([
      "10 files:",
      "- f0.txt (1 B, text/plain)",
      "- f1.txt (1 B, text/plain)",
      "- f2.txt (1 B, text/plain)",
      "… 7 more entries not shown",
    ]);
  });

  it("renders a dependency graph with direct and transitive packages and what requires them", () => {
    const text = richMessageToModelText({
      kind: "ProjectStructure",
      data: {
        root_path: "/r",
        structure_type: "dependencies",
        generated_at: at,
        excluded_patterns: [],
        content: {
          manifests: [{ path: "package.json", ecosystem: "npm" }],
          dependencies: [
            {
              id: "v",
              name: "vitest",
              version: "4.1.12",
              ecosystem: "npm",
              dev: true,
              direct: true,
              depends_on: ["t"],
            },
            {
              id: "t",
              name: "tinypool",
              version: "2.0.0",
              ecosystem: "npm",
              dev: true,
              direct: false,
              depends_on: [],
            },
          ],
        },
      },
    });
    expect(text.split("\n").slice(1)).toEqual([
      "Manifests: package.json (npm)",
      "Direct dependencies (1):",
      "- vitest 4.1.12 [npm, dev] → tinypool",
      "Transitive dependencies (1):",
      "- tinypool 2.0.0 [npm, dev] ← vitest",
    ]);
  });

  it("lists the files the generator could not use before the entries, so a cut keeps them", () => {
    const text = richMessageToModelText(
      {
        kind: "ProjectStructure",
        data: {
          root_path: "/r",
          structure_type: "dependencies",
          generated_at: at,
          excluded_patterns: [],
          problems: [
            {
              path: "package-lock.json",
              reason: "too_large",
              message: "is 70.0 MiB; files over 64.0 MiB are not read.",
            },
            {
              path: "",
              reason: "timed_out",
              message: "Reading the project took longer than the 30 s time budget.",
            },
          ],
          omitted_problem_count: 3,
          content: { manifests: [], dependencies: [] },
        },
      },
      { maxStructureEntries: 4 },
    );
    expect(text.split("\n").slice(1)).toEqual([
      "Files the generator could not use (5):",
      "- package-lock.json: is 70.0 MiB; files over 64.0 MiB are not read.",
      "- (project): Reading the project took longer than the 30 s time budget.",
      "… 3 more problems",
      "… 3 more entries not shown",
    ]);
  });

  it("renders a tool request with its approval state and parameters", () => {
    const text = richMessageToModelText({
      kind: "ToolRequest",
      data: {
        request_id: "req_1",
        tool_name: "Bash",
        parameters: { command: "npm test" },
        requires_approval: true,
        approval_status: "Pending",
        requested_at: at,
      },
    });
    expect(text).toBe('Tool request: Bash [req_1] — approval Pending\nParameters: {"command":"npm test"}');
  });

  it("renders a tool result with its status, error and output", () => {
    const text = richMessageToModelText({
      kind: "ToolResult",
      data: {
        request_id: "req_1",
        tool_name: "Bash",
        output: "3 failed",
        status: "Failed",
        is_error: true,
        duration_ms: 812,
        executed_at: at,
        error: { code: "exit_code", message: "exited with 1" },
      },
    });
    expect(text).toBe(
      "Tool result: Bash [req_1] — Failed in 812 ms\nError exit_code: exited with 1\nOutput:\n3 failed",
    );
  });

  it("cuts a very long tool output, keeping its start and end around a marker", () => {
    const output = `${"a".repeat(5000)}FINAL ERROR LINE`;
    const text = richMessageToModelText(
      {
        kind: "ToolResult",
        data: {
          request_id: "r",
          tool_name: "Bash",
          output,
          status: "Success",
          is_error: false,
          executed_at: at,
        },
      },
      { maxPayloadChars: 300 },
    );
    expect(text).toContain("… [truncated 4716 characters] …");
    expect(text.endsWith("FINAL ERROR LINE")).toBe(true);
    expect(text.length).toBeLessThan(400);
  });

  it("names the MCP server of MCP tool requests and results", () => {
    expect(
      richMessageToModelText({
        kind: "MCPToolRequest",
        data: {
          server_name: "github",
          tool_name: "create_issue",
          arguments: { title: "Bug" },
          request_id: "m1",
          approval_status: "Approved",
          requested_at: at,
        },
      }),
    ).toBe('MCP tool request: github/create_issue [m1] — approval Approved\nArguments: {"title":"Bug"}');
    expect(
      richMessageToModelText({
        kind: "MCPToolResult",
        data: {
          server_name: "github",
          tool_name: "create_issue",
          request_id: "m1",
          result: { number: 311 },
          status: "Success",
          executed_at: at,
          duration_ms: 90,
          error: null,
        },
      }),
    ).toBe('MCP tool result: github/create_issue [m1] — Success in 90 ms\nOutput:\n{\n  "number": 311\n}');
  });

  it("includes an MCP resource's text but not its binary content", () => {
    expect(
      richMessageToModelText({
        kind: "MCPResource",
        data: { server_name: "fs", uri: "file:///a.txt", mime_type: "text/plain", text: "hello" },
      }),
    ).toBe("MCP resource from fs: file:///a.txt (text/plain)\nhello");
    expect(
      richMessageToModelText({
        kind: "MCPResource",
        data: { server_name: "fs", uri: "file:///a.bin", blob: "AAAA" },
      }),
    ).toBe("MCP resource from fs: file:///a.bin\n[binary content, 3 B]");
  });

  it("renders workflow progress and its error", () => {
    expect(
      richMessageToModelText({
        kind: "WorkflowExecution",
        data: {
          workflow_name: "release",
          execution_id: "wf_1",
          status: "Failed",
          current_step: "publish",
          total_steps: 4,
          completed_steps: 2,
          started_at: at,
          updated_at: at,
          error: { code: "forbidden", message: "403", retryable: true },
        },
      }),
    ).toBe(
      "Workflow release [wf_1] — Failed, 2/4 steps done; current step: publish\nError forbidden: 403 (retryable)",
    );
  });

  it("renders system control and processing as one bracketed line", () => {
    expect(
      richMessageToModelText({
        kind: "SystemControl",
        data: { action: "mode_change", mode: "plan", previous_mode: "default", reason: "user asked" },
      }),
    ).toBe("[System: mode_change to plan (was default) — user asked]");
    expect(
      richMessageToModelText({
        kind: "Processing",
        data: { stage: "indexing", message: "1,204 files", progress: 0.42 },
      }),
    ).toBe("[Processing: indexing — 1,204 files (42%)]");
  });

  it("renders an unknown kind as its fallback text", () => {
    expect(
      richMessageToModelText({
        kind: "Unknown",
        original_kind: "Poll",
        text: "Lunch?",
        raw: { kind: "Poll" },
      }),
    ).toBe("Lunch?");
  });
});
