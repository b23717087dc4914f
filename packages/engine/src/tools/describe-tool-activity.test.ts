import { describe, expect, it } from "vitest";
import { builtinTools } from "./builtin/builtin-tools.ts";
import { describeToolActivity } from "./describe-tool-activity.ts";

/** A UTF-16 surrogate not paired with its other half: half an emoji. */
const HALF_A_CHARACTER = /[\uD800-\uDFFF]/u;

describe("describeToolActivity", () => {
  it.each([
    ["Read", { file_path: "src/app.ts" }, "Reading src/app.ts"],
    ["LS", { path: "src" }, "Listing src/"],
    ["LS", {}, "Listing the project folder"],
    ["Glob", { pattern: "**/*.md" }, "Finding files `**/*.md`"],
    ["Glob", { pattern: "*.ts", path: "src/" }, "Finding files `*.ts` in src/"],
    ["Grep", { pattern: "foo", glob: "*.ts" }, "Searching for `foo` in *.ts"],
    ["Grep", { pattern: "TODO", path: "packages" }, "Searching for `TODO` in packages/"],
    ["Write", { file_path: "notes.md", content: "…" }, "Writing notes.md"],
    ["Edit", { file_path: "src/app.ts", old_string: "a", new_string: "b" }, "Editing src/app.ts"],
    ["Bash", { command: "npm test" }, "Running `npm test`"],
    ["Task", { description: "Find the launch day", prompt: "…" }, "Delegating: Find the launch day"],
    ["AskUserQuestion", { questions: [{ question: "Sure?" }] }, "Asking you a question"],
    ["AskUserQuestion", { questions: [{}, {}] }, "Asking you 2 questions"],
    ["UpdatePlan", { steps: [] }, "Updating the plan"],
  ])("describes %s %j as %s", (tool, input, headline) => {
    expect(describeToolActivity(tool, input)).toBe(headline);
  });

  it("has its own headline for every built-in tool", () => {
    const tools = builtinTools({ askUser: { ask: async () => [] }, updatePlan: { onUpdate: () => {} } });
    expect(tools.map((tool) => tool.name)).toEqual([
      "Read",
      "LS",
      "Glob",
      "Grep",
      "Write",
      "Edit",
      "Bash",
      "Task",
      "AskUserQuestion",
      "UpdatePlan",
    ]);
    for (const tool of tools) expect(describeToolActivity(tool.name, {})).not.toMatch(/^Using /);
  });

  it("names unknown and MCP tools with their main argument", () => {
    expect(describeToolActivity("mcp__github__search_issues", { query: "flaky test" })).toBe(
      "Using search_issues (github): flaky test",
    );
    expect(describeToolActivity("lookup", { id: 3 })).toBe("Using lookup");
  });

  it("keeps headlines on one short line, cutting long arguments", () => {
    const command = `echo ${"x".repeat(200)}\necho done`;
    const running = describeToolActivity("Bash", { command });
    expect(running).not.toContain("\n");
    expect(running).toMatch(/^Running `echo x+…`$/);
    expect(running.length).toBeLessThanOrEqual(72);
    const deep = `${"nested/".repeat(20)}component.tsx`;
    expect(describeToolActivity("Read", { file_path: deep })).toMatch(/^Reading …\/?.*\/component\.tsx$/);
    expect(describeToolActivity("Read", { file_path: deep }).length).toBeLessThanOrEqual(70);
  });

  it("shows no escape sequence of a tool's input, and never half an emoji", () => {
    const running = describeToolActivity("Bash", {
      command: `echo \u001b]0;pwned\u0007 ${"🚀".repeat(100)}`,
    });
    expect(running).toMatch(/^Running `echo \]0;pwned 🚀+…`$/u);
    expect(running).not.toMatch(HALF_A_CHARACTER);
    const reading = describeToolActivity("Read", { file_path: `${"🚀".repeat(100)}/x.ts` });
    expect(reading).toMatch(/^Reading …🚀+\/x\.ts$/u);
    expect(reading).not.toMatch(HALF_A_CHARACTER);
  });

  it("copes with missing or malformed input", () => {
    expect(describeToolActivity("Read", null)).toBe("Reading a file");
    expect(describeToolActivity("Bash", { command: 42 })).toBe("Running a command");
    expect(describeToolActivity("Grep", "not an object")).toBe("Searching files");
  });
});
