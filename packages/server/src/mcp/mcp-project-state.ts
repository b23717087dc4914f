import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../store/write-file-atomic.ts";

/** What the user decided about MCP servers for one project. */
interface McpProjectStateFile {
  /** Project servers the user allowed to start: name → digest of the entry they approved. */
  approved: Record<string, string>;
  /** Servers the user turned off for this project. */
  disabled: string[];
  trust_read_only_tools: boolean;
}

/**
 * The user's MCP decisions for a project, kept in Parley's data directory (never in the project, which a
 * cloned repository controls): which `.mcp.json` servers may start, which servers are off, and whether
 * read-only tools run without asking. An approval holds for the entry as it was approved: a changed command
 * needs approving again.
 */
export class McpProjectState {
  readonly #file: string;
  #state: McpProjectStateFile;

  constructor(dataDirectory: string) {
    this.#file = join(dataDirectory, "mcp-state.json");
    this.#state = readState(this.#file);
  }

  isApproved(name: string, entry: unknown): boolean {
    return this.#state.approved[name] === digest(entry);
  }

  approve(name: string, entry: unknown): void {
    this.#state.approved[name] = digest(entry);
    this.#save();
  }

  isDisabled(name: string): boolean {
    return this.#state.disabled.includes(name);
  }

  setEnabled(name: string, enabled: boolean): void {
    const others = this.#state.disabled.filter((candidate) => candidate !== name);
    this.#state.disabled = enabled ? others : [...others, name];
    this.#save();
  }

  get trustReadOnlyTools(): boolean {
    return this.#state.trust_read_only_tools;
  }

  set trustReadOnlyTools(trust: boolean) {
    this.#state.trust_read_only_tools = trust;
    this.#save();
  }

  #save(): void {
    writeFileAtomic(this.#file, `${JSON.stringify(this.#state, null, 2)}\n`, 0o600);
  }
}

function readState(file: string): McpProjectStateFile {
  const empty: McpProjectStateFile = { approved: {}, disabled: [], trust_read_only_tools: false };
  if (!existsSync(file)) return empty;
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<McpProjectStateFile>;
    return {
      approved: typeof parsed.approved === "object" && parsed.approved !== null ? parsed.approved : {},
      disabled: Array.isArray(parsed.disabled)
        ? parsed.disabled.filter((name) => typeof name === "string")
        : [],
      trust_read_only_tools: parsed.trust_read_only_tools === true,
    };
  } catch {
    // A damaged file means nothing is approved: servers ask again rather than start unasked.
    return empty;
  }
}

function digest(entry: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(entry ?? null))
    .digest("hex");
}
