import type { DecodeIssue, DecodeResult, WorkflowDefinition, WorkflowInputValue } from "@parley/protocol";

/**
 * The inputs a workflow runs with: each declared input from what was given (a string from the command line
 * or the composer is converted to the declared type) or its default. Unknown names, missing required
 * inputs and values that do not convert are refused, each issue naming its input.
 */
export function resolveWorkflowInputs(
  definition: WorkflowDefinition,
  given: Readonly<Record<string, WorkflowInputValue>>,
): DecodeResult<Record<string, WorkflowInputValue>> {
  const declared = definition.inputs ?? {};
  const issues: DecodeIssue[] = [];
  const values: Record<string, WorkflowInputValue> = {};
  for (const name of Object.keys(given)) {
    if (!(name in declared)) {
      const known = Object.keys(declared);
      issues.push({
        path: `inputs.${name}`,
        message: `"${definition.name}" has no input "${name}"${known.length > 0 ? ` (it takes ${known.join(", ")})` : " (it takes none)"}`,
      });
    }
  }
  for (const [name, input] of Object.entries(declared)) {
    const raw = given[name];
    if (raw === undefined) {
      if (input.default !== undefined) values[name] = input.default;
      else if (input.required !== false)
        issues.push({ path: `inputs.${name}`, message: `"${name}" is required` });
      continue;
    }
    const converted = convert(raw, input.type);
    if (converted === undefined)
      issues.push({
        path: `inputs.${name}`,
        message: `"${name}" must be a ${input.type}, got ${JSON.stringify(raw)}`,
      });
    else values[name] = converted;
  }
  if (issues.length > 0) {
    const message = issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
    return { success: false, error: { message, issues } };
  }
  return { success: true, value: values };
}

function convert(
  value: WorkflowInputValue,
  type: "string" | "number" | "boolean",
): WorkflowInputValue | undefined {
  if (typeof value === type) return value;
  if (typeof value !== "string") return type === "string" ? String(value) : undefined;
  if (type === "number") {
    const number = Number(value);
    return value.trim() !== "" && Number.isFinite(number) ? number : undefined;
  }
  if (type === "boolean") {
    if (/^(true|yes|1)$/i.test(value)) return true;
    if (/^(false|no|0)$/i.test(value)) return false;
    return undefined;
  }
  return value;
}
