import { type Frontmatter, readFrontmatter } from "../markdown/frontmatter.ts";
import { oneLine } from "../util/one-line.ts";

/** A command file's text taken apart: what the faces show, the prompt, and what Parley leaves undone. */
export interface CommandFileText {
  description: string;
  argumentHint: string | undefined;
  body: string;
  notes: string[];
}

/** The longest description shown; a first line used as one is cut there. */
const MAX_DESCRIPTION = 200;

/** Claude Code runs a line's `` !`command` `` before the model sees the prompt; Parley never does. */
const SHELL_LINE = /!`[^`\n]+`/;

/**
 * Reads a command file's frontmatter (`description`, `argument-hint`) and body. Without a description,
 * the body's first line is one. Fields that would run or grant something (`allowed-tools`, a `!` line) are
 * kept as text and named in `notes`, never acted on; frontmatter that cannot be read leaves the body as the
 * prompt.
 */
export async function parseCommandFileText(text: string): Promise<CommandFileText> {
  const notes: string[] = [];
  const fields = await readFrontmatter(text, ["description", "argument-hint"]);
  const { body } = fields;
  if (fields.error !== undefined) notes.push(`${fields.error}; it was ignored`);
  notes.push(...notHonoured(fields.keys, body));
  const description = shownLine(fields.strings.description) ?? shownLine(firstLine(body)) ?? "";
  return { description, argumentHint: argumentHintOf(fields), body, notes };
}

/** A frontmatter's `argument-hint` as one short line: `[pr-number]` is a YAML list, shown as written (Claude Code's way). */
export function argumentHintOf(
  fields: Pick<Frontmatter<"argument-hint">, "strings" | "written">,
): string | undefined {
  return shownLine(fields.strings["argument-hint"] ?? fields.written["argument-hint"]);
}

/**
 * What Parley leaves undone of a Markdown prompt (a command file or a skill typed as `/name`): its
 * `allowed-tools` grant nothing and its `` !`…` `` lines are not run, said so the person knows.
 */
export function notHonoured(keys: ReadonlySet<string>, body: string): string[] {
  return [
    ...(keys.has("allowed-tools")
      ? ["its allowed-tools are not granted: each tool asks as the permission settings say"]
      : []),
    ...(SHELL_LINE.test(body) ? ["its !`…` commands are not run: the agent reads them as text"] : []),
  ];
}

function firstLine(body: string): string | undefined {
  const line = body.split(/\r?\n/).find((candidate) => candidate.trim() !== "");
  return line?.replace(/^\s*#+\s*/, "");
}

/** A scalar as one short line without control characters, or undefined when there is none. */
function shownLine(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  return oneLine(String(value), MAX_DESCRIPTION) || undefined;
}
