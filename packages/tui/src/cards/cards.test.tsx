import type { ProjectStructureData, ToolRequestData, ToolResultData } from "@parley/protocol";
import type { MessageCard, SubagentTreeEntry } from "@parley/sdk";
import { describe, expect, it } from "vitest";
import { flat, renderInTerminal } from "../../test/render.tsx";
import { DisplayContext } from "../theme/display.ts";
import { CardView, SpecialBlockView } from "./card-view.tsx";
import { ProjectStructureView } from "./project-structure-view.tsx";
import { ToolCallView } from "./tool-call-view.tsx";

const request = {
  request_id: "req-1",
  tool_use_id: "tool-1",
  tool_name: "Bash",
  parameters: { command: "npm test" },
  approval_status: "AutoApproved",
  requires_approval: false,
  requested_at: "2026-11-26T10:00:00.000Z",
  headline: "Running npm test",
} satisfies ToolRequestData;

function result(output: string, extra: Partial<ToolResultData> = {}): ToolResultData {
  return {
    request_id: "req-1",
    tool_use_id: "tool-1",
    tool_name: "Bash",
    status: "Success",
    is_error: false,
    output,
    duration_ms: 1200,
    ...extra,
  } as ToolResultData;
}

describe("cards in the transcript", () => {
  it("shows a tool call on one line with a short result inline, and its input and output in full with Ctrl-O", () => {
    const short = renderInTerminal(
      <ToolCallView request={request} result={result("3 passed")} subagents={[]} />,
    );
    expect(short.frame()).toContain("⏺ Running npm test · 1.2 s ✓ — 3 passed");

    const long = result(Array.from({ length: 30 }, (_, index) => `line ${index}`).join("\n"));
    const collapsed = renderInTerminal(<ToolCallView request={request} result={long} subagents={[]} />);
    expect(collapsed.frame()).not.toContain("line 29");
    const expanded = renderInTerminal(
      <DisplayContext.Provider value={{ columns: 100, rows: 40, expandTools: true }}>
        <ToolCallView request={request} result={long} subagents={[]} />
      </DisplayContext.Provider>,
    );
    expect(expanded.frame()).toContain("$ npm test");
    expect(expanded.frame()).toContain("line 29");
  });

  it("names an MCP call by its server and the tool's title, with the server's hint, as the web's card does", () => {
    const mcp = {
      ...request,
      tool_name: "mcp__github__create_issue",
      mcp_tool_name: "create_issue",
      server_name: "github",
      title: "Create an issue",
      annotations: { destructiveHint: true },
      headline: "mcp__github__create_issue",
      parameters: { title: "Bug" },
    } satisfies ToolRequestData;
    const shown = renderInTerminal(
      <ToolCallView request={mcp} result={result("#12 opened")} subagents={[]} />,
    );
    expect(shown.frame()).toContain("⏺ github › Create an issue [destructive] · 1.2 s ✓ — #12 opened");
    const untitled = renderInTerminal(
      <ToolCallView
        request={{ ...mcp, title: undefined, annotations: { readOnlyHint: true } }}
        subagents={[]}
      />,
    );
    expect(untitled.frame()).toContain("github › create_issue [read-only]");
  });

  it("shows a failed call's error and how a rejected approval was answered", () => {
    const failed = renderInTerminal(
      <ToolCallView
        request={request}
        result={result("", {
          status: "Failed",
          is_error: true,
          error: { message: "exit code 1" },
        } as Partial<ToolResultData>)}
        subagents={[]}
      />,
    );
    expect(failed.frame()).toContain("✗ — exit code 1");
    const rejected = renderInTerminal(
      <ToolCallView
        request={
          {
            ...request,
            approval_id: "a-1",
            approval_status: "Rejected",
            decided_by: "user",
            feedback: "Run the unit tests only",
          } as ToolRequestData
        }
        subagents={[]}
      />,
    );
    expect(rejected.frame()).toContain("Rejected");
    expect(rejected.frame()).toContain("“Run the unit tests only”");
  });

  it("hangs the subagents a Task call started under it, running with their latest calls or done with their report", () => {
    const entries: SubagentTreeEntry[] = [
      {
        subagentId: "s1",
        parentId: "main",
        task: "Read the parser",
        done: false,
        activitySummary: "Reading src/duration.ts",
        activityItems: [{ label: "Read src/duration.ts", state: "running" }],
      },
      {
        subagentId: "s2",
        parentId: "main",
        task: "Check the tests",
        done: true,
        outcome: "error",
        error: "no test runner",
        durationMs: 2000,
      },
    ];
    const { frame } = renderInTerminal(
      <ToolCallView
        request={{ ...request, tool_name: "Task", headline: "Delegating" } as ToolRequestData}
        subagents={entries}
      />,
    );
    expect(frame()).toContain("Read the parser · Reading src/duration.ts");
    expect(frame()).toContain("Check the tests · 2.0 s error");
    expect(frame()).toContain("no test runner");
  });

  it("shows a change report with its counts and diff lines", () => {
    const { frame } = renderInTerminal(
      <SpecialBlockView
        block={{
          type: "change_report",
          files: [
            {
              path: "src/a.ts",
              change: "modified",
              additions: 1,
              deletions: 1,
              diff: "@@ -1 +1 @@\n-old\n+new\n",
            },
          ],
        }}
      />,
    );
    expect(frame()).toContain("1 file changed +1 −1");
    expect(frame()).toContain("-old");
    expect(frame()).toContain("+new");
  });

  it("names each file a rewind could not put back, and why, without a repository's escape sequences", () => {
    const { frame } = renderInTerminal(
      <SpecialBlockView
        block={{
          type: "change_report",
          summary: "0 files rewound",
          files: [],
          rewind: {
            run_id: "run_1",
            not_restored: [{ path: "big\u001b[31m.bin", reason: "its content was not kept" }],
          },
        }}
      />,
    );
    expect(frame()).toContain("cannot be put back big");
    expect(frame()).toContain("(its content was not kept)");
    expect(frame()).not.toContain("\u001b[31m");
  });

  it("shows a plan's goal, its steps with their status, and its risks", () => {
    const card: MessageCard = {
      id: "p1",
      rich: {
        kind: "Plan",
        data: {
          goal: "Fix the parser",
          steps: [
            { step_number: 1, action: "Read it", reason: "to understand", status: "completed" },
            { step_number: 2, action: "Fix it", reason: "", status: "in_progress" },
          ],
          risks: ["Breaks hours"],
          status: "executing",
        },
      },
    };
    const text = flat(renderInTerminal(<CardView card={card} />).frame());
    expect(text).toContain("Plan · Executing");
    expect(text).toContain("✓ 1. Read it — to understand");
    expect(text).toContain("◐ 2. Fix it");
    expect(text).toContain("⚠ Risks");
  });

  it("shows a project tree with its first levels and what the limits left out", () => {
    const card: MessageCard = {
      id: "s1",
      rich: {
        kind: "ProjectStructure",
        data: {
          structure_type: "tree",
          root_path: "/project",
          generated_at: "2026-11-26T10:00:00.000Z",
          excluded_patterns: ["node_modules"],
          truncated: true,
          content: {
            name: "project",
            path: ".",
            directories: [
              {
                name: "src",
                path: "src",
                directories: [],
                files: [{ path: "src/a.ts", size: 2048, mime_type: "text/x-typescript" }],
              },
            ],
            files: [{ path: "README.md", size: 10, mime_type: "text/markdown" }],
            omitted_entries: 4,
          },
        },
      },
    };
    const text = flat(renderInTerminal(<CardView card={card} />).frame());
    expect(text).toContain("Project tree /project");
    expect(text).toContain("leaves out node_modules");
    expect(text).toContain("src/ (1 entry)");
    expect(text).toContain("a.ts 2.0 KB");
    expect(text).toContain("… 4 more entries left out by the limits");
  });

  it("opens every folder in a scrolled window and shows only the rows in it, saying which", () => {
    const deep = (name: string, path: string, files: string[]) => ({
      name,
      path,
      directories: [],
      files: files.map((file) => ({ path: `${path}/${file}`, size: 1, mime_type: "text/plain" })),
    });
    const structure = {
      structure_type: "tree",
      root_path: "/project",
      generated_at: "2026-11-26T10:00:00.000Z",
      excluded_patterns: [],
      content: {
        name: "project",
        path: ".",
        directories: [
          {
            name: "src",
            path: "src",
            directories: [deep("deep", "src/deep", ["one.ts", "two.ts", "three.ts"])],
            files: [],
          },
        ],
        files: [],
      },
    } as unknown as ProjectStructureData;
    const text = flat(
      renderInTerminal(
        <ProjectStructureView
          structure={structure}
          window={{ offset: 2, height: 3 }}
          folds={{ open: new Set([".", "src", "src/deep"]), marks: { open: "v", closed: ">" } }}
          cursor={{ row: 3, pointer: "*" }}
        />,
      ).frame(),
    );
    // project/, src/, deep/, then its three files: six rows, the third to the fifth on screen.
    expect(text).toContain("v deep/ (3 entries) * one.ts 1 B two.ts 1 B Rows 3–5 of 6");
    expect(text).not.toContain("project/");
    expect(text).not.toContain("three.ts");

    const folded = flat(
      renderInTerminal(
        <ProjectStructureView
          structure={structure}
          window={{ offset: 0, height: 5 }}
          folds={{ open: new Set([".", "src"]), marks: { open: "v", closed: ">" } }}
        />,
      ).frame(),
    );
    // A folded folder is one row, marked so, and none of its files show.
    expect(folded).toContain("v project/ (1 entry) v src/ (1 entry) > deep/ (3 entries) Rows 1–3 of 3");
    expect(folded).not.toContain("one.ts");
  });

  it("shows a message of a kind it does not know as text, saying so", () => {
    const card: MessageCard = {
      id: "x1",
      rich: { kind: "Text", data: { text: "**future** card" } },
      unknownKind: "Hologram",
    };
    const text = flat(renderInTerminal(<CardView card={card} />).frame());
    expect(text).toContain("no card for “Hologram”");
    expect(text).toContain("future card");
  });

  it("never lets control characters from the model reach the terminal", () => {
    const card: MessageCard = {
      id: "t1",
      rich: { kind: "Text", data: { text: "title\u001b]0;pwned\u0007 and \u001b[2J" } },
    };
    const frame = renderInTerminal(<CardView card={card} />).frame();
    expect(frame).not.toContain("\u001b]0;");
    expect(frame).not.toContain("\u001b[2J");
    expect(frame).toContain("title�]0;pwned� and �[2J");
  });

  it("shows a shell command's control and bidirectional characters as escapes, so what is approved is what runs", () => {
    const sneaky = {
      ...request,
      parameters: { command: "touch pwned\r\u001b[2K echo tidy #\u202e txt.exe" },
    };
    const frame = renderInTerminal(
      <DisplayContext.Provider value={{ columns: 100, rows: 40, expandTools: true }}>
        <ToolCallView request={sneaky} subagents={[]} />
      </DisplayContext.Provider>,
    ).frame();
    expect(frame).toContain("$ touch pwned\\r\\e[2K echo tidy #\\u202e txt.exe");
  });
});
