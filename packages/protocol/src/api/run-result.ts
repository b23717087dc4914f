import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { isoFromEpochMs } from "../shared/timestamps.ts";
import type { AgentReply } from "./agent-reply.ts";
import { ResponsePartSchema, responsePartToFrontend } from "./response-part.ts";

/** The outcome of running one message through an agent CLI (seed 003 `RunResult`). */
export const RunResultSchema = lazySchema(() =>
  z.looseObject({
    success: z.boolean(),
    /** The CLI's session id, to continue the conversation; `null` when the run never got one. */
    session_id: z.string().nullable(),
    response_parts: z.array(ResponsePartSchema),
    error_message: z.string().nullable(),
    /** The model the CLI reported it answered with (its own id), when it says. */
    model: z.string().nullable().optional(),
  }),
);
export type RunResult = z.infer<typeof RunResultSchema>;

/**
 * Seed 003's `RunResult.combined_response`: the error message of a failed run when there is one,
 * otherwise the non-empty part texts joined by a blank line.
 */
export function combinedResponse(result: RunResult): string {
  if (!result.success && result.error_message) return result.error_message;
  return result.response_parts
    .filter((part) => part.text)
    .map((part) => part.text)
    .join("\n\n");
}

/** The user message an AgentReply answers: its id, when it was sent (epoch ms) and, optionally, its text. */
export interface AgentReplyRequest {
  messageId: string;
  sentAtMs: number;
  prompt?: string;
}

/**
 * Builds the frontend's AgentReply for a run: `response` is the combined response, `responses` every part
 * in frontend format (empty ones included), `sessionId` the run's session when it has one.
 */
export function runResultToAgentReply(result: RunResult, request: AgentReplyRequest): AgentReply {
  const reply: AgentReply = {
    messageId: request.messageId,
    sent: isoFromEpochMs(request.sentAtMs),
    response: combinedResponse(result),
  };
  if (request.prompt !== undefined) reply.prompt = request.prompt;
  reply.responses = result.response_parts.map(responsePartToFrontend);
  if (result.session_id) reply.sessionId = result.session_id;
  return reply;
}
