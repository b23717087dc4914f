/**
 * Which of Claude Code's setting sources a run reads instruction files from: `user` (the person's own
 * `AGENTS.md` in Parley's home, for every project), `project` (checked into the repository) and `local` (the
 * person's own in the project, usually git-ignored).
 */
export type InstructionSource = "user" | "project" | "local";

/** The person's own instructions, for every project: this file in Parley's home. */
export const USER_INSTRUCTIONS_FILE = "AGENTS.md";

/**
 * The project-root files read into the agent's system prompt, in the order they are given: `AGENTS.md`
 * (OpenCode, Codex and most agents), Claude Code's `CLAUDE.md` in either place, and its local file.
 */
export const INSTRUCTION_FILES: readonly { path: string; source: InstructionSource }[] = [
  { path: "AGENTS.md", source: "project" },
  { path: "CLAUDE.md", source: "project" },
  { path: ".claude/CLAUDE.md", source: "project" },
  { path: "CLAUDE.local.md", source: "local" },
];

/**
 * The most of the files' text given to the model, together (about 16,000 tokens): a repository is
 * untrusted, and every turn pays for what is given. A file past what is left is cut, and the prompt says so.
 */
export const MAX_INSTRUCTIONS_BYTES = 64 * 1024;

/**
 * The most `@path` imports followed in all, whatever they lead to: each is a look-up on disk, and a
 * repository's file could name thousands.
 */
export const MAX_IMPORTS = 64;

/**
 * How deep `@path` imports are followed: a file named at the project's root is depth 0, what it imports
 * depth 1, and so on to 5 (Claude Code's limit); a file at depth 5 has its imports left as text.
 */
export const MAX_IMPORT_DEPTH = 5;

/** The most parts an import's path may have: confinement looks each up, and a repository could name thousands. */
export const MAX_IMPORT_SEGMENTS = 32;

/**
 * The tools whose call names one file (`file_path`) in a folder the agent then works in: once one succeeds,
 * the instruction files of that file's folders below the root not given yet are added to its result. Glob,
 * Grep and LS are not: one search touches every folder of the tree, and the agent reads a file before it
 * changes one, so Read reaches the folder first.
 */
export const NESTED_INSTRUCTION_TOOLS: ReadonlySet<string> = new Set(["Read", "Edit", "Write"]);

/**
 * Folders whose instruction files, and those of the folders below them, are never given: a dependency's
 * AGENTS.md is its authors' words for working on it (and anyone's who publishes a package), not this
 * project's, and `.git` holds no one's instructions.
 */
export const FOLDERS_WITHOUT_INSTRUCTIONS: ReadonlySet<string> = new Set(["node_modules", ".git"]);

/**
 * The most of one subfolder's files' text (imports included) given at once (about 4,000 tokens): a
 * subfolder's notes add to the root's, and a hostile repository can put a file in every folder.
 */
export const MAX_FOLDER_INSTRUCTIONS_BYTES = 16 * 1024;

/**
 * The most of subfolders' instruction files given in one session, framing included (about 16,000 tokens, as
 * much again as the root's): once used, further folders' files are named as not given.
 */
export const MAX_NESTED_INSTRUCTIONS_BYTES = 64 * 1024;

/**
 * The most folders checked for instruction files after one tool call, from the root down: a path can be
 * hundreds of folders deep, and each folder costs a look-up per file name. The next call in that folder
 * checks the next ones.
 */
export const MAX_FOLDERS_CHECKED_PER_CALL = 8;

/**
 * The deepest folder, in parts below the root, whose instruction files are given: deeper ones are skipped
 * without a word (a `.claude/CLAUDE.md` there stays within `MAX_IMPORT_SEGMENTS` parts). No project keeps its
 * notes 30 folders down, and a hostile one could nest folders hundreds deep.
 */
export const MAX_INSTRUCTION_FOLDER_DEPTH = MAX_IMPORT_SEGMENTS - 2;
