import {
  createTaskTool,
  type EngineTool,
  GENERAL_PURPOSE_AGENT,
  type RunningTasks,
  type SubagentDefinition,
  TASK_TOOL_NAME,
} from "@parley/engine";

/** The fields of the SDK's `AgentDefinition` Parley's subagents take; the others are named on stderr. */
const TAKEN_FIELDS = new Set(["description", "prompt", "tools", "disallowedTools", "maxTurns"]);

/**
 * The SDK's `agents` option (named subagents in `initialize`) as the Task tool's subagent kinds, after
 * Parley's `general-purpose` one as Claude Code keeps its built-in agents (the protocol's schema has checked
 * each has a description and a prompt). Each field Parley cannot honour (a model of its own, MCP servers,
 * skills, …) is named through `warn`, never dropped silently.
 */
export function hostSubagents(
  agents: unknown,
  warn: (message: string) => void,
): Record<string, SubagentDefinition> | undefined {
  if (typeof agents !== "object" || agents === null || Array.isArray(agents)) return undefined;
  const kinds: Record<string, SubagentDefinition> = { "general-purpose": GENERAL_PURPOSE_AGENT };
  const definitions = agents as Record<
    string,
    { description: string; prompt: string } & Record<string, unknown>
  >;
  for (const [name, raw] of Object.entries(definitions)) {
    const ignored = Object.keys(raw).filter(
      (field) => !TAKEN_FIELDS.has(field) && !(field === "model" && raw.model === "inherit"),
    );
    if (ignored.length > 0)
      warn(
        `initialize: agents.${name}: ${ignored.join(", ")} not supported yet and ignored${ignored.includes("model") ? " (it runs on the session's model)" : ""}`,
      );
    kinds[name] = {
      description: raw.description,
      prompt: raw.prompt,
      ...(stringList(raw.tools) && { tools: stringList(raw.tools) }),
      ...(stringList(raw.disallowedTools) && { disallowedTools: stringList(raw.disallowedTools) }),
      ...(typeof raw.maxTurns === "number" && { maxTurns: raw.maxTurns }),
    };
  }
  return kinds;
}

/** Puts a Task tool offering `kinds` where the run's Task tool is; a run without Task stays without. */
export function useSubagents(
  tools: EngineTool[],
  kinds: Record<string, SubagentDefinition>,
  running: RunningTasks,
): void {
  const index = tools.findIndex((tool) => tool.name === TASK_TOOL_NAME);
  if (index >= 0) tools.splice(index, 1, createTaskTool({ agents: kinds, running }));
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;
}
