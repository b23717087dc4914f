import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { PermissionRuleSource, PermissionRuleSpec } from "@parley/protocol";
import { projectDirectory } from "./project-directory.ts";
import { Store } from "./store.ts";

/**
 * A project's permission rules as another local Parley process reads and adds them (`parley acp`): each
 * call opens the project's store briefly, so a server serving the project meanwhile sees the same rules
 * (SQLite in WAL mode takes writers from several processes). "Always allow" answered in an editor and in
 * the web UI end up in one place.
 */
export const projectPermissionRules = {
  /** The project's rules, oldest first. */
  list(home: string, projectRoot: string): PermissionRuleSpec[] {
    return withStore(home, projectRoot, (store) =>
      store.permissionRules.list(projectRoot).map((rule) => ({
        tool: rule.tool,
        behavior: rule.behavior,
        ...(rule.pattern !== undefined && { pattern: rule.pattern }),
      })),
    );
  },

  /** Adds rules (one already stored is kept, not duplicated). */
  add(
    home: string,
    projectRoot: string,
    rules: readonly PermissionRuleSpec[],
    source: PermissionRuleSource,
  ): void {
    withStore(home, projectRoot, (store) =>
      store.transaction(() => {
        for (const rule of rules) {
          store.permissionRules.add(projectRoot, rule, {
            id: `rule_${randomBytes(12).toString("hex")}`,
            source,
            nowMs: Date.now(),
          });
        }
      }),
    );
  },
};

function withStore<T>(home: string, projectRoot: string, work: (store: Store) => T): T {
  const store = new Store(join(projectDirectory(home, projectRoot), "parley.db"));
  try {
    return work(store);
  } finally {
    store.close();
  }
}
