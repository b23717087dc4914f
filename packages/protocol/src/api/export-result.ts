import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import type { ChatHistoryResponse } from "./chat-history-response.ts";
import { HistoryMessageSchema, historyMessageToFrontend } from "./history-message.ts";

/** The outcome of exporting a session's history from an agent CLI (seed 003 `ExportResult`). */
export const ExportResultSchema = lazySchema(() =>
  z.looseObject({
    success: z.boolean(),
    session_id: z.string(),
    messages: z.array(HistoryMessageSchema),
    error_message: z.string().nullable().optional(),
  }),
);
export type ExportResult = z.infer<typeof ExportResultSchema>;

/** The frontend's ChatHistoryResponse for an export; the caller reports `success: false` as an error first. */
export function exportResultToFrontend(result: ExportResult): ChatHistoryResponse {
  return { sessionId: result.session_id, messages: result.messages.map(historyMessageToFrontend) };
}
