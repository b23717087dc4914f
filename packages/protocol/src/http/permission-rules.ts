import { z } from "zod";
import { PermissionBehaviorSchema } from "../sdk/enums.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IdSchema, TimestampMsSchema } from "./common.ts";

/**
 * What a per-project permission rule says: `tool` (`Edit`, `Bash`, an MCP tool), an optional `pattern`
 * (a project-relative path glob for file tools, a command prefix for `Bash`) and `allow`, `deny` or `ask`.
 */
export const PermissionRuleSpecSchema = lazySchema(() =>
  z.looseObject({
    tool: z.string().trim().min(1).max(200),
    pattern: z.string().trim().min(1).max(1000).optional(),
    behavior: PermissionBehaviorSchema,
  }),
);
export type PermissionRuleSpec = z.infer<typeof PermissionRuleSpecSchema>;

/** Where a stored rule came from: the rules API, or an "Always allow" answer to an approval. */
export const PermissionRuleSourceSchema = lazySchema(() => z.enum(["api", "approval"]));
export type PermissionRuleSource = z.infer<typeof PermissionRuleSourceSchema>;

/** A rule as the project stores it. */
export const PermissionRuleRecordSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    tool: z.string(),
    pattern: z.string().optional(),
    behavior: PermissionBehaviorSchema,
    source: PermissionRuleSourceSchema,
    created_at_ms: TimestampMsSchema,
  }),
);
export type PermissionRuleRecord = z.infer<typeof PermissionRuleRecordSchema>;

/** `GET /api/permission-rules`: the project's rules, oldest first. */
export const PermissionRuleListSchema = lazySchema(() =>
  z.looseObject({ rules: z.array(PermissionRuleRecordSchema) }),
);
export type PermissionRuleList = z.infer<typeof PermissionRuleListSchema>;

/** `POST /api/permission-rules`: adds a rule (an identical one is returned instead of duplicated). */
export const CreatePermissionRuleRequestSchema = PermissionRuleSpecSchema;
export type CreatePermissionRuleRequest = z.infer<typeof CreatePermissionRuleRequestSchema>;

/** Path parameters of `DELETE /api/permission-rules/:rule_id`. */
export const PermissionRuleParamsSchema = lazySchema(() => z.looseObject({ rule_id: IdSchema }));

/** `DELETE /api/permission-rules/:rule_id` result. */
export const PermissionRuleDeletedSchema = lazySchema(() =>
  z.looseObject({ deleted: z.literal(true), rule_id: z.string() }),
);
export type PermissionRuleDeleted = z.infer<typeof PermissionRuleDeletedSchema>;
