import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { isoFromEpochMs } from "../shared/timestamps.ts";
import { type AgentResponsePart, ResponsePartTypeSchema } from "./agent-response-part.ts";
import { EpochMillisecondsSchema } from "./epoch-milliseconds.ts";
import { ResponsePartToolSchema } from "./response-part-tool.ts";

/** One part of an agent CLI's answer, as an AgentCLI adapter returns it (seed 003 `ResponsePart`). */
export const ResponsePartSchema = lazySchema(() =>
  z.looseObject({
    text: z.string(),
    /** When the part was produced, in epoch milliseconds; `null` when the CLI did not say. */
    timestamp: EpochMillisecondsSchema.nullable(),
    part_type: ResponsePartTypeSchema,
    part_id: z.string().nullable().optional(),
    call_id: z.string().nullable().optional(),
    /** For a `tool` part: the tool, its input and (once known) its output. */
    tool: ResponsePartToolSchema.optional(),
  }),
);
export type ResponsePart = z.infer<typeof ResponsePartSchema>;

/**
 * Seed 003's `ResponsePart.to_frontend_format`: keeps empty text, adds `timestamp` unless it is null
 * (0 is a real time), and omits `partId`/`callId` when empty or null.
 */
export function responsePartToFrontend(part: ResponsePart): AgentResponsePart {
  const result: AgentResponsePart = { text: part.text, type: part.part_type };
  if (part.timestamp !== null) result.timestamp = isoFromEpochMs(part.timestamp);
  if (part.part_id) result.partId = part.part_id;
  if (part.call_id) result.callId = part.call_id;
  return result;
}
