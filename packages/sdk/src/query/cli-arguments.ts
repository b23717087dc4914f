import type { QueryOptions } from "@parley/protocol";

/** The five arguments every host passes, in the official SDK's order: stream-json both ways. */
const STREAM_JSON = ["--output-format", "stream-json", "--verbose", "--input-format", "stream-json"];

/**
 * The command line for a stream-json CLI, from query options, as the official SDK builds it (`--flag=value`;
 * `--mcp-config` as two items). `parley run` and the real `claude` both read it.
 */
export function cliArguments(options: QueryOptions): string[] {
  const args = [...STREAM_JSON];
  const flag = (name: string, value: string | number | undefined) => {
    if (value !== undefined) args.push(`--${name}=${value}`);
  };
  flag("max-turns", options.maxTurns);
  flag("model", options.model);
  if (options.canUseTool) args.push("--permission-prompt-tool=stdio");
  if (options.continue) args.push("--continue");
  flag("resume", options.resume);
  if (options.allowedTools?.length) flag("allowedTools", options.allowedTools.join(","));
  if (options.disallowedTools?.length) flag("disallowedTools", options.disallowedTools.join(","));
  const servers = Object.entries(options.mcpServers ?? {}).filter(
    ([, config]) => (config as { type?: string }).type !== "sdk",
  );
  if (servers.length > 0)
    args.push("--mcp-config", JSON.stringify({ mcpServers: Object.fromEntries(servers) }));
  flag("permission-mode", options.permissionMode);
  flag("fallback-model", options.fallbackModel);
  if (options.includePartialMessages) args.push("--include-partial-messages");
  for (const directory of options.additionalDirectories ?? []) flag("add-dir", directory);
  if (options.forkSession) args.push("--fork-session");
  flag("session-id", options.sessionId);
  return args;
}
