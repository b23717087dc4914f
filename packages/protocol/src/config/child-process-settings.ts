import { z } from "zod";
import { AgentCliNameSchema } from "../api/agent-backend.ts";
import { lazySchema } from "../shared/lazy-schema.ts";

/** An environment variable's name, as a POSIX shell accepts it (`ANTHROPIC_API_KEY`). */
export const EnvironmentVariableNameSchema = lazySchema(() =>
  z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an environment variable name (letters, digits and '_')"),
);
export type EnvironmentVariableName = z.infer<typeof EnvironmentVariableNameSchema>;

/**
 * What one kind of child process gets beyond the rule every child follows (the person's environment minus
 * Parley's secrets, in the project folder). Only the person's own settings say this, never a project's files.
 */
export const ChildProcessSettingsSchema = lazySchema(() =>
  z.looseObject({
    /**
     * Variables Parley withholds as its secrets (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`, …) that this child gets
     * anyway, e.g. for a Claude Code that authenticates with `ANTHROPIC_API_KEY`.
     */
    pass_env: z.array(EnvironmentVariableNameSchema).optional(),
  }),
);
export type ChildProcessSettings = z.infer<typeof ChildProcessSettingsSchema>;

/**
 * How Parley talks to an agent CLI: `acp` (the Agent Client Protocol: the CLI's permission requests become
 * approval cards) or `stream-json` (its headless output: its own settings decide its tools).
 */
export const AgentCliProtocolSchema = lazySchema(() => z.enum(["acp", "stream-json"]));
export type AgentCliProtocol = z.infer<typeof AgentCliProtocolSchema>;

/**
 * One agent CLI's settings: what its process gets, and the protocol its runs use where it speaks more than
 * one (OpenCode defaults to `acp`, Gemini CLI to `stream-json`; Claude Code and Codex speak only `stream-json`).
 */
export const AgentCliSettingsSchema = lazySchema(() =>
  ChildProcessSettingsSchema.extend({ protocol: AgentCliProtocolSchema.optional() }),
);
export type AgentCliSettings = z.infer<typeof AgentCliSettingsSchema>;

/**
 * The settings of each agent CLI backend, by name (`claude-code`, `opencode`, `codex`, `gemini`).
 * Loose, like every settings object, so a CLI a newer Parley knows survives an older one's rewrite.
 */
export const AgentClisSettingsSchema = lazySchema(() =>
  z.looseObject(
    Object.fromEntries(
      AgentCliNameSchema.options.map((name) => [name, AgentCliSettingsSchema.optional()]),
    ) as {
      [Name in z.infer<typeof AgentCliNameSchema>]: z.ZodOptional<typeof AgentCliSettingsSchema>;
    },
  ),
);
export type AgentClisSettings = z.infer<typeof AgentClisSettingsSchema>;
