import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import type { ElicitationResult, UserDialogResult } from "./control/response-payloads.ts";

// Shapes the SDK hands to host callbacks and objects, plus the TypeScript types of those callbacks.
// Functions and live objects are not JSON: QueryOptions models them with `z.custom`.

/** An MCP server's request for input, as `onElicitation` receives it. */
export const ElicitationRequestSchema = lazySchema(() =>
  z.looseObject({
    serverName: z.string(),
    message: z.string(),
    mode: z.enum(["form", "url"]).optional(),
    url: z.string().optional(),
    elicitationId: z.string().optional(),
    requestedSchema: z.record(z.string(), z.unknown()).optional(),
    title: z.string().optional(),
    displayName: z.string().optional(),
    description: z.string().optional(),
  }),
);
export type ElicitationRequest = z.infer<typeof ElicitationRequestSchema>;

/** A dialog the CLI asks the host to show, as `onUserDialog` receives it. */
export const UserDialogRequestSchema = lazySchema(() =>
  z.looseObject({
    dialogKind: z.string(),
    payload: z.record(z.string(), z.unknown()),
    toolUseID: z.string().optional(),
  }),
);
export type UserDialogRequest = z.infer<typeof UserDialogRequestSchema>;

/** Answers MCP elicitations; returning `null` sends no answer. */
export type OnElicitation = (
  request: ElicitationRequest,
  options: { signal: AbortSignal; requestId: string },
) => Promise<ElicitationResult | null>;

/** Answers CLI dialogs; returning `null` sends no answer. */
export type OnUserDialog = (
  request: UserDialogRequest,
  options: { signal: AbortSignal; requestId: string },
) => Promise<UserDialogResult | null>;

/** Identifies one transcript in a host session store. */
export const SessionKeySchema = lazySchema(() =>
  z.looseObject({
    projectKey: z.string(),
    sessionId: z.string(),
    subpath: z.string().optional(),
  }),
);
export type SessionKey = z.infer<typeof SessionKeySchema>;

/** One transcript entry in a host session store. */
export const SessionStoreEntrySchema = lazySchema(() =>
  z.looseObject({
    type: z.string(),
    uuid: z.string().optional(),
    timestamp: z.string().optional(),
  }),
);
export type SessionStoreEntry = z.infer<typeof SessionStoreEntrySchema>;

/** A session summary kept by a host session store. */
export const SessionSummaryEntrySchema = lazySchema(() =>
  z.looseObject({
    sessionId: z.string(),
    mtime: z.number(),
    data: z.record(z.string(), z.unknown()),
  }),
);
export type SessionSummaryEntry = z.infer<typeof SessionSummaryEntrySchema>;

/** Host storage the SDK mirrors transcripts into (`--session-mirror`). */
export interface SessionStore {
  append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void>;
  load(key: SessionKey): Promise<SessionStoreEntry[] | null>;
  listSessions?(projectKey: string): Promise<Array<{ sessionId: string; mtime: number }>>;
  listSessionSummaries?(projectKey: string): Promise<SessionSummaryEntry[]>;
  delete?(key: SessionKey): Promise<void>;
  listSubkeys?(key: { projectKey: string; sessionId: string }): Promise<string[]>;
}

/** What a custom spawner is asked to start: the CLI command, its argv, cwd and environment. */
export interface SpawnOptions {
  command: string;
  args: string[];
  cwd?: string;
  env: { [name: string]: string | undefined };
  signal: AbortSignal;
}

/**
 * The process a custom spawner returns. Streams are typed loosely because this package is
 * browser-safe; the official SDK expects Node's `Writable`/`Readable`.
 */
export interface SpawnedProcess {
  stdin: unknown;
  stdout: unknown;
  readonly killed: boolean;
  readonly exitCode: number | null;
  kill(signal: string): boolean;
  on(event: "exit" | "error", listener: (...args: never[]) => void): void;
  once(event: "exit" | "error", listener: (...args: never[]) => void): void;
  off(event: "exit" | "error", listener: (...args: never[]) => void): void;
}
