// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${{ … }} is the workflow reference syntax under test
import { describe, expect, it } from "vitest";
import { decodeWorkflowDefinition } from "./workflow-definition.ts";
import { workflowReferences } from "./workflow-expression.ts";

const release = {
  name: "release",
  description: "Test, summarize and tag a release",
  inputs: { version: { type: "string", default: "0.1.0" }, dry_run: { type: "boolean", default: true } },
  steps: [
    { id: "test", name: "Run the tests", run: "npm test", timeout: 600, retry: { count: 2, backoff: 5 } },
    { id: "manifest", tool: "Read", with: { file_path: "package.json" } },
    {
      id: "notes",
      prompt: "Write release notes for ${{ inputs.version }} from ${{ steps.test.output }}",
      tools: ["Read"],
      continue_on_error: true,
    },
  ],
};

describe("a workflow file", () => {
  it("with inputs, a shell, a tool and an agent step is accepted with its defaults filled in", () => {
    const result = decodeWorkflowDefinition(release);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.value.steps[0]).toMatchObject({ run: "npm test", retry: { count: 2, backoff: 5 } });
    expect(result.value.inputs?.version).toEqual({ type: "string", default: "0.1.0" });
  });

  it("names the misspelt key of a step", () => {
    const result = decodeWorkflowDefinition({
      ...release,
      steps: [{ id: "test", run: "npm test", contine_on_error: true }],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues[0]?.path).toBe("steps.0");
    expect(result.error.message).toContain("contine_on_error");
  });

  it("refuses a step that is both a prompt and a shell command", () => {
    const result = decodeWorkflowDefinition({ ...release, steps: [{ id: "x", run: "ls", prompt: "hi" }] });
    expect(!result.success && result.error.message).toContain("exactly one of prompt");
  });

  it("refuses references to an undeclared input, a later step and an unknown expression", () => {
    const result = decodeWorkflowDefinition({
      name: "bad",
      steps: [
        { id: "first", run: "echo ${{ inputs.missing }} ${{ steps.second.output }}" },
        { id: "second", tool: "Read", with: { file_path: "${{ github.sha }}" } },
      ],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues).toEqual([
      { path: "steps.0.run", message: "${{ inputs.missing }} names no declared input" },
      { path: "steps.0.run", message: "${{ steps.second.output }} names no earlier step" },
      expect.objectContaining({ path: "steps.1.with.file_path" }),
    ]);
  });

  it("refuses duplicate step ids and a default of the wrong type", () => {
    const result = decodeWorkflowDefinition({
      name: "dup",
      inputs: { count: { type: "number", default: "three" } },
      steps: [
        { id: "a", run: "true" },
        { id: "a", run: "false" },
      ],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.message).toContain('duplicate step id "a"');
    expect(result.error.message).toContain("inputs.count.default: the default must be a number");
  });
});

describe("references in a shell command", () => {
  it("are refused where no quoting keeps a value literal, naming the field and why", () => {
    const result = decodeWorkflowDefinition({
      name: "unsafe",
      inputs: { x: { type: "string" } },
      steps: [
        { id: "tick", run: "echo `echo ${{ inputs.x }}`" },
        { id: "param", run: "echo ${HOME:-${{ inputs.x }}}" },
        { id: "note", run: "ls # ${{ inputs.x }}" },
        { id: "doc", run: "cat <<EOF\n${{ inputs.x }}\nEOF\necho ${{ inputs.x }}" },
        { id: "dollar", run: "echo $${{ inputs.x }}" },
        { id: "bash", tool: "Bash", with: { command: "echo `${{ inputs.x }}`" } },
      ],
    });
    expect(!result.success && result.error.issues).toEqual([
      { path: "steps.0.run", message: expect.stringContaining("inside backticks") },
      { path: "steps.1.run", message: expect.stringContaining("inside ${ … }") },
      { path: "steps.2.run", message: expect.stringContaining("in a shell comment") },
      { path: "steps.3.run", message: expect.stringContaining("in a here-document") },
      { path: "steps.4.run", message: expect.stringContaining("right after a $") },
      { path: "steps.5.with.command", message: expect.stringContaining("inside backticks") },
    ]);
  });

  it("are accepted as words, inside quotes and inside $( … )", () => {
    const result = decodeWorkflowDefinition({
      name: "safe",
      inputs: { x: { type: "string" } },
      steps: [
        {
          id: "ok",
          run: `echo \${{ inputs.x }} "a \${{ inputs.x }}" 'b \${{ inputs.x }}' "$(cat \${{ inputs.x }})" # done\ncat <<'EOF'\nliteral\nEOF\necho \${{ inputs.x }}`,
        },
      ],
    });
    expect(result.success).toBe(true);
  });
});

describe("workflow references", () => {
  it("reads inputs and step outputs with or without spaces", () => {
    expect(workflowReferences("${{inputs.a}} and ${{ steps.b-2.output }}").references).toEqual([
      { kind: "input", name: "a", text: "${{inputs.a}}" },
      { kind: "step_output", step: "b-2", text: "${{ steps.b-2.output }}" },
    ]);
  });
});
