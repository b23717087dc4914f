import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * What an `mcpServers` entry makes Parley run or reach, as written in its file (no `${VAR}` expanded): what
 * a person consents to. Header values keep their `${VAR}` references and mask literal text (•••): which of
 * the person's variables leave for the URL decides consent; a credential written into the file does not,
 * and a card should not put it on screen. Fields of the wrong type are left out here (the entry fails).
 */
export const McpServerLaunchSchema = lazySchema(() =>
  z.looseObject({
    transport: z.enum(["stdio", "http", "sse", "unknown"]),
    command: z.string().optional(),
    args: z.array(z.string()).optional(),
    /** Variables the program gets, as written (`NODE_OPTIONS` changes what `node` runs). */
    env: z.record(z.string(), z.string()).optional(),
    /** The directory a stdio server runs in: the project's root (an entry cannot choose another). */
    cwd: z.string().optional(),
    url: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    /** Keys of the entry Parley does not use (`cwd`, `description`, …), so nothing in it goes unseen. */
    ignored_fields: z.array(z.string()).optional(),
  }),
);
export type McpServerLaunch = z.infer<typeof McpServerLaunchSchema>;

/** A variable an entry reads from the person's environment through `${VAR}`. */
export const McpEntryVariableSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    /** Where the entry reads it: `command`, `args`, `env.NAME`, `url`, `headers.NAME`. */
    fields: z.array(z.string()),
    /** Whether the environment Parley was started with sets it. */
    set: z.boolean(),
    /** One of Parley's own secrets: a project's entry never gets it (it expands as if unset). */
    withheld: z.boolean(),
  }),
);
export type McpEntryVariable = z.infer<typeof McpEntryVariableSchema>;

/** One field of an entry that changed since the person approved it (`before` absent: added; `after`: removed). */
export const McpConsentChangeSchema = lazySchema(() =>
  z.looseObject({
    /** `command`, `args`, `type`, `url`, `env.NAME`, `headers.NAME`, or another key of the entry. */
    field: z.string(),
    before: z.unknown().optional(),
    after: z.unknown().optional(),
  }),
);
export type McpConsentChange = z.infer<typeof McpConsentChangeSchema>;

/** A SHA-256 digest of an entry as written: the exact entry a decision is about. */
export const McpEntryDigestSchema = lazySchema(() =>
  z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 digest in hex"),
);

/**
 * The person's decision about a project's entry as it is now: approved (it may start), rejected (it stays off
 * and quiet until it changes), or pending (never approved, or changed since: `changes` says how).
 */
export const McpServerConsentSchema = lazySchema(() =>
  z.looseObject({
    decision: z.enum(["pending", "approved", "rejected"]),
    /** The entry this view shows; approve and reject name it, so a decision is about what was seen. */
    digest: McpEntryDigestSchema,
    /** Field by field, what changed since the person last approved this server; absent if never approved. */
    changes: z.array(McpConsentChangeSchema).optional(),
  }),
);
export type McpServerConsent = z.infer<typeof McpServerConsentSchema>;

/** `POST /api/mcp/servers/:name/approve` and `/reject`: the entry (as shown) the decision is about. */
export const McpServerDecisionRequestSchema = lazySchema(() =>
  z.looseObject({ digest: McpEntryDigestSchema }),
);
export type McpServerDecisionRequest = z.infer<typeof McpServerDecisionRequestSchema>;
