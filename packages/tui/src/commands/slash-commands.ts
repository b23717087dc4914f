import type { CustomCommandView, McpServerPromptView, WorkflowSummary } from "@parley/protocol";
import { STRUCTURE_COMMAND_USAGE } from "@parley/sdk";

/** A command the message box completes after `/`. */
export interface CommandSuggestion {
  /** What is inserted, e.g. `/mode ` or `/release version=`. */
  insert: string;
  /** The command as shown, e.g. `/mode [mode]`. */
  label: string;
  description: string;
}

/** Parley's own commands, handled by the terminal UI. */
export const BUILTIN_COMMANDS: readonly CommandSuggestion[] = [
  { insert: "/help", label: "/help", description: "keys and commands" },
  { insert: "/sessions", label: "/sessions", description: "list, open, rename and delete sessions" },
  {
    insert: "/new ",
    label: "/new [cli]",
    description: "a new chat (with claude-code, opencode, codex or gemini to use that CLI)",
  },
  { insert: "/rename ", label: "/rename <title>", description: "rename this session" },
  { insert: "/delete", label: "/delete", description: "delete this session" },
  { insert: "/model ", label: "/model [provider:model]", description: "show or change the model" },
  {
    insert: "/mode ",
    label: "/mode [mode]",
    description: "permission mode: default, acceptEdits, plan, bypassPermissions, dontAsk",
  },
  {
    insert: "/compact ",
    label: "/compact [instructions]",
    description: "summarize older messages to free context",
  },
  {
    insert: "/rewind",
    label: "/rewind [confirm]",
    description: "put the files the last run changed back (lists them first; confirm does it)",
  },
  { insert: "/clear", label: "/clear", description: "clear the screen and start a new chat" },
  {
    insert: "/history",
    label: "/history",
    description: "page back through the whole conversation (PgUp does too)",
  },
  {
    insert: "/mcp",
    label: "/mcp",
    description: "review the project's MCP servers waiting for your approval",
  },
  {
    insert: "/structure ",
    label: STRUCTURE_COMMAND_USAGE,
    description: "attach the project's tree, files or dependencies to your message",
  },
  {
    insert: "/project",
    label: "/project",
    description: "the project's tree, files and dependencies, to look at or share",
  },
  {
    insert: "/idle",
    label: "/idle",
    description: "idle prompts toward the mission: on or off, delay and budget",
  },
  {
    insert: "/settings",
    label: "/settings",
    description: "API keys, permission rules, MCP servers and the agent's overrides",
  },
  { insert: "/mission ", label: "/mission [text|clear]", description: "show, set or clear the mission" },
  { insert: "/workflows", label: "/workflows", description: "running and past workflows" },
  { insert: "/stop", label: "/stop", description: "stop the agent (Esc does too)" },
  { insert: "/web", label: "/web", description: "a link that opens this session in a browser" },
  { insert: "/quit", label: "/quit", description: "leave (Ctrl-C twice, or Ctrl-D)" },
];

/** Parley's commands Enter runs that the list leaves out (`/exit` is `/quit`; `/unqueue` takes back a message). */
const UNLISTED_BUILTINS: readonly string[] = ["/exit", "/unqueue"];

/**
 * The commands that complete what is typed after `/`: Parley's own, the project's workflows (with their
 * inputs), the custom commands (Markdown prompts and skills, with their argument hint) and the connected MCP
 * servers' prompts, each whose name starts with the typed text.
 */
export function commandSuggestions(
  typed: string,
  workflows: readonly WorkflowSummary[],
  prompts: readonly McpServerPromptView[],
  customCommands: readonly CustomCommandView[] = [],
): CommandSuggestion[] {
  const workflowCommands = workflows.map((workflow): CommandSuggestion => {
    const inputs = Object.entries(workflow.inputs).map(([name, input]) =>
      input.default === undefined ? `${name}=…` : `${name}=${String(input.default)}`,
    );
    return {
      insert: `/${workflow.name} `,
      label: `/${workflow.name}${inputs.length > 0 ? ` ${inputs.join(" ")}` : ""}`,
      description: `workflow${workflow.description === undefined ? "" : `: ${workflow.description}`}`,
    };
  });
  const promptCommands = prompts.map((prompt): CommandSuggestion => {
    const args = (prompt.arguments ?? []).map(
      (argument) => `${argument.name}=${argument.required === true ? "…" : "(optional)"}`,
    );
    return {
      insert: `${prompt.command} `,
      label: `${prompt.command}${args.length > 0 ? ` ${args.join(" ")}` : ""}`,
      description: `MCP prompt${prompt.description === undefined ? "" : `: ${prompt.description}`}`,
    };
  });
  // A workflow or a built-in command of the same name is what Enter runs: a file named so is not offered.
  const taken = new Set([
    ...[...workflowCommands, ...BUILTIN_COMMANDS].map((command) => command.insert.trim().split(/\s/)[0]),
    ...UNLISTED_BUILTINS,
  ]);
  const custom = customCommands
    .filter((command) => !taken.has(`/${command.name}`))
    .map(
      (command): CommandSuggestion => ({
        insert: `/${command.name} `,
        label: `/${command.name}${command.argument_hint === undefined ? "" : ` ${command.argument_hint}`}`,
        description:
          command.kind === "skill"
            ? `skill: ${command.description}`
            : command.description === ""
              ? "custom command"
              : command.description,
      }),
    );
  // The project's own commands first: they are what a person looks for after `/`.
  return [...workflowCommands, ...custom, ...promptCommands, ...BUILTIN_COMMANDS].filter((command) =>
    command.insert.trim().startsWith(typed),
  );
}

/** A typed `/name rest` line split into the command name and the rest, or undefined for a message. */
export function splitCommand(text: string): { name: string; rest: string } | undefined {
  const match = /^\/([A-Za-z0-9][\w-]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (match?.[1] === undefined) return undefined;
  return { name: match[1], rest: (match[2] ?? "").trim() };
}

/** The files that complete an `@` mention: those whose path contains the typed text, the closest first. */
export function fileSuggestions(typed: string, files: readonly string[], limit = 8): string[] {
  const needle = typed.toLowerCase();
  const scored: { path: string; score: number }[] = [];
  for (const path of files) {
    const lower = path.toLowerCase();
    const at = lower.indexOf(needle);
    if (at === -1) continue;
    const name = lower.slice(lower.lastIndexOf("/") + 1);
    const score = name.startsWith(needle)
      ? 0
      : lower.startsWith(needle)
        ? 1
        : at >= 0 && name.includes(needle)
          ? 2
          : 3;
    scored.push({ path, score: score * 10_000 + path.length });
  }
  return scored
    .sort((left, right) => left.score - right.score || left.path.localeCompare(right.path))
    .slice(0, limit)
    .map((entry) => entry.path);
}
