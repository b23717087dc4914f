import { join } from "node:path";
import type { CustomCommandOrigin, CustomCommandSource } from "@parley/protocol";

/** One folder custom commands are read from. */
export interface CommandFolder {
  source: CustomCommandSource;
  origin: CustomCommandOrigin;
  /** Project-relative for the project (read confined), absolute for the person's own. */
  path: string;
  /** Whether subfolders are namespaces (`frontend/component.md` is `/frontend:component`), as Claude Code reads them. */
  nested: boolean;
}

/**
 * The folders, in the order a name is taken: the person's own before the project's, so a cloned repository
 * cannot stand in for a command the person relies on (its text would reach the model as the person's prompt),
 * as skills do; Parley's own folder first in each.
 */
export function commandFolders(parleyHome: string, userHome: string | undefined): CommandFolder[] {
  return [
    { source: "user", origin: "parley", path: join(parleyHome, "commands"), nested: false },
    // The person's home directory is the `HOME` Parley was started with: none, and only Parley's home is read.
    ...(userHome === undefined
      ? []
      : [
          {
            source: "user",
            origin: "claude",
            path: join(userHome, ".claude", "commands"),
            nested: true,
          } as const,
          {
            source: "user",
            origin: "codex",
            path: join(userHome, ".codex", "prompts"),
            nested: false,
          } as const,
        ]),
    { source: "project", origin: "parley", path: ".parley/commands", nested: false },
    { source: "project", origin: "claude", path: ".claude/commands", nested: true },
    { source: "project", origin: "opencode", path: ".opencode/command", nested: false },
    { source: "project", origin: "opencode", path: ".opencode/commands", nested: false },
  ];
}
