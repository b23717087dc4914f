import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { builtinResponse } from "./builtin-routes.ts";
import { handleControlRequest } from "./control-routes.ts";
import { CONTROL_PREFIX } from "./control-schema.ts";
import { EventLog } from "./event-log.ts";
import { streamErrorAsHttpError } from "./formats/reply-facts.ts";
import type { ErrorFacts, RenderContext } from "./formats/wire-format.ts";
import { GateRegistry } from "./gate-registry.ts";
import { type RecordedRequest, type ResponseOutcome, readBody, recordRequest } from "./recorded-request.ts";
import { SERVER_CLOSING, writeFrames, writeWhole } from "./response-writer.ts";
import { formatFor, unscriptedError } from "./routes.ts";
import { ScriptBook } from "./script-book.ts";
import { type ScriptInput, toScriptedResponse } from "./script-builder.ts";
import type { RequestMatcher, ScriptedResponse, ScriptRule } from "./script-schema.ts";

/** Options for `startFakeModelServer`. */
export interface FakeModelServerOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Model ids listed by `GET /v1/models` (default `["fake-model"]`). */
  models?: string[];
  /** Clock in epoch milliseconds (OpenAI's `created`, rate-limit resets); fix it for byte-exact assertions. */
  now?: () => number;
}

/** Something that happened on the server, in order; await one with `server.waitForEvent`. */
export type FakeServerEvent =
  | { type: "request"; request: RecordedRequest }
  | { type: "gate"; name: string; requestIndex: number }
  | { type: "response_end"; requestIndex: number; status: number; outcome: ResponseOutcome };

type RequestEvent = Extract<FakeServerEvent, { type: "request" }>;
type ResponseEndEvent = Extract<FakeServerEvent, { type: "response_end" }>;

/**
 * A scripted fake model server on 127.0.0.1 speaking the Anthropic Messages and OpenAI Chat Completions wire
 * formats over real HTTP. Start it with `startFakeModelServer`.
 */
export class FakeModelServer {
  /** Base URL without a path, e.g. `http://127.0.0.1:41234` (what `ANTHROPIC_BASE_URL` takes). */
  readonly url: string;
  /** Base URL for `@ai-sdk/anthropic` (`createAnthropic({ baseURL })`), i.e. `url + "/v1"`. */
  readonly anthropicBaseUrl: string;
  /** Base URL for OpenAI and OpenAI-compatible clients, i.e. `url + "/v1"`. */
  readonly openaiBaseUrl: string;
  /** Every event so far; `waitForEvent` awaits past or future ones. */
  readonly events = new EventLog<FakeServerEvent>();

  private readonly recorded: RecordedRequest[] = [];
  private readonly book = new ScriptBook();
  private readonly gates = new GateRegistry();
  private readonly active = new Set<AbortController>();
  private readonly inFlight = new Set<Promise<ResponseOutcome>>();
  private closing: Promise<void> | undefined;

  /** @internal Use `startFakeModelServer`. */
  constructor(
    private readonly server: Server,
    private readonly options: Required<Omit<FakeModelServerOptions, "port">>,
  ) {
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    this.anthropicBaseUrl = `${this.url}/v1`;
    this.openaiBaseUrl = `${this.url}/v1`;
    server.on("request", (request: IncomingMessage, response: ServerResponse) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
        response.end(`fake model server failed: ${error instanceof Error ? error.stack : String(error)}`);
      });
    });
  }

  /** Every request received so far (control endpoints excluded), oldest first. */
  get requests(): readonly RecordedRequest[] {
    return this.recorded;
  }

  /** Queued responses that no request has consumed yet. */
  get pendingResponses(): number {
    return this.book.pending;
  }

  /** Requests that found no script and were answered with an error. */
  get unscriptedRequests(): readonly RecordedRequest[] {
    return this.recorded.filter((request) => request.answeredBy === "unscripted");
  }

  /** Queues responses, consumed one per model request in order. */
  script(...responses: ScriptInput[]): this {
    this.book.enqueue(responses.map(toScriptedResponse));
    return this;
  }

  /** Answers every matching request with `response` (before the queue), at most `times` times if given. */
  when(matcher: RequestMatcher, response: ScriptInput, options: { times?: number } = {}): this {
    this.addRule({ when: matcher, respond: toScriptedResponse(response), ...options });
    return this;
  }

  /** Adds a rule in its plain-JSON form. */
  addRule(rule: ScriptRule): this {
    this.book.addRule(rule);
    return this;
  }

  /** Lets one stream pass gate `name` (or `hang()`'s gate); a release before the stream arrives is kept. */
  release(name = "hang"): void {
    this.gates.release(name);
  }

  /** Resolves with the first event satisfying `predicate`, including ones that already happened. */
  waitForEvent<E extends FakeServerEvent>(predicate: (event: FakeServerEvent) => event is E): Promise<E>;
  waitForEvent(predicate: (event: FakeServerEvent) => boolean): Promise<FakeServerEvent>;
  waitForEvent(predicate: (event: FakeServerEvent) => boolean): Promise<FakeServerEvent> {
    return this.events.waitFor(predicate);
  }

  /** Resolves once request number `index` (0-based, as in `requests`) has arrived. */
  async waitForRequest(index: number): Promise<RecordedRequest> {
    const event = await this.events.waitFor(
      (candidate): candidate is RequestEvent =>
        candidate.type === "request" && candidate.request.index === index,
    );
    return event.request;
  }

  /** Resolves once a stream is paused at gate `name` (optionally: the stream answering request `requestIndex`). */
  async waitForGate(name = "hang", requestIndex?: number): Promise<void> {
    await this.events.waitFor(
      (event) =>
        event.type === "gate" &&
        event.name === name &&
        (requestIndex === undefined || event.requestIndex === requestIndex),
    );
  }

  /** Resolves with how the response to request `index` ended, once it has. */
  async waitForResponseEnd(index: number): Promise<ResponseOutcome> {
    const event = await this.events.waitFor(
      (candidate): candidate is ResponseEndEvent =>
        candidate.type === "response_end" && candidate.requestIndex === index,
    );
    return event.outcome;
  }

  /** Forgets scripts, rules, unused releases and recorded requests (for long-lived servers between tests). */
  reset(): void {
    this.book.clear();
    this.gates.clearCredits();
    this.recorded.length = 0;
    this.events.clear();
  }

  /** Ends every open stream, rejects pending waits and stops listening. */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    const stopped = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const controller of this.active) controller.abort(SERVER_CLOSING);
    this.server.closeAllConnections();
    // Let every response record how it ended before waits that can no longer be satisfied are rejected.
    await Promise.allSettled(this.inFlight);
    this.events.fail(new Error("fake model server closed"));
    await stopped;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readBody(request);
    const url = new URL(request.url ?? "/", this.url);
    if (url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
      await handleControlRequest(this, request.method ?? "GET", url, rawBody, response);
      return;
    }
    const record = recordRequest(request, url, rawBody, this.recorded.length);
    this.recorded.push(record);
    this.events.push({ type: "request", request: record });

    const controller = new AbortController();
    this.active.add(controller);
    response.on("close", () => {
      if (!response.writableFinished) controller.abort();
    });
    // The client may have hung up while its body was being read, before the listener above existed.
    if (response.socket?.destroyed) controller.abort();
    const responding = this.respond(record, response, controller.signal);
    this.inFlight.add(responding);
    try {
      const outcome = await responding;
      record.status = response.statusCode;
      record.outcome = outcome;
      this.events.push({
        type: "response_end",
        requestIndex: record.index,
        status: response.statusCode,
        outcome,
      });
    } finally {
      this.active.delete(controller);
      this.inFlight.delete(responding);
    }
  }

  private async respond(
    record: RecordedRequest,
    response: ServerResponse,
    signal: AbortSignal,
  ): Promise<ResponseOutcome> {
    const format = formatFor(record.route);
    if (!format) {
      record.answeredBy = "server";
      const rendered = builtinResponse(record, this.options.models);
      return writeWhole(response, rendered, { ...this.writeControls(record, signal), gates: [] });
    }
    const context = this.renderContext(record);
    const body = record.body;
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      record.answeredBy = "server";
      const message = "fake model server: the request body is not a JSON object";
      const rendered = format.errorResponse(
        { status: 400, errorType: "invalid_request_error", message },
        context,
      );
      return writeWhole(response, rendered, { ...this.writeControls(record, signal), gates: [] });
    }
    const taken = this.book.take({ api: format.api, body, rawBody: record.rawBody });
    record.answeredBy = taken?.source ?? "unscripted";
    const scripted: ScriptedResponse | undefined = taken?.response;
    const controls = this.writeControls(record, signal);
    if (!scripted) {
      const rendered = format.errorResponse(unscriptedError(record), context);
      return writeWhole(response, rendered, { ...controls, gates: [] });
    }
    if (scripted.kind === "http_error") {
      const { status, errorType, message, retryAfterSeconds, headers } = scripted;
      const facts: ErrorFacts = { status, errorType, message, retryAfterSeconds, headers };
      return writeWhole(response, format.errorResponse(facts, context), { ...controls, gates: [] });
    }
    const gates = scripted.steps.flatMap((step) => (step.type === "gate" ? [step.name] : []));
    // Gemini says "stream" in the path (`:streamGenerateContent`), the others with `stream: true` in the body.
    const streaming =
      record.path.endsWith(":streamGenerateContent") || (body as { stream?: unknown }).stream === true;
    if (!streaming) {
      const asError = streamErrorAsHttpError(scripted);
      const rendered = asError
        ? format.errorResponse(asError, context)
        : format.jsonResponse(scripted, context);
      return writeWhole(response, rendered, { ...controls, gates, cutAfter: scripted.cutAfter });
    }
    response.writeHead(200, format.streamHeaders(context));
    return writeFrames(response, format.streamFrames(scripted, context), {
      ...controls,
      cutAfter: scripted.cutAfter,
    });
  }

  private writeControls(record: RecordedRequest, signal: AbortSignal) {
    return {
      signal,
      waitAtGate: (name: string) => this.gates.wait(name, signal),
      onGate: (name: string) => this.events.push({ type: "gate", name, requestIndex: record.index }),
    };
  }

  private renderContext(record: RecordedRequest): RenderContext {
    const body = (record.body ?? {}) as { model?: unknown; stream_options?: { include_usage?: unknown } };
    return {
      ordinal: record.index + 1,
      requestedModel:
        typeof body.model === "string"
          ? body.model
          : (/\/models\/([^/:]+):/.exec(record.path)?.[1] ?? "fake-model"),
      nowMs: this.options.now(),
      includeUsage: body.stream_options?.include_usage === true,
    };
  }
}

/** Starts a fake model server on 127.0.0.1 (an ephemeral port unless `options.port` is given). */
export async function startFakeModelServer(options: FakeModelServerOptions = {}): Promise<FakeModelServer> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return new FakeModelServer(server, {
    models: options.models ?? ["fake-model"],
    now: options.now ?? Date.now,
  });
}
