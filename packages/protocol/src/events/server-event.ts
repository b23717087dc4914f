import { z } from "zod";
import { type DecodeResult, decodeWith } from "../shared/decode-result.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { AgentStatusEventSchema } from "./agent-status-event.ts";
import { AskUserEventSchema } from "./ask-user-event.ts";
import { ChangeReportEventSchema } from "./change-report-event.ts";
import { ContextUpdateEventSchema } from "./context-update-event.ts";
import { ContextUsageEventSchema } from "./context-usage-event.ts";
import { IdlePromptTriggeredEventSchema } from "./idle-prompt-triggered-event.ts";
import { MessageEventSchema } from "./message-event.ts";
import { ModelFallbackEventSchema } from "./model-fallback-event.ts";
import { OutcomeEventSchema } from "./outcome-event.ts";
import { PlanUpdateEventSchema } from "./plan-update-event.ts";
import { QueueUpdatedEventSchema } from "./queue-updated-event.ts";
import { ResyncEventSchema } from "./resync-event.ts";
import { StateUpdatedEventSchema } from "./state-updated-event.ts";
import { SubagentResultEventSchema } from "./subagent-result-event.ts";
import { SubagentSpawnedEventSchema } from "./subagent-spawned-event.ts";
import { TextSegmentEventSchema } from "./text-segment-event.ts";
import { TokenEventSchema } from "./token-event.ts";
import { ToolProgressEventSchema } from "./tool-progress-event.ts";

/** Every event the server emits on its bus (seed 002's `ServerEvent` enum), told apart by `type`. */
export const ServerEventSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    TokenEventSchema,
    MessageEventSchema,
    AgentStatusEventSchema,
    SubagentSpawnedEventSchema,
    SubagentResultEventSchema,
    QueueUpdatedEventSchema,
    OutcomeEventSchema,
    ContextUsageEventSchema,
    ContextUpdateEventSchema,
    ChangeReportEventSchema,
    StateUpdatedEventSchema,
    PlanUpdateEventSchema,
    IdlePromptTriggeredEventSchema,
    TextSegmentEventSchema,
    AskUserEventSchema,
    ModelFallbackEventSchema,
    ToolProgressEventSchema,
    ResyncEventSchema,
  ]),
);
export type ServerEvent = z.infer<typeof ServerEventSchema>;

/** The `type` discriminator of a server event, e.g. `"Token"`. */
export type ServerEventType = ServerEvent["type"];

/** Decodes an untrusted value into a ServerEvent without throwing; unknown fields are kept. */
export function decodeServerEvent(input: unknown): DecodeResult<ServerEvent> {
  return decodeWith(ServerEventSchema, input);
}
