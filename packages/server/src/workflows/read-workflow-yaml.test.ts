import { describe, expect, it } from "vitest";
import { MAX_WORKFLOW_CHARACTERS, readWorkflowYaml } from "./read-workflow-yaml.ts";

describe("readWorkflowYaml on a cloned repository's file", () => {
  it("refuses lists nested deeper than any workflow needs before the parser sees them", async () => {
    // Given whole to the parser, 4 KiB of `[` aborted the process (V8's regular expression memory).
    for (const text of [`name: x\nsteps: ${"[".repeat(4000)}`, `a: ${"{ b: ".repeat(40)}1${" }".repeat(40)}`])
      expect(await readWorkflowYaml(text)).toEqual({
        ok: false,
        issue: { path: "", message: "not valid YAML: lists or maps nested more than 32 deep" },
      });
    // Brackets inside quotes and comments are text.
    const quoted = await readWorkflowYaml(`name: "${"[".repeat(100)}" # ${"{".repeat(100)}\n`);
    expect(quoted.ok && quoted.value).toEqual({ name: "[".repeat(100) });
  });

  it("refuses a file larger than a workflow is", async () => {
    expect(await readWorkflowYaml(`name: x\n${"# note\n".repeat(MAX_WORKFLOW_CHARACTERS / 7 + 1)}`)).toEqual({
      ok: false,
      issue: { path: "", message: "larger than 32 KiB" },
    });
  });

  it("refuses a key said twice in one map, saying where the second one is", async () => {
    expect(await readWorkflowYaml("name: x\nsteps:\n  - id: a\n    run: ls\n    id: b\n")).toEqual({
      ok: false,
      issue: { path: "", message: "not valid YAML: Map keys must be unique", line: 5, column: 5 },
    });
    // The same name under two maps, or as a string and a number, is not a repeat.
    const distinct = await readWorkflowYaml("a: { x: 1 }\nb: { x: 2 }\n1: one\n'1': other\n");
    expect(distinct.ok && distinct.value).toEqual({ a: { x: 1 }, b: { x: 2 }, 1: "other" });
  });
});
