import type { QueryOptions } from "@parley/protocol";

/** The five arguments every host passes, in the official SDK's order: stream-json both ways. */
const STREAM_JSON = ["--output-format", "stream-json", "--verbose", "--input-format", "stream-json"];

/**
 * The command line for a stream-json CLI, from query options, as the official SDK 0.3.330 builds it
 * (same flags, order and `--flag=value` form; `--mcp-config`, `--managed-settings`, `--settings` and
 * `extraArgs` as two items). `parley run` and the real `claude` both read it; `parley run` refuses the
 * flags it cannot honour, saying why. Throws on the combinations the official SDK refuses.
 */
export function cliArguments(options: QueryOptions): string[] {
  const args = [...STREAM_JSON];
  const flag = (name: string, value: string | number | undefined) => {
    if (value !== undefined) args.push(`--${name}=${value}`);
  };
  const on = (name: string, value: boolean | undefined) => {
    if (value) args.push(`--${name}`);
  };
  thinkingFlags(options, flag);
  flag("effort", options.effort);
  if (options.maxTurns) flag("max-turns", options.maxTurns);
  flag("max-budget-usd", options.maxBudgetUsd);
  if (options.taskBudget) flag("task-budget", options.taskBudget.total);
  if (options.model) flag("model", options.model);
  if (options.agent) flag("agent", options.agent);
  if (options.betas?.length) flag("betas", options.betas.join(","));
  if (options.outputFormat) flag("json-schema", JSON.stringify(options.outputFormat.schema));
  if (options.debugFile) flag("debug-file", options.debugFile);
  else on("debug", options.debug);
  if (options.canUseTool) {
    if (options.permissionPromptToolName)
      throw new Error(
        "canUseTool callback cannot be used with permissionPromptToolName. Please use one or the other.",
      );
    args.push("--permission-prompt-tool=stdio");
  } else if (options.permissionPromptToolName) {
    flag("permission-prompt-tool", options.permissionPromptToolName);
  }
  flag("permission-prompts", options.permissionPrompts);
  on("continue", options.continue);
  if (options.resume) flag("resume", options.resume);
  const allowed = withSkills(options.allowedTools ?? [], options.skills);
  if (allowed.length > 0) flag("allowedTools", allowed.join(","));
  if (options.disallowedTools?.length) flag("disallowedTools", options.disallowedTools.join(","));
  if (options.tools !== undefined)
    args.push(Array.isArray(options.tools) ? `--tools=${options.tools.join(",")}` : "--tools=default");
  const servers = processMcpServers(options);
  const serversAtStart = options.mcpServersDelivery !== "initialize";
  if (servers.length > 0 && serversAtStart)
    pair(args, "mcp-config", JSON.stringify({ mcpServers: Object.fromEntries(servers) }));
  if (options.settingSources !== undefined) flag("setting-sources", options.settingSources.join(","));
  on("strict-mcp-config", options.strictMcpConfig);
  if (options.permissionMode) flag("permission-mode", options.permissionMode);
  on("allow-dangerously-skip-permissions", options.allowDangerouslySkipPermissions);
  if (options.fallbackModel) {
    if (options.model && options.fallbackModel === options.model)
      throw new Error(
        "Fallback model cannot be the same as the main model. Please specify a different model for fallbackModel option.",
      );
    flag("fallback-model", options.fallbackModel);
  }
  on("include-hook-events", options.includeHookEvents);
  on("include-partial-messages", options.includePartialMessages);
  on("session-mirror", options.sessionStore !== undefined);
  flag("project-config-root", options.projectConfigRoot);
  for (const directory of options.additionalDirectories ?? []) flag("add-dir", directory);
  const pluginsAtStart = options.pluginDelivery !== "initialize";
  on(
    "await-initialize",
    (!pluginsAtStart && (options.plugins?.length ?? 0) > 0) || (!serversAtStart && servers.length > 0),
  );
  for (const plugin of pluginsAtStart ? (options.plugins ?? []) : []) {
    if (plugin.type !== "local") throw new Error(`Unsupported plugin type: ${String(plugin.type)}`);
    flag(plugin.skipMcpDiscovery ? "plugin-dir-no-mcp" : "plugin-dir", plugin.path);
  }
  on("fork-session", options.forkSession);
  if (options.resumeSessionAt) flag("resume-session-at", options.resumeSessionAt);
  flag("resume-drops-turn", options.resumeDropsTurn);
  if (options.sessionId) flag("session-id", options.sessionId);
  on("no-session-persistence", options.persistSession === false);
  if (options.managedSettings) pair(args, "managed-settings", JSON.stringify(options.managedSettings));
  const extra: Record<string, string | null> = { ...options.extraArgs };
  const settings = settingsArgument(options);
  if (settings !== undefined) extra.settings = settings;
  for (const [name, value] of Object.entries(extra)) {
    if (value === null) args.push(`--${name}`);
    else pair(args, name, value);
  }
  return args;
}

/** The `mcpServers` the CLI runs or connects to itself: all but the SDK-hosted ones. */
export function processMcpServers(options: QueryOptions): [string, unknown][] {
  return Object.entries(options.mcpServers ?? {}).filter(
    ([, config]) => (config as { type?: string }).type !== "sdk",
  );
}

/** `--name value` as two items, or `--name=value` when the value would read as an option. */
function pair(args: string[], name: string, value: string): void {
  if (value.length > 1 && value.startsWith("-")) args.push(`--${name}=${value}`);
  else args.push(`--${name}`, value);
}

function thinkingFlags(options: QueryOptions, flag: (name: string, value: string | number) => void): void {
  const thinking =
    options.thinking ??
    (options.maxThinkingTokens === undefined
      ? undefined
      : options.maxThinkingTokens === 0
        ? { type: "disabled" as const }
        : { type: "enabled" as const, budgetTokens: options.maxThinkingTokens });
  if (thinking === undefined) return;
  if (thinking.type === "disabled") flag("thinking", "disabled");
  else if (thinking.type === "enabled" && thinking.budgetTokens !== undefined)
    flag("max-thinking-tokens", thinking.budgetTokens);
  else flag("thinking", "adaptive");
  const display = (thinking as { display?: string }).display;
  if (thinking.type !== "disabled" && display) flag("thinking-display", display);
}

/** `skills` become `Skill(name)` allow rules (`Skill` for all), after the given ones, without repeats. */
function withSkills(allowed: readonly string[], skills: QueryOptions["skills"]): string[] {
  if (skills === undefined) return [...allowed];
  const rules = skills === "all" ? ["Skill"] : skills.map((name) => `Skill(${name})`);
  return [...allowed, ...rules.filter((rule) => !allowed.includes(rule))];
}

/** `settings` (a path or JSON) with `sandbox` merged in, as the official SDK sends them. */
function settingsArgument(options: QueryOptions): string | undefined {
  const { settings, sandbox } = options;
  const text = typeof settings === "object" ? JSON.stringify(settings) : settings;
  if (sandbox === undefined) return text;
  if (text !== undefined && !text.trim().startsWith("{"))
    throw new Error(
      "Cannot use both a settings file path and the sandbox option. Include the sandbox configuration in your settings file instead.",
    );
  const parsed = text === undefined ? {} : (JSON.parse(text) as Record<string, unknown>);
  const merged: Record<string, unknown> = {
    ...(parsed.sandbox as Record<string, unknown> | undefined),
    ...sandbox,
  };
  // A sandbox asked for must not silently run without one.
  if (sandbox.enabled === true && merged.failIfUnavailable === undefined) merged.failIfUnavailable = true;
  return JSON.stringify({ ...parsed, sandbox: merged });
}
