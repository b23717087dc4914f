import type { HookCallback, QueryOptions } from "@parley/protocol";
import { processMcpServers } from "./cli-arguments.ts";

/**
 * The fields of the `initialize` control request, from query options, as the official SDK sends them:
 * hooks (each callback registered under an id the CLI calls back with), SDK-hosted MCP servers, the system
 * prompt in its four shapes, structured output's schema, agents, MCP servers with `mcpServersDelivery:
 * "initialize"`, and the other initialize-only options.
 */
export function initializeRequest(
  options: QueryOptions,
  register: (callback: HookCallback) => string,
  sdkMcpServers: readonly string[],
): Record<string, unknown> {
  const hooks: Record<string, { matcher?: string; hookCallbackIds: string[]; timeout?: number }[]> = {};
  for (const [event, matchers] of Object.entries(options.hooks ?? {})) {
    hooks[event] = (matchers ?? []).map((matcher) => ({
      ...(matcher.matcher !== undefined && { matcher: matcher.matcher }),
      hookCallbackIds: matcher.hooks.map(register),
      ...(matcher.timeout !== undefined && { timeout: matcher.timeout }),
    }));
  }
  const skills = options.skills === "all" ? undefined : options.skills;
  const servers = processMcpServers(options);
  return {
    ...(Object.keys(hooks).length > 0 && { hooks }),
    ...(sdkMcpServers.length > 0 && { sdkMcpServers }),
    ...(options.outputFormat && { jsonSchema: options.outputFormat.schema }),
    ...systemPromptFields(options.systemPrompt),
    ...defined({
      agents: options.agents,
      title: options.title,
      skills,
      toolAliases: options.toolAliases,
      planModeInstructions: options.planModeInstructions,
      promptSuggestions: options.promptSuggestions,
      agentProgressSummaries: options.agentProgressSummaries,
      forwardSubagentText: options.forwardSubagentText,
      supportedDialogKinds: options.supportedDialogKinds,
      perTaskStopAffordance: options.perTaskStopAffordance,
      plugins: options.pluginDelivery === "initialize" ? options.plugins : undefined,
      // Off the command line, where other users of the machine could read their env and headers.
      mcpServers:
        options.mcpServersDelivery === "initialize" && servers.length > 0
          ? Object.fromEntries(servers)
          : undefined,
    }),
  };
}

/** With no system prompt the official SDK sends `[""]`: the CLI's minimal prompt, not Claude Code's own. */
function systemPromptFields(system: QueryOptions["systemPrompt"]): Record<string, unknown> {
  if (system === undefined) return { systemPrompt: [""] };
  if (typeof system === "string") return { systemPrompt: [system] };
  if (Array.isArray(system)) return { systemPrompt: system };
  if (system.type === "custom") {
    const prompt = system.prompt;
    return {
      systemPrompt: typeof prompt === "string" ? [prompt] : prompt,
      ...(system.snapshot !== undefined && { systemPromptSnapshot: system.snapshot }),
    };
  }
  return defined({
    appendSystemPrompt: system.append,
    excludeDynamicSections: system.excludeDynamicSections,
    systemPromptSnapshot: system.snapshot,
  });
}

function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
