import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import {
  PermissionBehaviorSchema,
  PermissionDecisionClassificationSchema,
  PermissionModeSchema,
  PermissionUpdateDestinationSchema,
} from "./enums.ts";

/** A permission rule: a tool name and, optionally, what it applies to (e.g. `Bash` + `npm test`). */
export const PermissionRuleValueSchema = lazySchema(() =>
  z.looseObject({
    toolName: z.string(),
    ruleContent: z.string().optional(),
  }),
);
export type PermissionRuleValue = z.infer<typeof PermissionRuleValueSchema>;

const rulesUpdate = <const T extends string>(type: T) =>
  z.looseObject({
    type: z.literal(type),
    rules: z.array(PermissionRuleValueSchema),
    behavior: PermissionBehaviorSchema,
    destination: PermissionUpdateDestinationSchema,
  });
const directoriesUpdate = <const T extends string>(type: T) =>
  z.looseObject({
    type: z.literal(type),
    directories: z.array(z.string()),
    destination: PermissionUpdateDestinationSchema,
  });

/** A change to the permission settings: add/replace/remove rules, set the mode, add/remove directories. */
export const PermissionUpdateSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    rulesUpdate("addRules"),
    rulesUpdate("replaceRules"),
    rulesUpdate("removeRules"),
    z.looseObject({
      type: z.literal("setMode"),
      mode: PermissionModeSchema,
      destination: PermissionUpdateDestinationSchema,
    }),
    directoriesUpdate("addDirectories"),
    directoriesUpdate("removeDirectories"),
  ]),
);
export type PermissionUpdate = z.infer<typeof PermissionUpdateSchema>;

/** Allow a tool call, optionally with edited input and permission updates to remember. */
export const PermissionResultAllowSchema = lazySchema(() =>
  z.looseObject({
    behavior: z.literal("allow"),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
    updatedPermissions: z.array(PermissionUpdateSchema).optional(),
    toolUseID: z.string().optional(),
    decisionClassification: PermissionDecisionClassificationSchema.optional(),
  }),
);
export type PermissionResultAllow = z.infer<typeof PermissionResultAllowSchema>;

/** Deny a tool call with a message for the model; `interrupt` also stops the turn. */
export const PermissionResultDenySchema = lazySchema(() =>
  z.looseObject({
    behavior: z.literal("deny"),
    message: z.string(),
    interrupt: z.boolean().optional(),
    toolUseID: z.string().optional(),
    decisionClassification: PermissionDecisionClassificationSchema.optional(),
  }),
);
export type PermissionResultDeny = z.infer<typeof PermissionResultDenySchema>;

/** The host's answer to a `can_use_tool` request (the success payload of its control response). */
export const PermissionResultSchema = lazySchema(() =>
  z.discriminatedUnion("behavior", [PermissionResultAllowSchema, PermissionResultDenySchema]),
);
export type PermissionResult = z.infer<typeof PermissionResultSchema>;

/** Which MCP server a tool belongs to, and where that server was configured. */
export const McpServerProvenanceSchema = lazySchema(() =>
  z.looseObject({ name: z.string(), source: z.string() }),
);
export type McpServerProvenance = z.infer<typeof McpServerProvenanceSchema>;

/** What `canUseTool` is told besides the tool name and input (mirrors the `can_use_tool` request). */
export interface CanUseToolOptions {
  signal: AbortSignal;
  suggestions?: PermissionUpdate[];
  blockedPath?: string;
  mcpServer?: McpServerProvenance;
  decisionReason?: string;
  title?: string;
  displayName?: string;
  description?: string;
  defaultToNo?: boolean;
  suppressAlwaysAllowRule?: boolean;
  toolUseID: string;
  agentID?: string;
  requestId: string;
  matchedAskRule?: { source: string; toolName: string; ruleContent?: string };
}

/** The host's permission callback. Returning `null` sends no answer (another party will). */
export type CanUseTool = (
  toolName: string,
  input: Record<string, unknown>,
  options: CanUseToolOptions,
) => Promise<PermissionResult | null>;
