import { join } from "node:path";
import type { SkippedFile } from "@parley/protocol";
import { argumentHintOf, notHonoured } from "../custom-commands/command-file-text.ts";
import { readFrontmatter } from "../markdown/frontmatter.ts";
import { confinePath } from "../permissions/confine-path.ts";
import { PathConfinementError } from "../permissions/path-confinement-error.ts";
import type { PermissionRule } from "../permissions/permission-rule.ts";
import { searchExclusion } from "../permissions/read-rules.ts";
import { type RuleFile, writtenRuleFile } from "../permissions/rule-path.ts";
import {
  type ReadOutcome,
  readInstructionFile,
  readOwnFile,
  shownPath,
} from "../project-instructions/read-instruction-file.ts";
import { listFolder } from "../util/list-folder.ts";
import { oneLine } from "../util/one-line.ts";
import { printableText, UNPRINTABLE } from "../util/printable-text.ts";
import {
  PROJECT_SKILL_FOLDERS,
  type SkillFolder,
  type SkillSource,
  userSkillFolders,
} from "./skill-folders.ts";

/** The largest `SKILL.md` read; a longer one is named and left (the standard asks for under 500 lines). */
export const SKILL_FILE_MAX_BYTES = 64 * 1024;
/** Most skills offered to the model: each costs a line of every request's tool description. */
export const MAX_SKILLS = 100;
/** Most sub-folders looked at in one skills folder, so a folder of a million entries costs no more. */
const MAX_FOLDERS_LOOKED_AT = 200;
/** Most entries of one skills folder listed at all: the listing stops there, before any sorting. */
const MAX_ENTRIES_LISTED = 2000;
/** Most `SKILL.md` files read in all, offered or not: what a repository of skill folders costs is bounded. */
export const MAX_SKILL_FILES_READ = 300;
/** The standard's longest description; a longer one is cut. */
const MAX_DESCRIPTION = 1024;
/** The standard's names: lowercase letters, digits and single hyphens, at most 64 characters. */
const SKILL_NAME = /^(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A skill the model may load: its catalogue line, and where its `SKILL.md` is read again when it is used. */
export interface Skill {
  name: string;
  description: string;
  source: SkillSource;
  /** Its `SKILL.md`: project-relative for the project's, absolute for the person's own. */
  file: string;
  /** Its folder as shown to the model and the person (project-relative, or `~/…`). */
  folder: string;
  /** Its frontmatter's `argument-hint`, shown after `/name` in the faces. */
  argumentHint?: string;
  /** `disable-model-invocation: true`: only the person uses it, as `/name`; the model's catalogue leaves it out. */
  disableModelInvocation?: boolean;
  /** `user-invocable: false`: only the model loads it; it is no slash command. */
  userInvocable?: boolean;
  /** What Parley leaves undone of it (its `allowed-tools`, its `` !`…` `` lines), shown with its slash command. */
  notes?: string[];
}

/** The skills read, and the skill folders that are there and are not offered, with why. */
export interface SkillCatalog {
  skills: Skill[];
  skipped: SkippedFile[];
  /**
   * Each skill's instructions as read, by name, for a person typing it as `/name` (messages are expanded
   * synchronously over the last read); the `Skill` tool reads the file again when the model uses it.
   */
  bodies: ReadonlyMap<string, string>;
}

export interface ReadSkillsOptions {
  /** Parley's home, whose `skills/` folder is the person's own; omit to read no user skills. */
  parleyHome?: string;
  /** Which sources to read (`parley run --setting-sources`); both by default. */
  sources?: readonly SkillSource[];
  /** The project's permission rules: a skill a `Read` deny or ask rule names is not offered. */
  rules?: readonly PermissionRule[];
  /** The person's home directory, whose `.agents`, `.claude` and opencode skill folders are read; none without. */
  home?: string;
}

/**
 * The skills of a project and of the person, for the `Skill` tool's catalogue: each sub-folder of a skills
 * folder with a `SKILL.md` whose frontmatter gives a description. The person's own win a name shared with the
 * project's (a repository cannot stand in for a skill the person relies on), the project's folders are
 * confined as the file tools read, and every read is asynchronous and bounded in size and count.
 */
export async function readSkills(
  projectRoot: string,
  options: ReadSkillsOptions = {},
): Promise<SkillCatalog> {
  const sources = options.sources ?? ["user", "project"];
  const folders: SkillFolder[] = [
    ...(sources.includes("user") && options.parleyHome !== undefined
      ? userSkillFolders(options.parleyHome, options.home).map((path) => ({ source: "user" as const, path }))
      : []),
    ...(sources.includes("project")
      ? PROJECT_SKILL_FOLDERS.map((path) => ({ source: "project" as const, path }))
      : []),
  ];
  const excluded = searchExclusion(options.rules ?? []);
  const bodies = new Map<string, string>();
  const catalog: SkillCatalog = { skills: [], skipped: [], bodies };
  /** Each name offered, with the folder it came from. */
  const names = new Map<string, string>();
  let read = 0;
  for (const folder of folders) {
    for (const candidate of await skillCandidates(projectRoot, folder, catalog.skipped)) {
      if (read >= MAX_SKILL_FILES_READ) {
        catalog.skipped.push(
          printable({
            path: candidate.folder,
            reason: `more than ${MAX_SKILL_FILES_READ} skill folders are read`,
          }),
        );
        continue;
      }
      if (catalog.skills.length >= MAX_SKILLS) {
        catalog.skipped.push({
          path: candidate.folder,
          reason: `more than ${MAX_SKILLS} skills are offered`,
        });
        continue;
      }
      read++;
      const found = await readSkillFile(projectRoot, candidate, excluded);
      const first = "skill" in found ? names.get(found.skill.name) : undefined;
      if ("reason" in found)
        catalog.skipped.push(printable({ path: candidate.folder, reason: found.reason }));
      else if (first !== undefined)
        catalog.skipped.push(
          printable({ path: candidate.folder, reason: `${first} has a skill of the same name, found first` }),
        );
      else {
        names.set(found.skill.name, found.skill.folder);
        catalog.skills.push(found.skill);
        bodies.set(found.skill.name, found.body);
      }
    }
  }
  return catalog;
}

/** A `SKILL.md` to read: the folder it names the skill by, and the file. */
interface SkillCandidate {
  source: SkillSource;
  folderName: string;
  folder: string;
  file: string;
}

async function skillCandidates(
  projectRoot: string,
  folder: SkillFolder,
  skipped: SkippedFile[],
): Promise<SkillCandidate[]> {
  let absolute = folder.path;
  if (folder.source === "project") {
    try {
      const confined = await confinePath(projectRoot, folder.path, { intent: "read" });
      if (confined.kind !== "directory") return [];
      absolute = confined.absolute;
    } catch (error) {
      if (error instanceof PathConfinementError && error.rule === "symlink-outside")
        skipped.push({ path: folder.path, reason: "it is a symlink to a place outside the project" });
      return [];
    }
  }
  const names = (await listFolders(absolute)).sort().slice(0, MAX_FOLDERS_LOOKED_AT);
  // The folder is named to the model and printed in terminals: a name with control characters is left.
  for (const name of names.filter((candidate) => UNPRINTABLE.test(candidate)))
    skipped.push(
      printable({ path: `${folder.path}/${name}`, reason: "its folder's name has control characters" }),
    );
  return names
    .filter((name) => !UNPRINTABLE.test(name))
    .map((name) => {
      const shown = folder.source === "project" ? `${folder.path}/${name}` : shownPath(join(absolute, name));
      const file = folder.source === "project" ? `${shown}/SKILL.md` : join(absolute, name, "SKILL.md");
      return { source: folder.source, folderName: name, folder: shown, file };
    });
}

/** The names of the folders (and symlinks) among the first `MAX_ENTRIES_LISTED` entries of `absolute`. */
async function listFolders(absolute: string): Promise<string[]> {
  const { entries } = await listFolder(absolute, MAX_ENTRIES_LISTED);
  return entries.filter((entry) => entry.isDirectory() || entry.isSymbolicLink()).map((entry) => entry.name);
}

type SkillRead = { skill: Skill; body: string } | { reason: string };

/** Reads one skill's `SKILL.md` (confined for a project's) and checks its name and description. */
async function readSkillFile(
  projectRoot: string,
  candidate: SkillCandidate,
  excluded: ((file: RuleFile) => boolean) | undefined,
): Promise<SkillRead> {
  const outcome: ReadOutcome =
    candidate.source === "project"
      ? await readInstructionFile(
          projectRoot,
          candidate.file,
          SKILL_FILE_MAX_BYTES + 1,
          { excluded, holdNamedToRules: true, given: new Set() },
          false,
        )
      : await readOwnFile(candidate.file, SKILL_FILE_MAX_BYTES + 1);
  if (outcome === undefined) return { reason: "it has no SKILL.md" };
  if ("reason" in outcome) return { reason: `its SKILL.md is not read: ${outcome.reason}` };
  if (outcome.file.bytes > SKILL_FILE_MAX_BYTES)
    return { reason: `its SKILL.md is larger than ${SKILL_FILE_MAX_BYTES / 1024} KiB` };
  // A rule names the path as written too: `Read(.agents/**)` holds when `.agents` links to another folder.
  if (candidate.source === "project" && excluded?.(writtenRuleFile(projectRoot, candidate.file)))
    return {
      reason: "its SKILL.md is not read: a Read rule in the permission settings keeps it from the agent",
    };
  const document = await readFrontmatter(outcome.file.text, ["name", "description"]);
  if (document.error !== undefined) return { reason: `its SKILL.md is not read: ${document.error}` };
  // Read apart: a value YAML refuses here (`argument-hint: <path> (default: src)`) must not cost the model a
  // skill it had before these fields were read; the switches first, so a bad hint leaves them.
  const extra = await readFrontmatter(outcome.file.text, [
    "disable-model-invocation",
    "user-invocable",
    "argument-hint",
  ]);
  const { name: givenName, description } = document.strings;
  const name = typeof givenName === "string" && SKILL_NAME.test(givenName) ? givenName : candidate.folderName;
  if (!SKILL_NAME.test(name))
    return { reason: "its name is not lowercase letters, digits and hyphens (at most 64 characters)" };
  if (typeof description !== "string" || description.trim() === "")
    return {
      reason: "its SKILL.md's frontmatter has no description, so the agent could not tell when to use it",
    };
  const argumentHint = argumentHintOf(extra);
  const disableModelInvocation = writtenBoolean(extra.written["disable-model-invocation"]);
  const userInvocable = writtenBoolean(extra.written["user-invocable"]);
  const notes = [
    ...(extra.error === undefined ? [] : [`${extra.error}; it was ignored`]),
    ...notHonoured(document.keys, document.body),
  ];
  return {
    skill: {
      name,
      // A line of the catalogue, in every model request.
      description: oneLine(description, MAX_DESCRIPTION),
      source: candidate.source,
      file: candidate.file,
      folder: candidate.folder,
      ...(argumentHint !== undefined && { argumentHint }),
      ...(disableModelInvocation !== undefined && { disableModelInvocation }),
      ...(userInvocable !== undefined && { userInvocable }),
      ...(notes.length > 0 && { notes }),
    },
    body: document.body,
  };
}

/**
 * A frontmatter switch as written (`true`, `false`, YAML's `True`/`FALSE` spellings, a `# comment` after);
 * anything else (`yes`, a list, a quoted string) is no value, so the skill keeps its default.
 */
function writtenBoolean(written: string | undefined): boolean | undefined {
  // What is before a ` #` comment; a pattern ending in `\s+#.*$` tried every start in a run of spaces.
  const comment = written?.search(/\s#/) ?? -1;
  const value = comment === -1 ? written : written?.slice(0, comment).trimEnd();
  if (value === "true" || value === "True" || value === "TRUE") return true;
  if (value === "false" || value === "False" || value === "FALSE") return false;
  return undefined;
}

/** A skipped skill as shown in Settings and printed by `parley run`: no control character of a repository's. */
function printable(skipped: SkippedFile): SkippedFile {
  return { path: printableText(skipped.path), reason: printableText(skipped.reason) };
}

/** The instructions of a skill as they are now (it is read again when used), or why they cannot be given. */
export async function readSkillBody(
  projectRoot: string,
  skill: Skill,
  rules: readonly PermissionRule[] = [],
): Promise<{ body: string } | { reason: string }> {
  const candidate: SkillCandidate = {
    source: skill.source,
    folderName: skill.name,
    folder: skill.folder,
    file: skill.file,
  };
  const read = await readSkillFile(projectRoot, candidate, searchExclusion(rules));
  return "reason" in read ? { reason: read.reason } : { body: read.body };
}
