// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${{ … }} is the workflow reference syntax under test
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeWorkflowDefinition, type WorkflowDefinition } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import {
  interpolateShellCommand,
  interpolateWorkflowText,
  interpolateWorkflowValue,
  workflowRetryDelayMs,
} from "./interpolate-workflow.ts";
import { resolveWorkflowInputs } from "./resolve-workflow-inputs.ts";

function definition(value: unknown): WorkflowDefinition {
  const result = decodeWorkflowDefinition(value);
  if (!result.success) throw new Error(result.error.message);
  return result.value;
}

const deploy = definition({
  name: "deploy",
  inputs: {
    target: { type: "string" },
    replicas: { type: "number", default: 2 },
    dry_run: { type: "boolean", default: false },
  },
  steps: [{ id: "go", run: "deploy ${{ inputs.target }}" }],
});

describe("workflow inputs", () => {
  it("convert command-line strings to their declared types and fill in defaults", () => {
    expect(resolveWorkflowInputs(deploy, { target: "prod", dry_run: "yes" })).toEqual({
      success: true,
      value: { target: "prod", replicas: 2, dry_run: true },
    });
  });

  it("name a missing required input, an unknown one and one that is not a number", () => {
    const result = resolveWorkflowInputs(deploy, { replicas: "many", colour: "red" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues.map((issue) => issue.path)).toEqual([
      "inputs.colour",
      "inputs.target",
      "inputs.replicas",
    ]);
    expect(result.error.message).toContain('"replicas" must be a number, got "many"');
    expect(result.error.message).toContain("it takes target, replicas, dry_run");
  });
});

describe("workflow references", () => {
  it("are replaced by inputs and earlier outputs everywhere in a tool's input", () => {
    const scope = { inputs: { target: "prod" }, outputs: { build: "v1.2" } };
    expect(
      interpolateWorkflowValue(
        { file_path: "out/${{ inputs.target }}.txt", lines: ["${{steps.build.output}}", 3] },
        scope,
      ),
    ).toEqual({ file_path: "out/prod.txt", lines: ["v1.2", 3] });
  });

  it("of a step without output become empty", () => {
    expect(interpolateWorkflowValue("[${{ steps.skipped.output }}]", { inputs: {}, outputs: {} })).toBe("[]");
  });
});

describe("workflow expansion", () => {
  it("happens once: a value that looks like a reference stays that text", () => {
    const scope = { inputs: { a: "${{ inputs.b }}", b: "secret" }, outputs: { one: "${{ inputs.b }}" } };
    expect(interpolateWorkflowText("${{ inputs.a }} ${{ steps.one.output }} ${{ inputs.b }}", scope)).toBe(
      "${{ inputs.b }} ${{ inputs.b }} secret",
    );
    expect(interpolateShellCommand("echo ${{ inputs.a }}", scope)).toBe("echo '${{ inputs.b }}'");
  });
});

describe("shell commands built from inputs", () => {
  const hostile = [
    "hi > README.md",
    "x; rm -rf y",
    "$(touch pwned) `touch pwned` $HOME",
    `it's "quoted" \\ back\\slash`,
    "two\nlines & background | pipe",
    "",
  ];
  /** What /bin/sh prints for the command, run for real in an empty folder that must stay empty. */
  const printed = (command: string) => {
    const folder = mkdtempSync(join(tmpdir(), "parley-quoting-"));
    try {
      const output = execFileSync("/bin/sh", ["-c", command], { cwd: folder, encoding: "utf8" });
      expect(readdirSync(folder), command).toEqual([]);
      return output;
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };

  it.each(hostile)("give the shell %j as one literal word, wherever the reference sits", (value) => {
    const scope = { inputs: { value }, outputs: {} };
    for (const template of [
      "printf '[%s]' ${{ inputs.value }}",
      `printf '[%s]' "${"${{ inputs.value }}"}"`,
      "printf '[%s]' 'v=${{ inputs.value }}.'",
      `printf '[%s]' "$(printf '%s' ${"${{ inputs.value }}"})"`,
      "printf '[%s]' pre${{inputs.value}}post",
    ]) {
      const command = interpolateShellCommand(template, scope);
      const expected = template.includes("v=")
        ? `[v=${value}.]`
        : template.includes("pre")
          ? `[pre${value}post]`
          : `[${value}]`;
      expect(printed(command), command).toBe(expected);
    }
  });

  it("refuse a reference where no quoting keeps it literal", () => {
    expect(() =>
      interpolateShellCommand("echo `echo ${{ inputs.value }}`", { inputs: { value: "x" }, outputs: {} }),
    ).toThrow("inside backticks");
  });
});

describe("retry backoff", () => {
  it("waits the backoff before the first retry and doubles it after", () => {
    expect([2, 3, 4].map((attempt) => workflowRetryDelayMs(5, attempt))).toEqual([5000, 10_000, 20_000]);
  });
});
