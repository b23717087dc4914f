import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { systemMessageShape } from "./message-identity.ts";
import { SlashCommandSchema } from "./slash-command.ts";

/** `system`/`files_persisted`: files uploaded to the Files API, and those that failed. */
export const SDKFilesPersistedEventSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("files_persisted"),
    files: z.array(z.looseObject({ filename: z.string(), file_id: z.string() })),
    failed: z.array(z.looseObject({ filename: z.string(), error: z.string() })),
    processed_at: z.string(),
  }),
);
export type SDKFilesPersistedEvent = z.infer<typeof SDKFilesPersistedEventSchema>;

/** `system`/`commands_changed`: the slash commands on offer changed (replaces the initialize list). */
export const SDKCommandsChangedMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("commands_changed"),
    commands: z.array(SlashCommandSchema),
  }),
);
export type SDKCommandsChangedMessage = z.infer<typeof SDKCommandsChangedMessageSchema>;

/** `system`/`mirror_error`: the SDK could not mirror the transcript into the host's session store. */
export const SDKMirrorErrorMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("mirror_error"),
    error: z.string(),
    key: z.looseObject({ projectKey: z.string(), sessionId: z.string(), subpath: z.string().optional() }),
  }),
);
export type SDKMirrorErrorMessage = z.infer<typeof SDKMirrorErrorMessageSchema>;

/** `system`/`session_writes_lost`: the disk is full, so transcript or config writes were lost. */
export const SDKSessionWritesLostMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("session_writes_lost"),
    error_code: z.enum(["ENOSPC", "EDQUOT"]),
    lost: z.array(z.enum(["transcript", "global_config"])),
    transcript_session_ids: z.array(z.string()).optional(),
  }),
);
export type SDKSessionWritesLostMessage = z.infer<typeof SDKSessionWritesLostMessageSchema>;
