import type { CustomCommandSource, SkippedFile } from "@parley/protocol";
import type { PermissionRule } from "../permissions/permission-rule.ts";
import { searchExclusion } from "../permissions/read-rules.ts";
import { shownPath } from "../project-instructions/read-instruction-file.ts";
import { printableText } from "../util/printable-text.ts";
import { parseCommandFileText } from "./command-file-text.ts";
import { commandFolders } from "./command-folders.ts";
import { commandNameOf } from "./command-name.ts";
import { byCommandName, type CustomCommand, type CustomCommandCatalog } from "./custom-command.ts";
import { findCommandFiles } from "./find-command-files.ts";
import { readOwnCommandFile, readProjectCommandFile } from "./read-command-file.ts";

/** Most command files read in all; a cloned repository cannot make a listing (or a message) read thousands. */
export const MAX_COMMAND_FILES = 200;

/** Where to look: the project, Parley's home (`$PARLEY_HOME`) and the person's home directory. */
export interface ReadCustomCommandsOptions {
  projectRoot: string;
  parleyHome: string;
  userHome?: string;
  /** The project's permission rules: a command file a `Read` deny or ask rule names is not read. */
  rules?: readonly PermissionRule[];
  /** Whose commands to read (`parley run --setting-sources`); both by default. */
  sources?: readonly CustomCommandSource[];
}

/**
 * The Markdown prompts a person can type as `/name`: their own `$PARLEY_HOME/commands/`, `~/.claude/commands/`
 * and `~/.codex/prompts/`, then the project's `.parley/commands/`, `.claude/commands/` (subfolders as `:`
 * namespaces) and `.opencode/command[s]/`. The first file of a name wins, so the person's own win over the
 * project's (the one left is named). Project files are read confined, every file within a size cap; nothing
 * is run.
 */
export async function readCustomCommands(options: ReadCustomCommandsOptions): Promise<CustomCommandCatalog> {
  const { projectRoot, parleyHome } = options;
  const byName = new Map<string, CustomCommand>();
  const skipped: SkippedFile[] = [];
  const excluded = searchExclusion(options.rules ?? []);
  let read = 0;
  const sources = options.sources ?? ["user", "project"];
  for (const folder of commandFolders(parleyHome, options.userHome)) {
    if (!sources.includes(folder.source)) continue;
    // Shown in the faces and printed by `parley run`: no control character of a repository's names.
    const shown = (path: string) => printableText(folder.source === "project" ? path : shownPath(path));
    const { files, problem } = await findCommandFiles(projectRoot, folder);
    if (problem !== undefined) skipped.push({ path: shown(folder.path), reason: printableText(problem) });
    for (const file of files) {
      const path = shown(file.path);
      const named = commandNameOf(file.parts);
      if ("reason" in named) {
        skipped.push({ path, reason: named.reason });
        continue;
      }
      const first = byName.get(named.name);
      if (first !== undefined) {
        skipped.push({ path, reason: `${first.path} has a command of the same name, found first` });
        continue;
      }
      if (++read > MAX_COMMAND_FILES) {
        skipped.push({
          path,
          reason: `more than ${MAX_COMMAND_FILES} command files; the rest were not read`,
        });
        return { commands: sorted(byName), skipped };
      }
      const outcome =
        folder.source === "project"
          ? await readProjectCommandFile(projectRoot, file.path, excluded)
          : await readOwnCommandFile(file.path);
      if ("reason" in outcome) {
        skipped.push({ path, reason: printableText(outcome.reason) });
        continue;
      }
      const text = await parseCommandFileText(outcome.text);
      byName.set(named.name, {
        name: named.name,
        description: text.description,
        ...(text.argumentHint !== undefined && { argument_hint: text.argumentHint }),
        source: folder.source,
        origin: folder.origin,
        path,
        ...(text.notes.length > 0 && { notes: text.notes }),
        body: text.body,
      });
    }
  }
  return { commands: sorted(byName), skipped };
}

function sorted(byName: Map<string, CustomCommand>): CustomCommand[] {
  return [...byName.values()].sort(byCommandName);
}
