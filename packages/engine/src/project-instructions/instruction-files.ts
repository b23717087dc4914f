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
