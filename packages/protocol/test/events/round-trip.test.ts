import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fromUiSseMessage } from "../../src/events/from-ui-sse-message.ts";
import { eventsPublicSchemas } from "../../src/events/public-schemas.ts";
import { decodeServerEvent, type ServerEventType } from "../../src/events/server-event.ts";
import { toUiSseMessage } from "../../src/events/to-ui-sse-message.ts";
import { decodeUiSseMessage } from "../../src/events/ui-sse-message.ts";
import { decodeWith } from "../../src/shared/decode-result.ts";
import { fullEvents, minimalEvents } from "./sample-events.ts";

/** Encodes a value, sends it through JSON text as the wire does, and decodes it again. */
function overTheWire(schema: z.ZodType, value: unknown) {
  return decodeWith(schema, JSON.parse(JSON.stringify(z.encode(schema, value))));
}

const eventTypes = Object.keys(fullEvents) as ServerEventType[];
const allEvents = [...Object.values(fullEvents), ...Object.values(minimalEvents)];

/** Sample values for every public schema; the type makes a newly added schema fail to compile until it has one. */
const samples: Record<keyof typeof eventsPublicSchemas, unknown[]> = {
  ServerEvent: allEvents,
  TokenEvent: [fullEvents.Token, minimalEvents.Token],
  MessageEvent: [fullEvents.Message, minimalEvents.Message],
  MessageEventRole: ["user", "assistant", "system"],
  AgentStatusEvent: [fullEvents.AgentStatus, minimalEvents.AgentStatus],
  AgentStatusKind: ["model_loading", "thinking", "calling_tool", "working", "idle"],
  ActivityLifecycle: ["doing", "done"],
  SubagentSpawnedEvent: [fullEvents.SubagentSpawned, minimalEvents.SubagentSpawned],
  SubagentResultEvent: [fullEvents.SubagentResult, minimalEvents.SubagentResult],
  QueueUpdatedEvent: [fullEvents.QueueUpdated, minimalEvents.QueueUpdated],
  QueuedMessage: fullEvents.QueueUpdated.items,
  OutcomeEvent: [fullEvents.Outcome, minimalEvents.Outcome],
  RunOutcome: ["success", "error", "cancelled", "interrupted", "max_turns", "max_budget"],
  ContextUsageEvent: [fullEvents.ContextUsage, minimalEvents.ContextUsage],
  ContextUpdateEvent: [fullEvents.ContextUpdate, minimalEvents.ContextUpdate],
  ChangeReportEvent: [fullEvents.ChangeReport, minimalEvents.ChangeReport],
  ChangedFile: fullEvents.ChangeReport.files,
  FileChangeKind: ["added", "modified", "deleted", "renamed"],
  RewindMark: [fullEvents.ChangeReport.rewind, { run_id: "run-0" }],
  NotRestoredFile: fullEvents.ChangeReport.rewind?.not_restored ?? [],
  StateUpdatedEvent: [fullEvents.StateUpdated, minimalEvents.StateUpdated],
  PlanUpdateEvent: [fullEvents.PlanUpdate, minimalEvents.PlanUpdate],
  IdlePromptTriggeredEvent: [fullEvents.IdlePromptTriggered, minimalEvents.IdlePromptTriggered],
  TextSegmentEvent: [fullEvents.TextSegment, minimalEvents.TextSegment],
  AskUserEvent: [fullEvents.AskUser, minimalEvents.AskUser],
  AskUserQuestion: fullEvents.AskUser.questions,
  AskUserOption: fullEvents.AskUser.questions.flatMap((question) => question.options),
  AskUserSeverity: ["critical", "major", "minor"],
  ModelFallbackEvent: [fullEvents.ModelFallback, minimalEvents.ModelFallback],
  ToolProgressEvent: [fullEvents.ToolProgress, minimalEvents.ToolProgress],
  ToolOutputStream: ["stdout", "stderr"],
  ResyncEvent: [fullEvents.Resync, minimalEvents.Resync],
  EventRouting: [{}, { session_id: "s-1", project_root: "/p", future_field: 1 }],
  UiSseMessage: allEvents.map((event, seq) =>
    toUiSseMessage(event, { id: `ev-${seq}`, seq, rev: 1, ts_ms: 5 }),
  ),
  AnyUiSseMessage: [
    { id: "x", seq: 1, rev: 1, ts_ms: 1, kind: "pet_speak", data: { mood: "calm" }, extra: true },
  ],
  UiSseKind: [
    "run",
    "message",
    "activity",
    "queue",
    "token",
    "text_segment",
    "ask_user",
    "model_fallback",
    "tool_progress",
  ],
};

describe("server event schemas", () => {
  it.each(Object.keys(samples))(
    "%s survives a trip over the wire unchanged, unknown fields included",
    (name) => {
      const schema = eventsPublicSchemas[name as keyof typeof samples];
      for (const value of samples[name as keyof typeof samples]) {
        expect(overTheWire(schema, value)).toEqual({ success: true, value });
      }
    },
  );

  it("has a sample of every event type with a field from a newer server", () => {
    expect(eventTypes.filter((type) => !("future_field" in fullEvents[type]))).toEqual([]);
  });

  it("rejects an event whose type it does not know, without throwing", () => {
    const result = decodeServerEvent({ type: "PetSpeak", text: "hi" });
    expect(result.success).toBe(false);
  });

  it.each(Object.keys(eventsPublicSchemas))("%s converts to JSON Schema", (name) => {
    const schema = eventsPublicSchemas[name as keyof typeof eventsPublicSchemas];
    expect(() => z.toJSONSchema(schema, { unrepresentable: "any" })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { unrepresentable: "any", io: "input" })).not.toThrow();
  });
});

describe("an event sent as an SSE frame", () => {
  it.each(allEvents.map((event, index) => [`${event.type} #${index}`, event] as const))(
    "%s arrives as exactly the event that was sent",
    (_name, event) => {
      const text = JSON.stringify(toUiSseMessage(event, { id: "ev-1", seq: 1, rev: 1, ts_ms: 2 }));
      const decoded = decodeUiSseMessage(text);
      expect(decoded.success && decoded.value.knownKind).toBe(true);
      if (!decoded.success) return;
      const view = fromUiSseMessage(decoded.value.message);
      expect(view.kind === "unrecognized" ? view : view.event).toEqual(event);
    },
  );

  it.each(allEvents.map((event, index) => [`${event.type} #${index}`, event] as const))(
    "%s arrives from a slim revision 2 frame as the event sent, less an optional project root",
    (_name, event) => {
      const text = JSON.stringify(toUiSseMessage(event, { seq: 1, rev: 2, ts_ms: 2 }));
      const decoded = decodeUiSseMessage(text);
      expect(decoded.success && decoded.value.knownKind).toBe(true);
      if (!decoded.success) return;
      const view = fromUiSseMessage(decoded.value.message);
      const rebuilt = view.kind === "unrecognized" ? view : view.event;
      const { project_root, ...rest } = event as typeof event & { project_root?: string };
      expect(rebuilt).toEqual("project_root" in rebuilt ? { ...rest, project_root } : rest);
    },
  );
});
