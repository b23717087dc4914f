import { describe, expect, it } from "vitest";
import { MAX_WORKFLOW_CHARACTERS, readWorkflowYaml } from "./read-workflow-yaml.ts";

describe("readWorkflowYaml on a cloned repository's file", () => {
  it("refuses lists nested deeper than any workflow needs before the parser sees them", () => {
    // Given whole to the parser, 4 KiB of `[` aborted the process (V8's regular expression memory).
    for (const text of [`name: x\nsteps: ${"[".repeat(4000)}`, `a: ${"{ b: ".repeat(40)}1${" }".repeat(40)}`])
      expect(readWorkflowYaml(text)).toEqual({
        ok: false,
        issue: { path: "", message: "not valid YAML: lists or maps nested more than 32 deep" },
      });
    // Brackets inside quotes and comments are text.
    const quoted = readWorkflowYaml(`name: "${"[".repeat(100)}" # ${"{".repeat(100)}\n`);
    expect(quoted.ok && quoted.value).toEqual({ name: "[".repeat(100) });
  });

  it("refuses a file larger than a workflow is", () => {
    expect(readWorkflowYaml(`name: x\n${"# note\n".repeat(MAX_WORKFLOW_CHARACTERS / 7 + 1)}`)).toEqual({
      ok: false,
      issue: { path: "", message: "larger than 64 KiB" },
    });
  });
});
