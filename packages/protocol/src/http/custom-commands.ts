import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { SkippedFileSchema } from "./skipped-file.ts";

/**
 * Whose file a custom command is: the project's (`.claude/commands/`, `.opencode/command[s]/`,
 * `.parley/commands/`) or the person's own (`~/.claude/commands/`, `~/.codex/prompts/`, `$PARLEY_HOME/commands/`).
 */
export const CustomCommandSourceSchema = lazySchema(() => z.enum(["project", "user"]));
export type CustomCommandSource = z.infer<typeof CustomCommandSourceSchema>;

/** Which tool's folder a command was found in; it decides how `$1`… are counted (Claude Code's `$0` is the first). */
export const CustomCommandOriginSchema = lazySchema(() => z.enum(["parley", "claude", "opencode", "codex"]));
export type CustomCommandOrigin = z.infer<typeof CustomCommandOriginSchema>;

/**
 * What a slash command is read from: a command file (`.claude/commands/x.md` …) or a skill's `SKILL.md`
 * (every skill is also `/name`, as in Claude Code 2.1). Absent means a command file (older servers).
 */
export const CustomCommandKindSchema = lazySchema(() => z.enum(["command", "skill"]));
export type CustomCommandKind = z.infer<typeof CustomCommandKindSchema>;

/**
 * A Markdown prompt usable as the slash command `/name …`: the person's words after the name fill its
 * `$ARGUMENTS` and positional placeholders, and the agent gets the result. Nothing in it is run.
 */
export const CustomCommandViewSchema = lazySchema(() =>
  z.looseObject({
    /** Without the slash; a subfolder of `.claude/commands/` is a `:` namespace (`frontend:component`). */
    name: z.string(),
    description: z.string(),
    argument_hint: z.string().optional(),
    source: CustomCommandSourceSchema,
    origin: CustomCommandOriginSchema,
    /** `skill` for a skill's `SKILL.md` (the model gets its instructions as the `Skill` tool gives them). */
    kind: CustomCommandKindSchema.optional(),
    /** The file (a skill's `SKILL.md`), relative to the project or as `~/…`. */
    path: z.string(),
    /** What Parley does not do with this file (a `!` line it does not run, `allowed-tools` it does not grant). */
    notes: z.array(z.string()).optional(),
  }),
);
export type CustomCommandView = z.infer<typeof CustomCommandViewSchema>;

/**
 * `GET /api/custom-commands`: the commands a person can type, sorted by name (the person's own where the project
 * has one of the same name, as for skills; a skill where a command file of its source has its name), and the
 * files left out.
 */
export const CustomCommandListSchema = lazySchema(() =>
  z.looseObject({
    commands: z.array(CustomCommandViewSchema),
    skipped: z.array(SkippedFileSchema),
  }),
);
export type CustomCommandList = z.infer<typeof CustomCommandListSchema>;
