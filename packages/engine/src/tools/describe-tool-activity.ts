import { oneLine } from "../util/one-line.ts";

/** The longest argument a headline shows before cutting it with "…". */
const MAX_ARGUMENT_CHARS = 60;

/**
 * The one-line, human headline for a tool call in the activity section (seed 002): "Reading src/app.ts",
 * "Running `npm test`", "Delegating: find the launch day". Knows Parley's built-in tools and Claude Code's
 * names; other tools (MCP tools included) get "Using <tool>" with their main argument. Never throws.
 */
export function describeToolActivity(toolName: string, input: unknown): string {
  const fields = isRecord(input) ? input : {};
  // Not cut yet: a path is cut at its start, to keep the file name, other text at its end.
  const text = (key: string) =>
    typeof fields[key] === "string" ? oneLine(fields[key] as string, Number.POSITIVE_INFINITY) : "";
  const path = (key: string) => shortPath(text(key));
  switch (toolName) {
    case "Read":
      return text("file_path") ? `Reading ${path("file_path")}` : "Reading a file";
    case "LS":
      return `Listing ${folder(text("path"))}`;
    case "Glob":
      return `Finding files${code(text("pattern"))}${within(text("path"))}`;
    case "Grep": {
      const scope = text("glob") ? ` in ${cut(text("glob"))}` : within(text("path"));
      return `${text("pattern") ? `Searching for${code(text("pattern"))}` : "Searching files"}${scope}`;
    }
    case "Write":
      return text("file_path") ? `Writing ${path("file_path")}` : "Writing a file";
    case "Edit":
    case "MultiEdit":
      return text("file_path") ? `Editing ${path("file_path")}` : "Editing a file";
    case "NotebookEdit":
      return text("notebook_path") ? `Editing ${path("notebook_path")}` : "Editing a notebook";
    case "Bash":
      return text("command") ? `Running${code(text("command"))}` : "Running a command";
    case "Task":
    case "Agent":
      return text("description") ? `Delegating: ${cut(text("description"))}` : "Delegating to a subagent";
    case "AskUserQuestion":
      return Array.isArray(fields.questions) && fields.questions.length > 1
        ? `Asking you ${fields.questions.length} questions`
        : "Asking you a question";
    case "UpdatePlan":
    case "TodoWrite":
      return "Updating the plan";
    case "WebFetch":
      return text("url") ? `Fetching ${cut(text("url"))}` : "Fetching a web page";
    case "WebSearch":
      return text("query") ? `Searching the web for${code(text("query"))}` : "Searching the web";
    default:
      return fallback(toolName, fields);
  }
}

/** "Using <tool>" (MCP tools as "tool (server)") plus the first argument that reads like a subject. */
function fallback(toolName: string, fields: Record<string, unknown>): string {
  const mcp = /^mcp__(.+?)__(.+)$/.exec(toolName);
  const name = mcp ? `${mcp[2]} (${mcp[1]})` : toolName;
  const subject = ["file_path", "path", "url", "query", "command", "pattern", "name"]
    .map((key) => fields[key])
    .find((value): value is string => typeof value === "string" && value.trim() !== "");
  return `Using ${cut(name)}${subject === undefined ? "" : `: ${cut(subject)}`}`;
}

function folder(path: string): string {
  if (path === "" || path === "." || path === "./") return "the project folder";
  const short = shortPath(path);
  return short.endsWith("/") ? short : `${short}/`;
}

function within(path: string): string {
  return path === "" || path === "." ? "" : ` in ${folder(path)}`;
}

/** ` \`text\`` with the text cut to fit, or nothing for empty text. */
function code(text: string): string {
  return text === "" ? "" : ` \`${cut(text).replaceAll("`", "'")}\``;
}

/** Keeps the end of a long path, where the file name is (cut by characters, as `oneLine` cuts). */
function shortPath(path: string): string {
  if (path.length <= MAX_ARGUMENT_CHARS) return path;
  const characters = Array.from(path);
  return characters.length <= MAX_ARGUMENT_CHARS
    ? path
    : `…${characters.slice(-(MAX_ARGUMENT_CHARS - 1)).join("")}`;
}

/** The text on one line, cut at its end to fit a headline. */
function cut(text: string): string {
  return oneLine(text, MAX_ARGUMENT_CHARS);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
