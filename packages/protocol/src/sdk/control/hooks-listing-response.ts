import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";

/** A settings file that failed to parse. */
export const SDKSettingsParseErrorSchema = lazySchema(() =>
  z.looseObject({
    file: z.string().optional(),
    path: z.string(),
    message: z.string(),
  }),
);
export type SDKSettingsParseError = z.infer<typeof SDKSettingsParseErrorSchema>;

const eventSummary = () => ({ name: z.string(), summary: z.string(), supportsMatcher: z.boolean() });

/** The success payload of `get_hooks_listing`: configured hooks by event, and the policy over them. */
export const SDKControlGetHooksListingResponseSchema = lazySchema(() =>
  z.looseObject({
    events: z.array(z.looseObject({ ...eventSummary(), hookCount: z.number() })),
    hooks: z.array(
      z.looseObject({
        event: z.string(),
        matcher: z.string(),
        source: z.string(),
        sourceLabel: z.string(),
        pluginName: z.string().optional(),
        type: z.string(),
        displayText: z.string(),
        commandText: z.string(),
        contentLabel: z.string(),
        condition: z.string().optional(),
        timeout: z.number().optional(),
        statusMessage: z.string().optional(),
        runsOnce: z.boolean().optional(),
        runsInBackground: z.boolean().optional(),
        disabled: z.literal(true).optional(),
        editable: z
          .looseObject({
            matcher: z.string(),
            config: z.record(z.string(), z.unknown()),
            headersRedacted: z.literal(true).optional(),
          })
          .optional(),
      }),
    ),
    eventCatalog: z.array(z.looseObject(eventSummary())),
    policy: z.looseObject({
      disabledByPolicy: z.boolean(),
      managedOnly: z.boolean(),
      pluginOnly: z.boolean(),
      allDisabled: z.boolean(),
      policyHookCount: z.number(),
      policyUnreadable: z.literal(true).optional(),
    }),
    safeMode: z.looseObject({ managedHooksStillApply: z.boolean(), exitHint: z.string() }).optional(),
    bareMode: z.looseObject({ exitHint: z.string() }).optional(),
    errors: z.array(SDKSettingsParseErrorSchema).optional(),
  }),
);
export type SDKControlGetHooksListingResponse = z.infer<typeof SDKControlGetHooksListingResponseSchema>;

/** One permission rule and where it comes from. */
export const SDKPermissionRuleEntrySchema = lazySchema(() =>
  z.looseObject({
    behavior: z.enum(["allow", "deny", "ask"]),
    source: z.enum([
      "userSettings",
      "projectSettings",
      "localSettings",
      "flagSettings",
      "policySettings",
      "cliArg",
      "command",
      "session",
      "mcpMount",
      "toolsNarrowing",
      "mcpServerPolicy",
      "hostCredential",
    ]),
    rule: z.string(),
    description: z
      .looseObject({ prefix: z.string(), emphasis: z.string().optional(), suffix: z.string().optional() })
      .optional(),
    editability: z.enum(["persistent", "session", "readonly"]),
    notInEffect: z.boolean().optional(),
  }),
);
export type SDKPermissionRuleEntry = z.infer<typeof SDKPermissionRuleEntrySchema>;

/** Every permission rule and workspace directory in effect. */
export const SDKControlPermissionRulesStateSchema = lazySchema(() =>
  z.looseObject({
    rules: z.array(SDKPermissionRuleEntrySchema),
    workspaceDirectories: z.array(z.looseObject({ path: z.string(), source: z.string() })),
    originalCwd: z.string(),
    managedOnly: z.boolean(),
    errors: z.array(SDKSettingsParseErrorSchema).optional(),
    withheld: z.boolean().optional(),
  }),
);
export type SDKControlPermissionRulesState = z.infer<typeof SDKControlPermissionRulesStateSchema>;
