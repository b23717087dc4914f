import type { z } from "zod";
import {
  ActivityLifecycleSchema,
  AgentStatusEventSchema,
  AgentStatusKindSchema,
} from "./agent-status-event.ts";
import { AskUserEventSchema } from "./ask-user-event.ts";
import { AskUserOptionSchema, AskUserQuestionSchema, AskUserSeveritySchema } from "./ask-user-question.ts";
import {
  ChangedFileSchema,
  ChangeReportEventSchema,
  FileChangeKindSchema,
  NotRestoredFileSchema,
  RewindMarkSchema,
} from "./change-report-event.ts";
import { ContextUpdateEventSchema } from "./context-update-event.ts";
import { ContextUsageEventSchema } from "./context-usage-event.ts";
import { EventRoutingSchema } from "./event-routing.ts";
import { IdlePromptTriggeredEventSchema } from "./idle-prompt-triggered-event.ts";
import { MessageEventRoleSchema, MessageEventSchema } from "./message-event.ts";
import { ModelFallbackEventSchema } from "./model-fallback-event.ts";
import { OutcomeEventSchema } from "./outcome-event.ts";
import { PlanUpdateEventSchema } from "./plan-update-event.ts";
import { QueuedMessageSchema, QueueUpdatedEventSchema } from "./queue-updated-event.ts";
import { ResyncEventSchema } from "./resync-event.ts";
import { RunOutcomeSchema } from "./run-outcome.ts";
import { ServerEventSchema } from "./server-event.ts";
import { StateUpdatedEventSchema } from "./state-updated-event.ts";
import { SubagentResultEventSchema } from "./subagent-result-event.ts";
import { SubagentSpawnedEventSchema } from "./subagent-spawned-event.ts";
import { TextSegmentEventSchema } from "./text-segment-event.ts";
import { TokenEventSchema } from "./token-event.ts";
import { ToolOutputStreamSchema, ToolProgressEventSchema } from "./tool-progress-event.ts";
import { AnyUiSseMessageSchema, UiSseKindSchema, UiSseMessageSchema } from "./ui-sse-message.ts";

/** Every public schema of the server-event family (seed 002) under a stable name, for JSON Schema export. */
export const eventsPublicSchemas = {
  ServerEvent: ServerEventSchema,
  TokenEvent: TokenEventSchema,
  MessageEvent: MessageEventSchema,
  MessageEventRole: MessageEventRoleSchema,
  AgentStatusEvent: AgentStatusEventSchema,
  AgentStatusKind: AgentStatusKindSchema,
  ActivityLifecycle: ActivityLifecycleSchema,
  SubagentSpawnedEvent: SubagentSpawnedEventSchema,
  SubagentResultEvent: SubagentResultEventSchema,
  QueueUpdatedEvent: QueueUpdatedEventSchema,
  QueuedMessage: QueuedMessageSchema,
  OutcomeEvent: OutcomeEventSchema,
  RunOutcome: RunOutcomeSchema,
  ContextUsageEvent: ContextUsageEventSchema,
  ContextUpdateEvent: ContextUpdateEventSchema,
  ChangeReportEvent: ChangeReportEventSchema,
  ChangedFile: ChangedFileSchema,
  FileChangeKind: FileChangeKindSchema,
  NotRestoredFile: NotRestoredFileSchema,
  RewindMark: RewindMarkSchema,
  StateUpdatedEvent: StateUpdatedEventSchema,
  PlanUpdateEvent: PlanUpdateEventSchema,
  IdlePromptTriggeredEvent: IdlePromptTriggeredEventSchema,
  TextSegmentEvent: TextSegmentEventSchema,
  AskUserEvent: AskUserEventSchema,
  AskUserQuestion: AskUserQuestionSchema,
  AskUserOption: AskUserOptionSchema,
  AskUserSeverity: AskUserSeveritySchema,
  ModelFallbackEvent: ModelFallbackEventSchema,
  ToolProgressEvent: ToolProgressEventSchema,
  ToolOutputStream: ToolOutputStreamSchema,
  ResyncEvent: ResyncEventSchema,
  EventRouting: EventRoutingSchema,
  UiSseMessage: UiSseMessageSchema,
  AnyUiSseMessage: AnyUiSseMessageSchema,
  UiSseKind: UiSseKindSchema,
} satisfies Record<string, z.ZodType>;
