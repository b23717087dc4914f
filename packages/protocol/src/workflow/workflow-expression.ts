/** One `${{ … }}` reference inside a workflow string: an input, or the output of an earlier step. */
export type WorkflowReference =
  | { kind: "input"; name: string; text: string }
  | { kind: "step_output"; step: string; text: string };

/** A `${{ … }}` placeholder whose contents are not one of the two supported references. */
export interface WorkflowReferenceError {
  text: string;
  message: string;
}

const PLACEHOLDER = /\$\{\{\s*(.*?)\s*\}\}/g;
const INPUT = /^inputs\.([A-Za-z_][A-Za-z0-9_-]*)$/;
const STEP_OUTPUT = /^steps\.([A-Za-z_][A-Za-z0-9_-]*)\.output$/;

/**
 * Finds the `${{ inputs.<name> }}` and `${{ steps.<id>.output }}` placeholders of a workflow string (the
 * GitHub Actions spelling), and any placeholder that is neither, so definitions are checked before a run.
 */
export function workflowReferences(text: string): {
  references: WorkflowReference[];
  errors: WorkflowReferenceError[];
} {
  const references: WorkflowReference[] = [];
  const errors: WorkflowReferenceError[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const whole = match[0];
    const expression = match[1] ?? "";
    const input = INPUT.exec(expression);
    const step = STEP_OUTPUT.exec(expression);
    if (input?.[1] !== undefined) references.push({ kind: "input", name: input[1], text: whole });
    else if (step?.[1] !== undefined) references.push({ kind: "step_output", step: step[1], text: whole });
    else
      errors.push({
        text: whole,
        message: `${whole} is not a reference Parley knows: use \${{ inputs.<name> }} or \${{ steps.<id>.output }}`,
      });
  }
  return { references, errors };
}

/**
 * `text` with each reference replaced by what `replacement` gives for it, in one pass: a value put in is never
 * read again, so a value that itself looks like `${{ … }}` stays that text. Placeholders that are not
 * references are left as they are (a checked definition has none).
 */
export function replaceWorkflowReferences(
  text: string,
  replacement: (reference: WorkflowReference) => string,
): string {
  return text.replace(PLACEHOLDER, (whole) => {
    const [reference] = workflowReferences(whole).references;
    return reference === undefined ? whole : replacement(reference);
  });
}

/** Every string inside a JSON-like value, with its path, so references in a tool's `with` are found too. */
export function stringsIn(value: unknown, path: (string | number)[] = []): [(string | number)[], string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, [...path, index]));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, [...path, key]));
  return [];
}
