import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { EnvironmentVariables, ParleySecrets } from "@parley/engine";
import { withoutParleySecrets } from "@parley/engine/settings";
import type { McpConfigProblem, McpServerSource } from "@parley/protocol";
import { writeFileAtomic } from "../store/write-file-atomic.ts";
import { jsonNesting } from "./json-nesting.ts";

/** One `mcpServers` entry as written in a config file (variables not yet expanded). */
export interface McpConfigEntry {
  name: string;
  source: McpServerSource;
  file: string;
  raw: unknown;
  /** A project entry named like one of the user's servers: the user's is used, this one never starts. */
  shadowed: boolean;
}

/** An MCP config file larger than this is refused unread: a repository must not stall the server. */
const MAX_CONFIG_BYTES = 1024 * 1024;
/** The deepest `[`/`{` nesting parsed; an entry needs four levels (`mcpServers`, entry, `env`, value). */
const MAX_CONFIG_NESTING = 32;
/**
 * Servers read from a project's file at most: each is checked, digested and shown on every list and before
 * every turn, and 1 MiB holds 35,000 of them (0.5 s of the server's time per list); no one runs more than a
 * few. The person's own file is not counted: adding their 101st server would hide all of them.
 */
const MAX_SERVERS_PER_FILE = 100;

/** The user's MCP file: `$PARLEY_HOME/mcp.json`, the same shape as Claude Code's and Claude Desktop's. */
export function userMcpFile(home: string): string {
  return join(home, "mcp.json");
}

/** The project's MCP file: `.mcp.json` at its root, as Claude Code reads it. */
export function projectMcpFile(projectRoot: string): string {
  return join(projectRoot, ".mcp.json");
}

/**
 * Reads the user's and the project's `mcpServers`. A missing file has no servers; a file that is not JSON,
 * not a regular file, too large, nested too deep, has no `mcpServers` object or (the project's) too many
 * servers, is a problem with its reason and starts nothing. A project entry with the name of a user server is kept but
 * `shadowed`: a repository never takes over a name the person chose (and the permission rules they gave it).
 */
export function readMcpConfigFiles(
  home: string,
  projectRoot: string,
): { entries: McpConfigEntry[]; problems: McpConfigProblem[] } {
  const entries: McpConfigEntry[] = [];
  const problems: McpConfigProblem[] = [];
  const userNames = new Set<string>();
  for (const [source, file] of [
    ["user", userMcpFile(home)],
    ["project", projectMcpFile(projectRoot)],
  ] as const) {
    const read = readServersOf(file, source === "project" ? MAX_SERVERS_PER_FILE : Number.POSITIVE_INFINITY);
    if ("error" in read) {
      if (read.error !== undefined) problems.push({ source, file, error: read.error });
      continue;
    }
    for (const [name, raw] of Object.entries(read.servers)) {
      if (source === "user") userNames.add(name);
      entries.push({ name, source, file, raw, shadowed: source === "project" && userNames.has(name) });
    }
  }
  return { entries, problems };
}

/**
 * The environment an entry's `${VAR}` reads: all of it for the person's own file (they wrote it), and for a
 * project's file everything but Parley's secrets (a cloned repository must not reach them).
 */
export function expansionEnvironment(
  source: McpServerSource,
  env: EnvironmentVariables,
  secrets: ParleySecrets,
): EnvironmentVariables {
  return source === "project" ? withoutParleySecrets(env, secrets) : env;
}

function readServersOf(
  file: string,
  maxServers: number,
): { servers: Record<string, unknown> } | { error: string | undefined } {
  if (!existsSync(file)) return { error: undefined };
  const stat = statSync(file);
  // A FIFO would block the read forever; a huge file would stall the server while it parses.
  if (!stat.isFile()) return { error: "not a regular file" };
  if (stat.size > MAX_CONFIG_BYTES) return { error: `larger than ${MAX_CONFIG_BYTES / 1024} KiB` };
  const text = readFileSync(file, "utf8");
  if (jsonNesting(text) > MAX_CONFIG_NESTING)
    return { error: `nested deeper than ${MAX_CONFIG_NESTING} levels` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { error: `not valid JSON: ${(error as Error).message}` };
  }
  const servers = (parsed as { mcpServers?: unknown } | null)?.mcpServers;
  if (servers === undefined) return { servers: {} };
  if (typeof servers !== "object" || servers === null || Array.isArray(servers)) {
    return { error: "`mcpServers` must be an object of server name → config" };
  }
  const count = Object.keys(servers).length;
  if (count > maxServers) return { error: `${count} servers; a file of more than ${maxServers} is not read` };
  return { servers: servers as Record<string, unknown> };
}

/**
 * Changes one server of the user's `mcp.json` (`undefined` removes it), written atomically and keeping
 * every other key and server as they were. A file that is not JSON is refused rather than overwritten.
 */
export function editUserMcpServer(home: string, name: string, config: unknown): void {
  const file = userMcpFile(home);
  let document: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8")) as unknown;
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
        document = parsed as Record<string, unknown>;
      } else throw new Error("the top level is not an object");
    } catch (error) {
      throw new Error(`${file} is not valid JSON (${(error as Error).message}); fix or remove it first`);
    }
  }
  const current = document.mcpServers;
  const servers: Record<string, unknown> =
    typeof current === "object" && current !== null && !Array.isArray(current)
      ? { ...(current as Record<string, unknown>) }
      : {};
  if (config === undefined) delete servers[name];
  else servers[name] = config;
  writeFileAtomic(file, `${JSON.stringify({ ...document, mcpServers: servers }, null, 2)}\n`, 0o600);
}
