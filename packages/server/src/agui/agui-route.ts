import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import { defineRoute, type RouteDefinition } from "../http/route.ts";
import type { ServerContext } from "../server-context.ts";

type AgUiStream = typeof import("./agui-stream.ts");

// The AG-UI side (with @ag-ui/core, which builds about a hundred zod schemas when imported) is loaded by the
// first AG-UI request or OpenAPI document, not by every start of the server.
let loaded: AgUiStream | undefined;
let loading: Promise<AgUiStream> | undefined;

function loadAgUiStream(): Promise<AgUiStream> {
  loading ??= import("./agui-stream.ts").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

function agUiStream(): AgUiStream {
  if (loaded === undefined)
    throw new Error("the AG-UI module was used before the route's prepare() loaded it");
  return loaded;
}

/** What each frame of the stream holds: an AG-UI event (documented loosely: its `type` names the rest). */
const AgUiEventSchema = lazySchema(() => z.looseObject({ type: z.string() }));

/** AG-UI's `RunAgentInput` as Parley takes it (see agui-input.ts), built once the module is loaded. */
const AgUiRunInputSchema = lazySchema(() => agUiStream().AgUiRunInputSchema);

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
      "Run a turn for an AG-UI client (RunAgentInput in, AG-UI events out as SSE, each with an id); threadId is the session. With Last-Event-ID (or forwardedProps.parley.last_event_id) the stream resumes after that frame; with forwardedProps.parley.connect it shows the thread's latest run from its start",
    tag: "events",
    prepare: loadAgUiStream,
    body: AgUiRunInputSchema,
    response: AgUiEventSchema,
    streams: "text/event-stream",
    handler: ({ body, context: request }) => agUiStream().answerAgUiRun(context, body, request),
  });
}
