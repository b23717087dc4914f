import type { PermissionRuleRecord, PermissionRuleSource, PermissionRuleSpec } from "@parley/protocol";
import type { StoreDatabase } from "./store-database.ts";

interface RuleRow {
  id: string;
  tool: string;
  pattern: string;
  behavior: PermissionRuleRecord["behavior"];
  source: PermissionRuleSource;
  created_at_ms: number;
}

/**
 * The project's permission rules (allow / deny / ask by tool and pattern). Only the authenticated API and a
 * person's "Always allow" answer write here: no tool has a path to this table.
 */
export class PermissionRuleStore {
  readonly #insert;
  readonly #find;
  readonly #list;
  readonly #get;
  readonly #delete;

  constructor(database: StoreDatabase) {
    this.#insert = database.prepare(
      `INSERT INTO permission_rules (id, project_root, tool, pattern, behavior, source, created_at_ms)
       VALUES (@id, @project_root, @tool, @pattern, @behavior, @source, @created_at_ms)`,
    );
    this.#find = database.prepare(
      "SELECT * FROM permission_rules WHERE project_root = ? AND tool = ? AND pattern = ? AND behavior = ?",
    );
    this.#list = database.prepare(
      "SELECT * FROM permission_rules WHERE project_root = ? ORDER BY created_at_ms, rowid",
    );
    this.#get = database.prepare("SELECT * FROM permission_rules WHERE id = ? AND project_root = ?");
    this.#delete = database.prepare("DELETE FROM permission_rules WHERE id = ? AND project_root = ?");
  }

  /** Adds a rule, or returns the identical one already stored (`created: false`). */
  add(
    projectRoot: string,
    rule: PermissionRuleSpec,
    options: { id: string; source: PermissionRuleSource; nowMs: number },
  ): { rule: PermissionRuleRecord; created: boolean } {
    const pattern = rule.pattern ?? "";
    const existing = this.#find.get(projectRoot, rule.tool, pattern, rule.behavior) as RuleRow | undefined;
    if (existing !== undefined) return { rule: fromRow(existing), created: false };
    const row: RuleRow = {
      id: options.id,
      tool: rule.tool,
      pattern,
      behavior: rule.behavior,
      source: options.source,
      created_at_ms: options.nowMs,
    };
    this.#insert.run({ ...row, project_root: projectRoot });
    return { rule: fromRow(row), created: true };
  }

  /** The project's rules, oldest first. */
  list(projectRoot: string): PermissionRuleRecord[] {
    return (this.#list.all(projectRoot) as RuleRow[]).map(fromRow);
  }

  get(projectRoot: string, id: string): PermissionRuleRecord | undefined {
    const row = this.#get.get(id, projectRoot) as RuleRow | undefined;
    return row && fromRow(row);
  }

  /** Removes a rule; false when it did not exist. */
  delete(projectRoot: string, id: string): boolean {
    return this.#delete.run(id, projectRoot).changes > 0;
  }
}

function fromRow(row: RuleRow): PermissionRuleRecord {
  const record: PermissionRuleRecord = {
    id: row.id,
    tool: row.tool,
    behavior: row.behavior,
    source: row.source,
    created_at_ms: row.created_at_ms,
  };
  if (row.pattern !== "") record.pattern = row.pattern;
  return record;
}
