import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { systemMessageShape } from "./message-identity.ts";

const hookFields = () => ({ hook_id: z.string(), hook_name: z.string(), hook_event: z.string() });

/** `system`/`hook_started`: a configured hook began (with `--include-hook-events`). */
export const SDKHookStartedMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("hook_started"),
    ...hookFields(),
  }),
);
export type SDKHookStartedMessage = z.infer<typeof SDKHookStartedMessageSchema>;

/** `system`/`hook_progress`: output a running hook has produced so far. */
export const SDKHookProgressMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("hook_progress"),
    ...hookFields(),
    stdout: z.string(),
    stderr: z.string(),
    output: z.string(),
  }),
);
export type SDKHookProgressMessage = z.infer<typeof SDKHookProgressMessageSchema>;

/** `system`/`hook_response`: a hook finished, with its output, exit code and outcome. */
export const SDKHookResponseMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("hook_response"),
    ...hookFields(),
    output: z.string(),
    stdout: z.string(),
    stderr: z.string(),
    exit_code: z.number().optional(),
    outcome: z.enum(["success", "error", "cancelled"]),
  }),
);
export type SDKHookResponseMessage = z.infer<typeof SDKHookResponseMessageSchema>;

/** `system`/`plugin_install`: progress of a plugin installation. */
export const SDKPluginInstallMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("plugin_install"),
    status: z.enum(["started", "installed", "failed", "completed"]),
    name: z.string().optional(),
    error: z.string().optional(),
  }),
);
export type SDKPluginInstallMessage = z.infer<typeof SDKPluginInstallMessageSchema>;
