import type { IncomingMessage, ServerResponse } from "node:http";
import { ALREADY_SENT_HEADER } from "./already-sent.ts";
import { useServerFetchClasses } from "./fetch-classes.ts";
import { BadRequestTarget, IncomingRequest } from "./incoming-request.ts";
import { LightHeaders } from "./light-headers.ts";
import { LightResponse } from "./light-response.ts";

/** What the app's `fetch` gets besides the request: Node's own objects, for a handler that writes itself. */
export interface NodeBindings {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
}

/** A fetch-style handler: Hono's `app.fetch`. */
export type FetchHandler = (request: Request, bindings: NodeBindings) => Response | Promise<Response>;

/**
 * Node's `request` listener for a fetch-style handler, in place of @hono/node-server: Hono gets an
 * `IncomingRequest` and answers with the server's light `Response` (fetch-classes.ts), whose parts are
 * written to Node's response as they are. A Node `Response` (a stream body) is piped with backpressure.
 * Neither the health check nor any JSON route loads Node's fetch implementation.
 */
export function nodeListener(
  handler: FetchHandler,
): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  useServerFetchClasses();
  return (incoming, outgoing) => {
    let request: IncomingRequest;
    try {
      request = new IncomingRequest(incoming);
    } catch (error) {
      if (!(error instanceof BadRequestTarget)) throw error;
      // The messages name no part of the request: nothing a client sent is echoed back.
      outgoing.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end(error.message);
      return;
    }
    const abortOnClose = () => {
      if (!outgoing.writableFinished) request.abort(new Error("the client closed the connection"));
    };
    outgoing.once("close", abortOnClose);
    // A handler that writes its own answer (the event stream) keeps the connection for hours and watches the
    // response itself: its request's signal no longer aborts, and the request, its headers and URL are let go
    // of, not held by this listener for as long (about 1 KB a stream).
    const stopAbortOnClose = () => outgoing.off("close", abortOnClose);
    let answer: Response | Promise<Response>;
    try {
      // Hono reads a Request's members, which IncomingRequest has (fetch-classes.ts counts it a Request).
      answer = handler(request as unknown as Request, { incoming, outgoing });
    } catch (error) {
      failed(error, outgoing);
      return;
    }
    if (answer instanceof Promise)
      answer
        .then((response) => write(response, outgoing, stopAbortOnClose))
        .catch((error) => failed(error, outgoing));
    else write(answer, outgoing, stopAbortOnClose).catch((error) => failed(error, outgoing));
  };
}

/** Writes the handler's answer; `selfWritten` is called when the handler wrote the answer itself. */
async function write(response: Response, outgoing: ServerResponse, selfWritten: () => void): Promise<void> {
  const light = LightResponse.partsOf(response);
  if ((light?.headers ?? response.headers).has(ALREADY_SENT_HEADER)) {
    selfWritten();
    return;
  }
  if (outgoing.headersSent || outgoing.destroyed) {
    // The client left before the answer (a stream must stop producing), or a handler failed after writing
    // its own answer's start: nothing more can be sent on this response.
    if (light === undefined) void response.body?.cancel().catch(() => undefined);
    outgoing.destroy();
    return;
  }
  if (light !== undefined) {
    const headers = LightHeaders.toNode(light.headers);
    const { body } = light;
    if (body !== null && !("content-length" in headers) && !("transfer-encoding" in headers)) {
      headers["content-length"] = String(
        typeof body === "string" ? Buffer.byteLength(body) : body.byteLength,
      );
    }
    if (light.statusText === "") outgoing.writeHead(light.status, headers);
    else outgoing.writeHead(light.status, light.statusText, headers);
    outgoing.end(body ?? undefined);
    return;
  }
  const headers = LightHeaders.toNode(response.headers);
  if (response.statusText === "") outgoing.writeHead(response.status, headers);
  else outgoing.writeHead(response.status, response.statusText, headers);
  if (response.body === null) {
    outgoing.end();
    return;
  }
  outgoing.flushHeaders();
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  outgoing.once("close", cancel);
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      if (!outgoing.write(next.value)) await drained(outgoing);
      if (outgoing.destroyed) return;
    }
    outgoing.end();
  } finally {
    outgoing.off("close", cancel);
  }
}

/** Resolves once `outgoing` takes more data, or is closed. */
function drained(outgoing: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (outgoing.destroyed) {
      resolve();
      return;
    }
    const done = () => {
      outgoing.off("drain", done);
      outgoing.off("close", done);
      resolve();
    };
    outgoing.on("drain", done);
    outgoing.on("close", done);
  });
}

/** A handler that threw, or a stream that broke: 500 if nothing was sent yet, else the connection ends. */
function failed(error: unknown, outgoing: ServerResponse): void {
  if (!outgoing.destroyed) console.error("parley: could not answer a request:", error);
  if (!outgoing.headersSent)
    outgoing.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("internal error");
  else outgoing.destroy();
}
