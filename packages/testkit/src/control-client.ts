import { decodeWith } from "@parley/protocol";
import type { z } from "zod";
import {
  CONTROL_PREFIX,
  ControlRequestsReplySchema,
  type ControlScriptBody,
  type ControlWaitBody,
  ControlWaitReplySchema,
} from "./control-schema.ts";
import type { RecordedRequest, ResponseOutcome } from "./recorded-request.ts";
import { type ScriptInput, toScriptedResponse } from "./script-builder.ts";
import type { RequestMatcher } from "./script-schema.ts";

/** Scripts a fake model server running in another process, through its loopback control endpoints. */
export interface FakeModelServerClient {
  /** The server's base URL. */
  url: string;
  script(...responses: ScriptInput[]): Promise<void>;
  when(matcher: RequestMatcher, response: ScriptInput, options?: { times?: number }): Promise<void>;
  release(name?: string): Promise<void>;
  requests(): Promise<RecordedRequest[]>;
  waitForRequest(index: number): Promise<RecordedRequest>;
  waitForGate(name?: string, requestIndex?: number): Promise<void>;
  waitForResponseEnd(index: number): Promise<ResponseOutcome>;
  reset(): Promise<void>;
}

/** Connects to a fake model server started elsewhere (e.g. by `src/bin/fake-model-server.ts`). */
export function connectFakeModelServer(url: string): FakeModelServerClient {
  const base = url.replace(/\/+$/, "");
  const call = async (method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${base}${CONTROL_PREFIX}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`fake model server ${method} ${path} failed with ${response.status}: ${text}`);
    return JSON.parse(text);
  };
  const decode = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
    const result = decodeWith(schema, value);
    if (!result.success)
      throw new Error(`fake model server sent an unexpected reply: ${result.error.message}`);
    return result.value;
  };
  const wait = async (body: ControlWaitBody) =>
    decode(ControlWaitReplySchema, await call("POST", "/wait", body));
  const sendScript = async (body: ControlScriptBody): Promise<void> => {
    await call("POST", "/script", body);
  };

  return {
    url: base,
    script: (...responses) => sendScript({ responses: responses.map(toScriptedResponse) }),
    when: (matcher, response, options = {}) =>
      sendScript({ rules: [{ when: matcher, respond: toScriptedResponse(response), ...options }] }),
    release: async (name = "hang") => {
      await call("POST", "/release", { name });
    },
    requests: async () => decode(ControlRequestsReplySchema, await call("GET", "/requests")).requests,
    waitForRequest: async (index) => {
      const reply = await wait({ request: index });
      if (!reply.request) throw new Error("fake model server answered a request wait without the request");
      return reply.request;
    },
    waitForGate: async (name = "hang", requestIndex) => {
      await wait(requestIndex === undefined ? { gate: name } : { gate: name, requestIndex });
    },
    waitForResponseEnd: async (index) => {
      const reply = await wait({ responseEnd: index });
      if (!reply.outcome) throw new Error("fake model server answered a response wait without the outcome");
      return reply.outcome;
    },
    reset: async () => {
      await call("POST", "/reset");
    },
  };
}
