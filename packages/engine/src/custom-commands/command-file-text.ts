/** A command file's text taken apart: what the faces show, the prompt, and what Parley leaves undone. */
export interface CommandFileText {
  description: string;
  argumentHint: string | undefined;
  body: string;
  notes: string[];
}

/** The longest description shown; a first line used as one is cut there. */
const MAX_DESCRIPTION = 200;

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Claude Code runs a line's `` !`command` `` before the model sees the prompt; Parley never does. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

const SHELL_LINE = /!`[^`\n]+`/;

/**
 * Reads a command file's YAML frontmatter (`description`, `argument-hint`) and body. Without a description,
 * the body's first line is one. Fields that would run or grant something (`allowed-tools`, a `!` line) are
 * kept as text and named in `notes`, never acted on; invalid YAML leaves the body as the prompt.
 */
export async function parseCommandFileText(text: string): Promise<CommandFileText> {
  const notes: string[] = [];
  const found = FRONTMATTER.exec(text);
  const body = found === null ? text : text.slice(found[0].length);
  let fields: Record<string, unknown> = {};
  if (found !== null) {
    try {
      const parsed: unknown = (await yamlParse())(found[1] ?? "", { maxAliasCount: 10 });
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed))
        fields = parsed as Record<string, unknown>;
    } catch {
      notes.push("its frontmatter is not valid YAML and was ignored");
    }
  }
  if (fields["allowed-tools"] !== undefined)
    notes.push("its allowed-tools are not granted: each tool asks as the permission settings say");
  if (SHELL_LINE.test(body)) notes.push("its !`…` commands are not run: the agent reads them as text");
  const description = oneLine(fields.description) ?? oneLine(firstLine(body)) ?? "";
  return { description, argumentHint: hintText(fields["argument-hint"]), body, notes };
}

/**
 * The YAML parser, loaded with the first frontmatter. The CLI's bundle gives a CommonJS module's exports as
 * `default` of a dynamic import, Vitest and tsx give them by name: either is taken.
 */
async function yamlParse(): Promise<typeof import("yaml").parse> {
  const loaded = (await import("yaml")) as typeof import("yaml") & { default?: typeof import("yaml") };
  return loaded.parse ?? (loaded.default as typeof import("yaml")).parse;
}

/** `argument-hint: [pr-number]` is a YAML list; Claude Code shows it as written, `[pr-number]`. */
function hintText(value: unknown): string | undefined {
  if (Array.isArray(value)) return oneLine(value.map((item) => `[${String(item)}]`).join(" "));
  return oneLine(value);
}

function firstLine(body: string): string | undefined {
  const line = body.split(/\r?\n/).find((candidate) => candidate.trim() !== "");
  return line?.replace(/^\s*#+\s*/, "");
}

/** A scalar as one short line without control characters, or undefined when there is none. */
function oneLine(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = String(value).replace(CONTROL_CHARACTERS, " ").trim();
  if (text === "") return undefined;
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION - 1)}…` : text;
}
