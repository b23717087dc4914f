import type { EnvironmentVariables, McpServerConfig, McpTimeouts } from "@parley/engine";

/** How a lost server is restarted: the first wait, doubling up to `maxMs`, at most `attempts` times in a row. */
export interface McpRestartPolicy {
  initialMs: number;
  maxMs: number;
  attempts: number;
}

/** How long a server may take to start (30 s) and a call to answer (10 min), unless configured. */
export const DEFAULT_TIMEOUTS: McpTimeouts = { startupMs: 30_000, callMs: 10 * 60 * 1000 };

/** Restarts after 1 s, doubling up to 30 s, six times in a row at most. */
export const DEFAULT_RESTART: McpRestartPolicy = { initialMs: 1_000, maxMs: 30_000, attempts: 6 };

/** Claude Code's variables: `MCP_TIMEOUT` for a server's start, `MCP_TOOL_TIMEOUT` for a call (milliseconds). */
export function timeoutsFromEnvironment(env: EnvironmentVariables): Partial<McpTimeouts> {
  const milliseconds = (value: string | undefined) => {
    const parsed = Number(value);
    return value !== undefined && Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
  };
  const startupMs = milliseconds(env.MCP_TIMEOUT);
  const callMs = milliseconds(env.MCP_TOOL_TIMEOUT);
  return { ...(startupMs !== undefined && { startupMs }), ...(callMs !== undefined && { callMs }) };
}

/** A server's own call timeout: its entry's `timeout` (milliseconds), as Claude Code's config allows. */
export function callTimeoutOf(config: McpServerConfig): number | undefined {
  const timeout = (config as { timeout?: unknown }).timeout;
  return typeof timeout === "number" && timeout > 0 ? timeout : undefined;
}
