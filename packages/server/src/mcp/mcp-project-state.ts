import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../store/write-file-atomic.ts";
import type { McpConfigEntry } from "./mcp-config-files.ts";

/** A project entry the person approved: its digest, and the entry as written (to show what changed). */
interface Approval {
  digest: string;
  entry?: unknown;
}

/** What the user decided about MCP servers for one project. */
interface McpProjectStateFile {
  /** Project servers the user allowed to start: name → the entry they approved. */
  approved: Record<string, Approval>;
  /** Project entries the user rejected: name → digest of the entry rejected. */
  rejected: Record<string, string>;
  /** Servers the user turned off for this project. */
  disabled: string[];
  trust_read_only_tools: boolean;
}

/** The person's decision about one project entry as it is now. */
export type McpEntryDecision = "pending" | "approved" | "rejected";

/**
 * The user's MCP decisions for a project, kept in Parley's data directory (never in the project, which a
 * cloned repository controls): which `.mcp.json` entries may start and which were rejected, which servers
 * are off, and whether read-only tools run without asking. A decision holds for the entry as it was decided
 * (its digest): a changed entry is pending again, and the approved one is kept to show what changed.
 */
export class McpProjectState {
  readonly #storage: McpStateStorage;
  #text: string | undefined;
  #state: McpProjectStateFile;

  /**
   * `storage`: where the decisions are kept when not in the data directory's `mcp-state.json` (the
   * database that servers sharing it read, so a decision taken on one counts on all).
   */
  constructor(dataDirectory: string, storage?: McpStateStorage) {
    this.#storage = storage ?? fileStorage(join(dataDirectory, "mcp-state.json"));
    this.#text = this.#storage.read();
    this.#state = parseState(this.#text);
  }

  /** Reads the decisions again (another server sharing them may have changed them); true if they changed. */
  refresh(): boolean {
    let text: string | undefined;
    try {
      text = this.#storage.read();
    } catch {
      // The database holding them is away: the decisions as last read still hold.
      return false;
    }
    if (text === this.#text) return false;
    this.#text = text;
    this.#state = parseState(text);
    return true;
  }

  /** Rejected beats approved: a person who said no to this exact entry is not asked again, nor is it run. */
  decision(name: string, entry: unknown): McpEntryDecision {
    const current = mcpEntryDigest(entry);
    if (own(this.#state.rejected, name) === current) return "rejected";
    return own(this.#state.approved, name)?.digest === current ? "approved" : "pending";
  }

  isApproved(name: string, entry: unknown): boolean {
    return this.decision(name, entry) === "approved";
  }

  /** Whether the person ever approved a server of this name (a changed entry says "changed", not "new"). */
  wasApproved(name: string): boolean {
    return own(this.#state.approved, name) !== undefined;
  }

  /** The entry as written when the person last approved this server (undefined: never, or not kept). */
  approvedEntry(name: string): { entry: unknown } | undefined {
    const approval = own(this.#state.approved, name);
    return approval !== undefined && "entry" in approval ? { entry: approval.entry } : undefined;
  }

  approve(name: string, entry: unknown): void {
    this.refresh();
    this.#state.approved[name] = { digest: mcpEntryDigest(entry), entry: entry ?? null };
    delete this.#state.rejected[name];
    this.#save();
  }

  reject(name: string, entry: unknown): void {
    this.refresh();
    this.#state.rejected[name] = mcpEntryDigest(entry);
    this.#save();
  }

  /** Forgets a rejection: the entry asks for approval again. */
  unreject(name: string): void {
    this.refresh();
    delete this.#state.rejected[name];
    this.#save();
  }

  isDisabled(name: string): boolean {
    return this.#state.disabled.includes(name);
  }

  /**
   * The one rule for whether an entry may start (the server and `parley run` both ask it): the user's own
   * unless disabled; a project's only as approved, not rejected, not shadowed and not disabled.
   */
  mayStart(entry: McpConfigEntry): boolean {
    if (this.isDisabled(entry.name)) return false;
    return entry.source !== "project" || (!entry.shadowed && this.isApproved(entry.name, entry.raw));
  }

  setEnabled(name: string, enabled: boolean): void {
    this.refresh();
    const others = this.#state.disabled.filter((candidate) => candidate !== name);
    this.#state.disabled = enabled ? others : [...others, name];
    this.#save();
  }

  get trustReadOnlyTools(): boolean {
    return this.#state.trust_read_only_tools;
  }

  set trustReadOnlyTools(trust: boolean) {
    this.refresh();
    this.#state.trust_read_only_tools = trust;
    this.#save();
  }

  #save(): void {
    this.#text = `${JSON.stringify(this.#state, null, 2)}\n`;
    this.#storage.write(this.#text);
  }
}

/** The digest a decision is about: SHA-256 of the entry as written. */
export function mcpEntryDigest(entry: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(entry ?? null))
    .digest("hex");
}

/** A record's own value: a name from a repository (`constructor`) must not find a prototype's. */
function own<T>(record: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

/** Where a project's MCP decisions are kept, as the text of `mcp-state.json` (undefined: none yet). */
export interface McpStateStorage {
  read(): string | undefined;
  write(text: string): void;
}

/** The decisions in a file of the data directory, readable by the owner only. */
function fileStorage(file: string): McpStateStorage {
  return {
    read: () => (existsSync(file) ? readFileSync(file, "utf8") : undefined),
    write: (text) => writeFileAtomic(file, text, 0o600),
  };
}

function parseState(text: string | undefined): McpProjectStateFile {
  const empty = (): McpProjectStateFile => ({
    approved: {},
    rejected: {},
    disabled: [],
    trust_read_only_tools: false,
  });
  if (text === undefined) return empty();
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return {
      approved: approvalsOf(parsed.approved),
      rejected: stringsOf(parsed.rejected),
      disabled: Array.isArray(parsed.disabled)
        ? parsed.disabled.filter((name): name is string => typeof name === "string")
        : [],
      trust_read_only_tools: parsed.trust_read_only_tools === true,
    };
  } catch {
    // A damaged file means nothing is approved: servers ask again rather than start unasked.
    return empty();
  }
}

/** Approvals as kept, and as Parley kept them before it kept the entry too (name → digest). */
function approvalsOf(value: unknown): Record<string, Approval> {
  if (typeof value !== "object" || value === null) return {};
  const approvals: Record<string, Approval> = {};
  for (const [name, approval] of Object.entries(value)) {
    if (typeof approval === "string") approvals[name] = { digest: approval };
    else if (typeof (approval as Approval | null)?.digest === "string")
      approvals[name] = approval as Approval;
  }
  return approvals;
}

function stringsOf(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === "string"),
  );
}
