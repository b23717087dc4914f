import { EventType } from "@ag-ui/core";
import { decodeUiSseMessage, fromUiSseMessage, type ServerEvent } from "@parley/protocol";
import type { Context } from "hono";
import { createSessionFor } from "../agents/service/chat-sessions.ts";
import type { LiveEvent } from "../bus/event-bus.ts";
import { joinHeartbeats, leaveHeartbeats } from "../bus/heartbeat-ticker.ts";
import { ApiError } from "../http/api-error.ts";
import { SSE_HEADERS } from "../http/sse-headers.ts";
import type { ServerContext } from "../server-context.ts";
import { type AgUiCursor, formatAgUiCursor, isAfter, parseAgUiCursor } from "./agui-cursor.ts";
import { type AgUiRunInput, lastUserText } from "./agui-input.ts";
import { AgUiTranslator } from "./agui-translator.ts";

export { AgUiRunInputSchema } from "./agui-input.ts";

/**
 * Answers one `POST /api/ag-ui` (see agui-route.ts): resumes or connects to the run the request names, or
 * starts a turn, and streams it as AG-UI events. Loaded with @ag-ui/core on the first AG-UI request.
 */
export function answerAgUiRun(context: ServerContext, body: AgUiRunInput, request: Context): Response {
  if (context.sseConnections.size >= context.maxSseConnections) {
    throw new ApiError("unavailable", "too many open event streams; close some tabs and retry");
  }
  const header = request.req.header("last-event-id")?.trim() || undefined;
  const existing = existingRun(context, body, header);
  return streamRun(context, body, request.req.raw.signal, existing);
}

/** What a stream shows: a Parley run, translated from the session's events after `from`, after `after`. */
interface StreamTarget {
  runId: string;
  from: number;
  after?: AgUiCursor;
}

/**
 * The run a resumed or connecting request asks for (undefined: start a new turn). A cursor names its run,
 * which must be the thread's; `connect` takes the thread's latest run from its first event. Either way the
 * events must still be kept (retention may have dropped an old run's).
 */
function existingRun(context: ServerContext, input: AgUiRunInput, header: string | undefined) {
  const parley = parleyProps(input);
  const lastEventId = header ?? parley.last_event_id;
  let target: StreamTarget | undefined;
  if (lastEventId !== undefined) {
    const where = header !== undefined ? "header.last-event-id" : "body.forwardedProps.parley.last_event_id";
    const after = parseAgUiCursor(lastEventId, where);
    if (context.store.runs.get(after.runId)?.session_id !== input.threadId) {
      throw ApiError.notFound("run of this thread", after.runId);
    }
    target = { runId: after.runId, from: after.from, after };
  } else if (parley.connect === true) {
    const run = context.store.runs
      .listBySession(input.threadId)
      .filter((candidate) => candidate.parent_run_id === null)
      .at(-1);
    const first = run && firstSeqOf(context.store.events.framesOfRun(run.id));
    if (run === undefined || first === undefined)
      throw ApiError.notFound("run of this thread", input.threadId);
    target = { runId: run.id, from: first - 1 };
  }
  if (target !== undefined && context.store.events.floor > target.from + 1) {
    throw new ApiError("conflict", "this run's events are no longer kept (event retention); start a new run");
  }
  return target;
}

function streamRun(
  context: ServerContext,
  input: AgUiRunInput,
  clientGone: AbortSignal,
  existing: StreamTarget | undefined,
): Response {
  // Subscribed before the turn starts or the log is read: what commits meanwhile comes live, once (by seq).
  const early: LiveEvent[] = [];
  let deliver: ((event: LiveEvent) => void) | undefined;
  const unsubscribe = context.bus.subscribe((events) => {
    for (const event of events) {
      if (event.event.session_id !== input.threadId) continue;
      if (deliver === undefined) early.push(event);
      else deliver(event);
    }
  });
  let target: StreamTarget;
  try {
    target = existing ?? {
      from: context.bus.head,
      runId: startTurn(context, input, lastUserText(input.messages)),
    };
  } catch (error) {
    unsubscribe();
    throw error;
  }
  const { runId, from, after } = target;
  const translator = new AgUiTranslator(input.threadId, input.runId);
  const encoder = new TextEncoder();
  let finish = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // Each frame's id is its cursor; frames up to `after` were sent before and are not sent again.
      const send = (seq: number, events: readonly object[]) => {
        events.forEach((event, index) => {
          if (!isAfter(seq, index, after)) return;
          const id = formatAgUiCursor({ runId, from, seq, index });
          controller.enqueue(encoder.encode(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`));
        });
      };
      const heartbeat = { heartbeat: () => controller.enqueue(encoder.encode(": keep-alive\n\n")) };
      joinHeartbeats(context.sse.heartbeatMs, heartbeat);
      const connection = { close: () => finish() };
      let finished = false;
      finish = () => {
        if (finished) return;
        finished = true;
        leaveHeartbeats(context.sse.heartbeatMs, heartbeat);
        unsubscribe();
        context.sseConnections.delete(connection);
        clientGone.removeEventListener("abort", finish);
        try {
          controller.close();
        } catch {
          // The client went away first.
        }
      };
      context.sseConnections.add(connection);
      clientGone.addEventListener("abort", finish, { once: true });
      let through = from;
      const translate = (seq: number, event: ServerEvent) => {
        // A workflow the run started reports progress as the session's, not the run's.
        if (finished || seq <= through) return;
        through = seq;
        if (runOf(event) !== runId && event.type !== "ContextUpdate") return;
        send(seq, translator.translate(event));
        if (translator.finished) finish();
      };
      try {
        send(
          from,
          translator.start().map((event) => withParleyIds(event, input.threadId, runId)),
        );
        for (const logged of sessionEventsAfter(context, input.threadId, from))
          translate(logged.seq, logged.event);
        deliver = (event) => translate(event.seq, event.event);
        for (const event of early.splice(0)) deliver(event);
      } catch (error) {
        // The log could not be read: the client is told and the stream ends, leaving the ticker and the bus
        // (a heartbeat into an ended stream would throw on every beat).
        console.error("parley: an AG-UI stream could not be read:", error);
        // Without an id: a client that resumes does so after the last frame it had. The store's own words
        // (paths, SQL) stay in the server's log.
        const message =
          "this run's events could not be read (the server's log says why); connect again to follow it";
        const event = { type: EventType.RUN_ERROR, message, code: "unreadable" };
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        finish();
      }
    },
    cancel() {
      finish();
    },
  });
  return new Response(stream, { status: 200, headers: SSE_HEADERS });
}

/** The session's events after `from`, as the durable log has them (read back into server events). */
function sessionEventsAfter(context: ServerContext, sessionId: string, from: number) {
  const events: { seq: number; event: ServerEvent }[] = [];
  for (let after = from; ; ) {
    const page = context.store.events.readAfter(after, 500, sessionId);
    if (page.length === 0) return events;
    for (const logged of page) {
      const decoded = decodeUiSseMessage(logged.frame);
      const view = decoded.success ? fromUiSseMessage(decoded.value.message) : undefined;
      if (view !== undefined && view.kind !== "unrecognized" && view.event.session_id === sessionId) {
        events.push({ seq: logged.seq, event: view.event });
      }
    }
    after = (page.at(-1) as { seq: number }).seq;
  }
}

/** The seq of a run's first stored event. */
function firstSeqOf(frames: readonly string[]): number | undefined {
  const first = frames[0];
  return first === undefined ? undefined : (JSON.parse(first) as { seq: number }).seq;
}

const runOf = (event: ServerEvent): string | undefined => (event as { run_id?: string }).run_id;

/** Parley's own options in `forwardedProps.parley`: resume after a frame, or connect to the latest run. */
function parleyProps(input: AgUiRunInput): { last_event_id?: string; connect?: boolean } {
  const props = (input.forwardedProps as { parley?: unknown } | undefined)?.parley;
  return typeof props === "object" && props !== null
    ? (props as { last_event_id?: string; connect?: boolean })
    : {};
}

/** Starts the turn in the thread's session (made under the thread's id the first time); a busy agent is a 409. */
function startTurn(context: ServerContext, input: AgUiRunInput, text: string): string {
  if (context.store.sessions.get(input.threadId) === undefined) {
    context.store.transaction(() => createSessionFor(context, text, input.threadId));
  }
  // With turn overrides `chat` never queues: an AG-UI run is this turn or nothing.
  const busy = () =>
    new ApiError("conflict", "this thread's agent is busy with another turn; run again when it has finished");
  try {
    const response = context.agents.chat({ session_id: input.threadId, agent_id: "main", text }, {});
    if (response.run_id === undefined) throw busy();
    return response.run_id;
  } catch (error) {
    throw error instanceof ApiError && error.code === "conflict" ? busy() : error;
  }
}

/** RUN_STARTED carries Parley's session and run ids, for a client that also follows `/api/events`. */
function withParleyIds(event: object, sessionId: string, runId: string): object {
  if ((event as { type?: unknown }).type !== EventType.RUN_STARTED) return event;
  return { ...event, metadata: { parley_session_id: sessionId, parley_run_id: runId } };
}
