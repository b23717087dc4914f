import { EventType } from "@ag-ui/core";
import type { ServerEvent } from "@parley/protocol";
import { z } from "zod";
import { createSessionFor } from "../agents/service/chat-sessions.ts";
import { ApiError } from "../http/api-error.ts";
import { defineRoute, type RouteDefinition } from "../http/route.ts";
import { SSE_HEADERS } from "../http/sse-headers.ts";
import type { ServerContext } from "../server-context.ts";
import { type AgUiRunInput, AgUiRunInputSchema, lastUserText } from "./agui-input.ts";
import { AgUiTranslator } from "./agui-translator.ts";

/**
 * `POST /api/ag-ui`: runs one Parley turn for an AG-UI client (`@ag-ui/client`'s `HttpAgent`, CopilotKit)
 * and streams it as AG-UI events over SSE. The thread is a Parley session, so the web UI shows the same run
 * live; approvals and questions wait in the card state for an answer through the usual API. Behind the same
 * token, Host and Origin checks as every route, and counted with `/api/events` against the stream limit.
 */
export function agUiRoute(context: ServerContext): RouteDefinition {
  return defineRoute({
    method: "post",
    path: "/api/ag-ui",
    summary:
      "Run a turn for an AG-UI client (RunAgentInput in, AG-UI events out as SSE); threadId is the session",
    tag: "events",
    body: AgUiRunInputSchema,
    response: z.looseObject({ type: z.string() }),
    streams: "text/event-stream",
    handler: ({ body, context: request }) => {
      if (context.sseConnections.size >= context.maxSseConnections) {
        throw new ApiError("unavailable", "too many open event streams; close some tabs and retry");
      }
      return streamRun(context, body, request.req.raw.signal);
    },
  });
}

function streamRun(context: ServerContext, input: AgUiRunInput, clientGone: AbortSignal): Response {
  // Subscribed before the turn starts: the run's first events are committed inside `chat`.
  const early: ServerEvent[] = [];
  let deliver: ((event: ServerEvent) => void) | undefined;
  const unsubscribe = context.bus.subscribe((events) => {
    for (const { event } of events) {
      if (event.session_id !== input.threadId) continue;
      if (deliver === undefined) early.push(event);
      else deliver(event);
    }
  });
  let runId: string;
  try {
    runId = startTurn(context, input, lastUserText(input.messages));
  } catch (error) {
    unsubscribe();
    throw error;
  }
  const translator = new AgUiTranslator(input.threadId, input.runId);
  const encoder = new TextEncoder();
  let finish = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (events: readonly object[]) => {
        for (const event of events) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      };
      const heartbeat = setInterval(
        () => controller.enqueue(encoder.encode(": keep-alive\n\n")),
        context.sse.heartbeatMs,
      );
      const connection = { close: () => finish() };
      let finished = false;
      finish = () => {
        if (finished) return;
        finished = true;
        clearInterval(heartbeat);
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
      deliver = (event) => {
        // A workflow the run started reports progress as the session's, not the run's.
        if (finished || (runOf(event) !== runId && event.type !== "ContextUpdate")) return;
        send(translator.translate(event));
        if (translator.finished) finish();
      };
      send(translator.start().map((event) => withParleyIds(event, input.threadId, runId)));
      for (const event of early.splice(0)) deliver(event);
    },
    cancel() {
      finish();
    },
  });
  return new Response(stream, { status: 200, headers: SSE_HEADERS });
}

const runOf = (event: ServerEvent): string | undefined => (event as { run_id?: string }).run_id;

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
