import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { HookPermissionDecisionSchema } from "./enums.ts";
import { PermissionUpdateSchema } from "./permissions.ts";

const out = <const E extends string, S extends z.core.$ZodLooseShape>(event: E, shape: S) =>
  z.looseObject({ hookEventName: z.literal(event), ...shape });
const context = () => ({ additionalContext: z.string().optional() });
const watchPaths = () => ({ watchPaths: z.array(z.string()).optional() });
const elicitation = () => ({
  action: z.enum(["accept", "decline", "cancel"]).optional(),
  content: z.record(z.string(), z.unknown()).optional(),
});

/** Event-specific instructions a hook returns (`hookSpecificOutput`), by `hookEventName`. */
export const HookSpecificOutputSchema = lazySchema(() =>
  z.discriminatedUnion("hookEventName", [
    out("PreToolUse", {
      permissionDecision: HookPermissionDecisionSchema.optional(),
      permissionDecisionReason: z.string().optional(),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      ...context(),
    }),
    out("UserPromptSubmit", {
      ...context(),
      sessionTitle: z.string().optional(),
      suppressOriginalPrompt: z.boolean().optional(),
    }),
    out("UserPromptExpansion", { ...context(), suppressOriginalPrompt: z.boolean().optional() }),
    out("SessionStart", {
      ...context(),
      initialUserMessage: z.string().optional(),
      sessionTitle: z.string().optional(),
      ...watchPaths(),
      reloadSkills: z.boolean().optional(),
    }),
    out("Setup", context()),
    out("PreModelSwitch", {
      permissionDecision: z.enum(["allow", "deny", "ask"]).optional(),
      permissionDecisionReason: z.string().optional(),
    }),
    out("PostModelSwitch", context()),
    out("SubagentStart", context()),
    out("PostToolUse", {
      ...context(),
      classifierContext: z.string().optional(),
      updatedToolOutput: z.unknown().optional(),
      updatedMCPToolOutput: z.unknown().optional(),
    }),
    out("PostToolUseFailure", context()),
    out("PostToolBatch", context()),
    out("Stop", context()),
    out("SubagentStop", context()),
    out("PermissionDenied", { retry: z.boolean().optional() }),
    out("Notification", context()),
    out("PermissionRequest", {
      decision: z.discriminatedUnion("behavior", [
        z.looseObject({
          behavior: z.literal("allow"),
          updatedInput: z.record(z.string(), z.unknown()).optional(),
          updatedPermissions: z.array(PermissionUpdateSchema).optional(),
        }),
        z.looseObject({
          behavior: z.literal("deny"),
          message: z.string().optional(),
          interrupt: z.boolean().optional(),
        }),
      ]),
    }),
    out("Elicitation", elicitation()),
    out("ElicitationResult", elicitation()),
    out("CwdChanged", watchPaths()),
    out("FileChanged", watchPaths()),
    out("WorktreeCreate", { worktreePath: z.string() }),
    out("MessageDisplay", { displayContent: z.string().optional() }),
  ]),
);
export type HookSpecificOutput = z.infer<typeof HookSpecificOutputSchema>;

/** A hook that will answer later: the CLI does not wait for it (up to `asyncTimeout`). */
export const AsyncHookJSONOutputSchema = lazySchema(() =>
  z.looseObject({
    async: z.literal(true),
    asyncTimeout: z.number().optional(),
  }),
);
export type AsyncHookJSONOutput = z.infer<typeof AsyncHookJSONOutputSchema>;

/** A hook's answer: continue or stop, messages, and event-specific output. */
export const SyncHookJSONOutputSchema = lazySchema(() =>
  z.looseObject({
    continue: z.boolean().optional(),
    suppressOutput: z.boolean().optional(),
    stopReason: z.string().optional(),
    decision: z.enum(["approve", "block"]).optional(),
    systemMessage: z.string().optional(),
    terminalSequence: z.string().optional(),
    reason: z.string().optional(),
    hookSpecificOutput: HookSpecificOutputSchema.optional(),
  }),
);
export type SyncHookJSONOutput = z.infer<typeof SyncHookJSONOutputSchema>;

/** What a hook callback returns: the success payload of a `hook_callback` control response. */
export const HookJSONOutputSchema = lazySchema(() =>
  z.union([AsyncHookJSONOutputSchema, SyncHookJSONOutputSchema]),
);
export type HookJSONOutput = z.infer<typeof HookJSONOutputSchema>;
