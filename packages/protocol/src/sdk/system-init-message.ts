import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import {
  ApiKeySourceSchema,
  EffortLevelSchema,
  FastModeDisabledReasonSchema,
  FastModeStateSchema,
  PermissionModeSchema,
} from "./enums.ts";
import { systemMessageShape } from "./message-identity.ts";

/**
 * `system`/`init`, emitted at the start of every turn: the session's tools, MCP servers, model,
 * permission mode, commands, skills and plugins. The CLI adds undeclared fields (kept on decode).
 */
export const SDKSystemMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("init"),
    agents: z.array(z.string()).optional(),
    apiKeySource: ApiKeySourceSchema,
    betas: z.array(z.string()).optional(),
    claude_code_version: z.string(),
    cwd: z.string(),
    tools: z.array(z.string()),
    mcp_servers: z.array(
      z.looseObject({ name: z.string(), status: z.string(), source: z.string().optional() }),
    ),
    model: z.string(),
    permissionMode: PermissionModeSchema,
    slash_commands: z.array(z.string()),
    terminal_slash_commands: z.array(z.string()).optional(),
    output_style: z.string(),
    skills: z.array(z.string()),
    plugins: z.array(z.looseObject({ name: z.string(), path: z.string(), version: z.string().optional() })),
    plugin_errors: z
      .array(
        z.looseObject({
          plugin: z.string(),
          type: z.string(),
          message: z.string(),
          path: z.string().optional(),
          managed_lock: z
            .looseObject({
              plugin_enabled: z.boolean(),
              name: z.string(),
              marketplace: z.string().optional(),
            })
            .optional(),
        }),
      )
      .optional(),
    fast_mode_state: FastModeStateSchema.optional(),
    fast_mode_disabled_reason: FastModeDisabledReasonSchema.optional(),
    effort: EffortLevelSchema.nullish(),
    view_mode: z.enum(["focus", "default"]).optional(),
    capabilities: z.array(z.string()).optional(),
  }),
);
export type SDKSystemMessage = z.infer<typeof SDKSystemMessageSchema>;
