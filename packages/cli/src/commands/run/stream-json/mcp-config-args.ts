import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { McpConfigFileSchema } from "@parley/engine";

/**
 * The servers of every `--mcp-config` value, each a JSON object or a file holding one (Claude Code's
 * `{"mcpServers": {...}}`). SDK-hosted servers (`type: "sdk"`) live in the host and are reached through the
 * control protocol instead. A value that cannot be read is reported, never fatal.
 */
export async function mcpServersFromArgs(
  values: readonly string[],
  cwd: string,
  warn: (message: string) => void,
): Promise<Record<string, unknown>> {
  const servers: Record<string, unknown> = {};
  for (const value of values) {
    let text = value;
    if (!value.trim().startsWith("{")) {
      try {
        text = await readFile(resolve(cwd, value), "utf8");
      } catch (error) {
        warn(`parley: --mcp-config ${value}: ${(error as Error).message}`);
        continue;
      }
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      warn(`parley: --mcp-config ${value.slice(0, 80)}: not JSON (${(error as Error).message})`);
      continue;
    }
    const file = McpConfigFileSchema.safeParse(parsed);
    if (!file.success) {
      warn(`parley: --mcp-config ${value.slice(0, 80)}: expected {"mcpServers": {...}}`);
      continue;
    }
    for (const [name, config] of Object.entries(file.data.mcpServers)) {
      if ((config as { type?: unknown } | null)?.type === "sdk") continue;
      servers[name] = config;
    }
  }
  return servers;
}
