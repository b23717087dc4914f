import type { ServerResponse } from "node:http";
import { decodeWith, parseJson } from "@parley/protocol";
import type { z } from "zod";
import {
  CONTROL_PREFIX,
  ControlReleaseBodySchema,
  type ControlRequestsReply,
  ControlScriptBodySchema,
  ControlWaitBodySchema,
  type ControlWaitReply,
} from "./control-schema.ts";
import type { FakeModelServer } from "./fake-model-server.ts";

/**
 * Serves the loopback control endpoints that let another process script the server:
 * `POST /__testkit/script`, `POST /__testkit/release`, `GET /__testkit/requests`, `POST /__testkit/wait`,
 * `POST /__testkit/reset`.
 */
export async function handleControlRequest(
  server: FakeModelServer,
  method: string,
  url: URL,
  rawBody: string,
  response: ServerResponse,
): Promise<void> {
  const action = `${method} ${url.pathname.slice(CONTROL_PREFIX.length)}`;
  switch (action) {
    case "POST /script": {
      const body = decodeBody(ControlScriptBodySchema, rawBody, response);
      if (!body) return;
      server.script(...(body.responses ?? []));
      for (const rule of body.rules ?? []) server.addRule(rule);
      return send(response, 200, { pending: server.pendingResponses });
    }
    case "POST /release": {
      const body = decodeBody(ControlReleaseBodySchema, rawBody, response);
      if (!body) return;
      server.release(body.name);
      return send(response, 200, { released: body.name });
    }
    case "GET /requests": {
      const reply: ControlRequestsReply = { requests: [...server.requests] };
      return send(response, 200, reply);
    }
    case "POST /reset":
      server.reset();
      return send(response, 200, { reset: true });
    case "POST /wait": {
      const body = decodeBody(ControlWaitBodySchema, rawBody, response);
      if (!body) return;
      const reply = await waitFor(server, body).catch((error: Error) => error);
      if (reply instanceof Error) return send(response, 503, { error: reply.message });
      return send(response, 200, reply);
    }
    default:
      return send(response, 404, { error: `no control endpoint ${action}` });
  }
}

async function waitFor(
  server: FakeModelServer,
  body: z.infer<typeof ControlWaitBodySchema>,
): Promise<ControlWaitReply> {
  // Loose objects carry an index signature, so `in` cannot narrow the union: test the field types instead.
  if (typeof body.request === "number") return { request: await server.waitForRequest(body.request) };
  if (typeof body.gate === "string") {
    const requestIndex = typeof body.requestIndex === "number" ? body.requestIndex : undefined;
    await server.waitForGate(body.gate, requestIndex);
    return { gate: body.gate };
  }
  if (typeof body.responseEnd === "number")
    return { outcome: await server.waitForResponseEnd(body.responseEnd) };
  throw new Error("a wait names one of request, gate or responseEnd");
}

function decodeBody<S extends z.ZodType>(
  schema: S,
  rawBody: string,
  response: ServerResponse,
): z.output<S> | undefined {
  const parsed = parseJson(rawBody);
  const decoded = parsed.success ? decodeWith(schema, parsed.value) : parsed;
  if (decoded.success) return decoded.value;
  send(response, 400, { error: decoded.error.message });
  return undefined;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
