import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";

// Host → CLI requests that read state (and a few that seed it).

const bare = <const S extends string>(subtype: S) => z.looseObject({ subtype: z.literal(subtype) });

/** `get_context_usage`: how full the context window is. */
export const SDKControlGetContextUsageRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("get_context_usage"),
    detail: z.enum(["summary", "full"]).optional(),
  }),
);
export type SDKControlGetContextUsageRequest = z.infer<typeof SDKControlGetContextUsageRequestSchema>;

/** `get_session_cost`: the session's cost as formatted text. */
export const SDKControlGetSessionCostRequestSchema = lazySchema(() => bare("get_session_cost"));
export type SDKControlGetSessionCostRequest = z.infer<typeof SDKControlGetSessionCostRequestSchema>;

/** `list_models`: the model catalog. */
export const SDKControlListModelsRequestSchema = lazySchema(() => bare("list_models"));
export type SDKControlListModelsRequest = z.infer<typeof SDKControlListModelsRequestSchema>;

/** `get_usage`: session usage and rate limits (experimental). */
export const SDKControlGetUsageRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("get_usage"),
    skip_behaviors: z.boolean().optional(),
  }),
);
export type SDKControlGetUsageRequest = z.infer<typeof SDKControlGetUsageRequestSchema>;

/** `get_binary_version`: the CLI's version. */
export const SDKControlGetBinaryVersionRequestSchema = lazySchema(() => bare("get_binary_version"));
export type SDKControlGetBinaryVersionRequest = z.infer<typeof SDKControlGetBinaryVersionRequestSchema>;

/** `file_suggestions`: file paths matching a query (for @-mentions). */
export const SDKControlFileSuggestionsRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("file_suggestions"),
    query: z.string(),
  }),
);
export type SDKControlFileSuggestionsRequest = z.infer<typeof SDKControlFileSuggestionsRequestSchema>;

/** `read_file`: read a file through the CLI (errors come back as an error response). */
export const SDKControlReadFileRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("read_file"),
    path: z.string(),
    max_bytes: z.number().optional(),
    encoding: z.enum(["utf-8", "base64"]).optional(),
  }),
);
export type SDKControlReadFileRequest = z.infer<typeof SDKControlReadFileRequestSchema>;

/** `seed_read_state`: tell the CLI the host already read a file at a given mtime. */
export const SDKControlSeedReadStateRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("seed_read_state"),
    path: z.string(),
    mtime: z.number(),
  }),
);
export type SDKControlSeedReadStateRequest = z.infer<typeof SDKControlSeedReadStateRequestSchema>;

/** `register_repo_root`: add a repository root, optionally reloading CLAUDE.md, plugins and skills. */
export const SDKControlRegisterRepoRootRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("register_repo_root"),
    directory: z.string(),
    reload_claude_md: z.boolean().optional(),
    reload_plugins: z.boolean().optional(),
    reload_skills: z.boolean().optional(),
  }),
);
export type SDKControlRegisterRepoRootRequest = z.infer<typeof SDKControlRegisterRepoRootRequestSchema>;
