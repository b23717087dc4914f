import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";
import { SdkPluginConfigSchema } from "../mcp-server-config.ts";

// Host → CLI requests about settings, permissions rules, plugins, skills and output styles.

const bare = <const S extends string>(subtype: S) => z.looseObject({ subtype: z.literal(subtype) });

/** `apply_flag_settings`: overlay settings as if given by `--settings`. */
export const SDKControlApplyFlagSettingsRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("apply_flag_settings"),
    settings: z.record(z.string(), z.unknown()),
  }),
);
export type SDKControlApplyFlagSettingsRequest = z.infer<typeof SDKControlApplyFlagSettingsRequestSchema>;

/** `get_settings`: the effective settings and each source's settings. */
export const SDKControlGetSettingsRequestSchema = lazySchema(() => bare("get_settings"));
export type SDKControlGetSettingsRequest = z.infer<typeof SDKControlGetSettingsRequestSchema>;

/** `get_hooks_listing`: every configured hook, for a hooks dialog. */
export const SDKControlGetHooksListingRequestSchema = lazySchema(() => bare("get_hooks_listing"));
export type SDKControlGetHooksListingRequest = z.infer<typeof SDKControlGetHooksListingRequestSchema>;

/** `update_settings`: write settings to the user or local settings file. */
export const SDKControlUpdateSettingsRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("update_settings"),
    source: z.enum(["localSettings", "userSettings"]),
    settings: z.record(z.string(), z.unknown()),
  }),
);
export type SDKControlUpdateSettingsRequest = z.infer<typeof SDKControlUpdateSettingsRequestSchema>;

/** `list_permission_rules`: every permission rule in effect and where it comes from. */
export const SDKControlListPermissionRulesRequestSchema = lazySchema(() => bare("list_permission_rules"));
export type SDKControlListPermissionRulesRequest = z.infer<typeof SDKControlListPermissionRulesRequestSchema>;

/** `reload_plugins`: reload plugins, optionally adding some. */
export const SDKControlReloadPluginsRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("reload_plugins"),
    hold_on_cache_impact: z.boolean().optional(),
    add_plugins: z.array(SdkPluginConfigSchema).optional(),
    refuse_if_busy: z.boolean().optional(),
  }),
);
export type SDKControlReloadPluginsRequest = z.infer<typeof SDKControlReloadPluginsRequestSchema>;

/** `reload_skills`: rescan skills. */
export const SDKControlReloadSkillsRequestSchema = lazySchema(() => bare("reload_skills"));
export type SDKControlReloadSkillsRequest = z.infer<typeof SDKControlReloadSkillsRequestSchema>;

/** `reload_output_styles`: rescan output styles. */
export const SDKControlReloadOutputStylesRequestSchema = lazySchema(() => bare("reload_output_styles"));
export type SDKControlReloadOutputStylesRequest = z.infer<typeof SDKControlReloadOutputStylesRequestSchema>;
