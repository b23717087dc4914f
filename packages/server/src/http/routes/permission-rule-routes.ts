import {
  CreatePermissionRuleRequestSchema,
  PermissionRuleDeletedSchema,
  PermissionRuleListSchema,
  PermissionRuleParamsSchema,
  PermissionRuleRecordSchema,
  ProjectRootQuerySchema,
} from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";
import { requireProject } from "./project.ts";

/**
 * The project's permission rules (allow / deny / ask by tool and pattern). Only this authenticated API and
 * a person's "Always allow" change them; no agent tool can.
 */
export function permissionRuleRoutes(context: ServerContext): RouteDefinition[] {
  const { store, bus, now } = context;
  const rulesChanged = () =>
    bus.publish({
      type: "StateUpdated",
      reason: "permission_rules_changed",
      project_root: context.projectRoot,
    });
  // A `Read` rule decides which command files and skills are read, and a typed `/name` is expanded over the
  // last read: read them again before answering, so the next message cannot reach a file just denied.
  const commandsReadAgain = () =>
    context.customCommands.refresh().then(
      () => {},
      () => {},
    );
  return [
    defineRoute({
      method: "get",
      path: "/api/permission-rules",
      summary: "The project's permission rules, oldest first",
      tag: "permissions",
      query: ProjectRootQuerySchema,
      response: PermissionRuleListSchema,
      handler: ({ query }) => ({
        rules: store.permissionRules.list(requireProject(context.projectRoot, query.project_root)),
      }),
    }),
    defineRoute({
      method: "post",
      path: "/api/permission-rules",
      summary: "Add a rule (an identical rule is returned, not duplicated); it applies to the next tool call",
      tag: "permissions",
      body: CreatePermissionRuleRequestSchema,
      response: PermissionRuleRecordSchema,
      status: 201,
      handler: async ({ body }) => {
        const rule = store.transaction(() => {
          const { rule, created } = store.permissionRules.add(
            context.projectRoot,
            {
              tool: body.tool,
              behavior: body.behavior,
              ...(body.pattern !== undefined && { pattern: body.pattern }),
            },
            { id: context.newId("rule"), source: "api", nowMs: now() },
          );
          if (created) rulesChanged();
          return rule;
        });
        await commandsReadAgain();
        return rule;
      },
    }),
    defineRoute({
      method: "delete",
      path: "/api/permission-rules/:rule_id",
      summary: "Remove a rule",
      tag: "permissions",
      params: PermissionRuleParamsSchema,
      response: PermissionRuleDeletedSchema,
      handler: async ({ params }) => {
        store.transaction(() => {
          if (!store.permissionRules.delete(context.projectRoot, params.rule_id))
            throw ApiError.notFound("permission rule", params.rule_id);
          rulesChanged();
        });
        await commandsReadAgain();
        return { deleted: true as const, rule_id: params.rule_id };
      },
    }),
  ];
}
