import { createInterface } from "node:readline";
import {
  controlError,
  controlSuccess,
  decodeSdkMessage,
  type HookCallback,
  newControlRequest,
  type QueryOptions,
  type SDKControlRequest,
  type SDKMessage,
  type SDKUserMessage,
  unsupportedControlRequest,
} from "@parley/protocol";
import { cliArguments } from "./cli-arguments.ts";
import { initializeRequest } from "./initialize-request.ts";
import { type ControlRequestBody, QueryControls } from "./query-controls.ts";
import { SdkMcpHosting } from "./sdk-mcp-hosting.ts";
import { type CliProcess, spawnCli } from "./spawn-cli.ts";

/** What `query()` takes: the official SDK's shape. */
export interface QueryInput {
  /** One message, or a stream of user messages (a conversation the host feeds as it goes). */
  prompt: string | AsyncIterable<SDKUserMessage>;
  options?: QueryOptions;
}

/**
 * The running conversation: its messages as an async generator, plus every control of the official SDK's
 * `Query` (see `QueryControls`), `streamInput` and `close`.
 */
export interface Query extends AsyncGenerator<SDKMessage, void>, Pick<QueryControls, keyof QueryControls> {
  /** Sends more user messages into the conversation, each answered by a turn; resolves when `stream` ends. */
  streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void>;
  /** Ends the conversation and the CLI process. */
  close(): void;
}

const STDERR_TAIL = 2048;

/**
 * Drives any CLI that speaks the Claude Agent SDK's stream-json protocol: Parley's own `parley run` (the
 * default) or the real `claude`. It spawns the executable, sends `initialize` (with the hooks it will call
 * back) and the prompt, yields every SDK message the CLI prints, and answers the CLI's `can_use_tool` and
 * `hook_callback` requests with the host's functions. A string prompt ends after its `result`; a stream of
 * messages ends when the stream does and every message has its `result`.
 */
export function query(input: QueryInput): Query {
  return new CliQuery(input);
}

class CliQuery extends QueryControls implements Query {
  readonly #options: QueryOptions;
  readonly #child: CliProcess;
  /** Aborts once the CLI should be gone, for a custom spawner's process (`SpawnOptions.signal`). */
  readonly #spawnAbort = new AbortController();
  readonly #messages: SDKMessage[] = [];
  readonly #pending = new Map<
    string,
    { resolve(value: Record<string, unknown>): void; reject(error: Error): void }
  >();
  readonly #callbacks = new Map<string, HookCallback>();
  readonly #inFlight = new Map<string, AbortController>();
  readonly #initialized: Promise<Record<string, unknown>>;
  /** The `initialize` request as first sent, hooks and all; `reinitialize` sends it again. */
  readonly #initializeBody: ControlRequestBody;
  /** `streamInput` calls still feeding messages: stdin stays open for them. */
  #streaming = 0;
  readonly #mcpHosting: SdkMcpHosting;
  #wake: (() => void) | undefined;
  #done = false;
  #failure: Error | undefined;
  #stderr = "";
  #sent = 0;
  #results = 0;
  #inputEnded = false;

  constructor(input: QueryInput) {
    super();
    this.#options = input.options ?? {};
    this.#mcpHosting = new SdkMcpHosting(this.#options.mcpServers, (server_name, message) => {
      void this.#request({ subtype: "mcp_message", server_name, message }).catch(() => {});
    });
    const { command, args } = this.#command();
    const cwd = this.#options.cwd ?? process.cwd();
    this.#child = spawnCli(this.#options, {
      command,
      args,
      cwd,
      env: this.#environment(cwd),
      signal: this.#spawnAbort.signal,
    });
    this.#child.onError((error) => this.#fail(new Error(`could not start ${command}: ${error.message}`)));
    this.#child.stdin.on("error", () => {});
    this.#child.stderr?.on("data", (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      this.#stderr = (this.#stderr + text).slice(-STDERR_TAIL);
      this.#options.stderr?.(text);
    });
    this.#child.onEnd((code, signal) => this.#closed(code, signal));
    createInterface({ input: this.#child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) =>
      this.#receive(line),
    );
    this.#options.abortController?.signal.addEventListener("abort", () => this.close(), { once: true });
    const register = (callback: HookCallback) => {
      const id = `hook_${this.#callbacks.size}`;
      this.#callbacks.set(id, callback);
      return id;
    };
    this.#initializeBody = {
      subtype: "initialize",
      ...initializeRequest(this.#options, register, this.#mcpHosting.names),
    };
    this.#initialized = this.#request(this.#initializeBody);
    this.#initialized.catch(() => {});
    void this.#sendPrompt(input.prompt);
  }

  /**
   * The host's environment as given (`env` replaces it, as in the official SDK), with what the official SDK
   * adds; PWD follows cwd, since programs that read PWD would act elsewhere.
   */
  #environment(cwd: string): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...((this.#options.env as NodeJS.ProcessEnv | undefined) ?? process.env),
    };
    env.CLAUDE_CODE_ENTRYPOINT ??= "sdk-ts";
    if (this.#options.enableFileCheckpointing) env.CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING = "true";
    const preview = this.#options.toolConfig?.askUserQuestion?.previewFormat;
    if (preview !== undefined) env.CLAUDE_CODE_QUESTION_PREVIEW_FORMAT = preview;
    delete env.NODE_OPTIONS;
    return { ...env, PWD: cwd };
  }

  #command(): { command: string; args: string[] } {
    const flags = [...(this.#options.executableArgs ?? []), ...cliArguments(this.#options)];
    const path = this.#options.pathToClaudeCodeExecutable;
    // Without a path, Parley's own CLI; a script path runs with Node, anything else is executed directly.
    if (path === undefined) return { command: "parley", args: ["run", ...flags] };
    if (/\.(m?js|tsx?|jsx)$/.test(path))
      return { command: this.#options.executable ?? process.execPath, args: [path, ...flags] };
    return { command: path, args: flags };
  }

  async #sendPrompt(prompt: QueryInput["prompt"]): Promise<void> {
    try {
      if (typeof prompt === "string") {
        this.#writeUser({
          type: "user",
          session_id: "",
          message: { role: "user", content: [{ type: "text", text: prompt }] },
          parent_tool_use_id: null,
          ...(this.#options.verbatimPrompts && { client_composed: true }),
        });
      } else {
        for await (const message of prompt) this.#writeUser(message);
      }
    } catch (error) {
      this.#fail(new Error(`the prompt stream failed: ${(error as Error).message}`));
    }
    this.#inputEnded = true;
    this.#endInputWhenAnswered();
  }

  #writeUser(message: SDKUserMessage): void {
    this.#sent += 1;
    this.#write(message);
  }

  /** Every message sent has its result and no more will come: close stdin, and the CLI exits. */
  #endInputWhenAnswered(): void {
    const waiting = this.#results < this.#sent || this.#streaming > 0;
    if (this.#inputEnded && !waiting && !this.#child.stdin.writableEnded) this.#child.stdin.end();
  }

  #receive(line: string): void {
    if (line.trim() === "") return;
    const decoded = decodeSdkMessage(line);
    if (decoded.kind === "invalid") {
      const raw = decoded.raw as { type?: unknown } | null | undefined;
      if (typeof raw?.type !== "string" || raw.type.startsWith("control_")) {
        this.#options.stderr?.(`non-JSON or invalid stdout line skipped: ${line.slice(0, 200)}\n`);
        return;
      }
      // A message off Parley's schema is passed on as the official SDK passes every message on; a result
      // still ends its turn, or the query would wait for it forever.
      this.#push(raw as SDKMessage);
      if (raw.type === "result") {
        this.#results += 1;
        this.#endInputWhenAnswered();
      }
      return;
    }
    if (decoded.kind === "unknown") {
      // A request of a kind this host does not know still gets its answer, in Claude Code's error shape.
      const requestId = (decoded.raw as { request_id?: unknown }).request_id;
      if (decoded.type === "control_request" && typeof requestId === "string") {
        this.#write(unsupportedControlRequest(requestId, decoded.subtype ?? "(none)"));
        return;
      }
      // Newer CLIs add types; they are passed on, as the official SDK does.
      this.#push(decoded.raw as SDKMessage);
      return;
    }
    if (decoded.kind === "message") {
      const message = decoded.message as SDKMessage;
      this.#push(message);
      if (message.type === "result") {
        this.#results += 1;
        this.#endInputWhenAnswered();
      }
      return;
    }
    const frame = decoded.frame;
    if (frame.type === "control_response") {
      const pending = this.#pending.get(frame.response.request_id);
      if (pending === undefined) return;
      this.#pending.delete(frame.response.request_id);
      if (frame.response.subtype === "success")
        pending.resolve((frame.response.response ?? {}) as Record<string, unknown>);
      else pending.reject(new Error(frame.response.error));
    } else if (frame.type === "control_request") {
      void this.#answer(frame);
    } else if (frame.type === "control_cancel_request") {
      this.#inFlight.get(frame.request_id)?.abort();
    }
  }

  /** The CLI asks the host: a permission decision or a hook's output. */
  async #answer(frame: SDKControlRequest): Promise<void> {
    const request = frame.request as { subtype: string } & Record<string, unknown>;
    const controller = new AbortController();
    this.#inFlight.set(frame.request_id, controller);
    try {
      if (request.subtype === "can_use_tool" && this.#options.canUseTool) {
        const decision = await this.#options.canUseTool(
          request.tool_name as string,
          request.input as Record<string, unknown>,
          {
            signal: controller.signal,
            toolUseID: request.tool_use_id as string,
            requestId: frame.request_id,
            ...(request.permission_suggestions !== undefined && {
              suggestions: request.permission_suggestions as never,
            }),
            ...(typeof request.blocked_path === "string" && { blockedPath: request.blocked_path }),
            ...(typeof request.description === "string" && { description: request.description }),
          },
        );
        if (!controller.signal.aborted) this.#write(controlSuccess(frame.request_id, { ...decision }));
      } else if (request.subtype === "hook_callback") {
        const callback = this.#callbacks.get(request.callback_id as string);
        if (callback === undefined) {
          this.#write(controlError(frame.request_id, `no hook callback ${String(request.callback_id)}`));
          return;
        }
        const output = await callback(request.input as never, request.tool_use_id as string | undefined, {
          signal: controller.signal,
        });
        if (!controller.signal.aborted) this.#write(controlSuccess(frame.request_id, { ...output }));
      } else if (request.subtype === "mcp_message") {
        const answer = await this.#mcpHosting.answer(request.server_name as string, request.message as never);
        this.#write(controlSuccess(frame.request_id, answer));
      } else if (request.subtype === "elicitation") {
        // Without a handler the official SDK declines, so the MCP server hears a clear no.
        const result = this.#options.onElicitation
          ? await this.#options.onElicitation(elicitationOf(request), {
              signal: controller.signal,
              requestId: frame.request_id,
            } as never)
          : { action: "decline" };
        if (result !== null && !controller.signal.aborted)
          this.#write(controlSuccess(frame.request_id, { ...result }));
      } else if (request.subtype === "request_user_dialog") {
        // As the official SDK: without a handler (or when it answers null) the dialog gets no answer here,
        // so another client attached to the session, or the CLI's own deadline, settles it.
        const result = this.#options.onUserDialog
          ? await this.#options.onUserDialog(
              {
                dialogKind: request.dialog_kind as string,
                payload: request.payload,
                toolUseID: request.tool_use_id as string | undefined,
              } as never,
              { signal: controller.signal, requestId: frame.request_id } as never,
            )
          : null;
        if (result !== null && !controller.signal.aborted)
          this.#write(controlSuccess(frame.request_id, { ...result }));
      } else {
        this.#write(unsupportedControlRequest(frame.request_id, request.subtype));
      }
    } catch (error) {
      if (!controller.signal.aborted) this.#write(controlError(frame.request_id, (error as Error).message));
    } finally {
      this.#inFlight.delete(frame.request_id);
    }
  }

  #request(request: { subtype: string } & Record<string, unknown>): Promise<Record<string, unknown>> {
    const frame = newControlRequest(request as Parameters<typeof newControlRequest>[0]);
    return new Promise((resolve, reject) => {
      if (this.#done) {
        reject(new Error(`the CLI has exited; ${request.subtype} was not sent`));
        return;
      }
      this.#pending.set(frame.request_id, { resolve, reject });
      this.#write(frame);
    });
  }

  #write(frame: object): void {
    if (!this.#child.stdin.writableEnded) this.#child.stdin.write(`${JSON.stringify(frame)}\n`);
  }

  #push(message: SDKMessage): void {
    this.#messages.push(message);
    this.#wake?.();
  }

  #closed(code: number | null, signal: NodeJS.Signals | null): void {
    this.#done = true;
    for (const [, pending] of this.#pending) pending.reject(new Error("the CLI exited before it answered"));
    this.#pending.clear();
    for (const controller of this.#inFlight.values()) controller.abort();
    if (this.#failure === undefined && code !== 0 && signal === null && this.#results < this.#sent) {
      this.#failure = new Error(
        `the CLI exited with code ${code}${this.#stderr ? `: ${this.#stderr.trim()}` : ""}`,
      );
    }
    this.#wake?.();
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    this.#done = true;
    this.#wake?.();
  }

  async next(): Promise<IteratorResult<SDKMessage, void>> {
    for (;;) {
      const message = this.#messages.shift();
      if (message !== undefined) return { value: message, done: false };
      if (this.#failure !== undefined) {
        const failure = this.#failure;
        this.#failure = undefined;
        this.#done = true;
        throw failure;
      }
      if (this.#done) return { value: undefined, done: true };
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = undefined;
    }
  }

  async return(): Promise<IteratorResult<SDKMessage, void>> {
    this.close();
    return { value: undefined, done: true };
  }

  async throw(error: unknown): Promise<IteratorResult<SDKMessage, void>> {
    this.close();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    this.close();
  }

  protected request(request: ControlRequestBody): Promise<Record<string, unknown>> {
    return this.#request(request);
  }

  protected get initialized(): Promise<Record<string, unknown>> {
    return this.#initialized;
  }

  protected initializeAgain(): Promise<Record<string, unknown>> {
    return this.#request(this.#initializeBody);
  }

  async streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void> {
    this.#streaming += 1;
    try {
      for await (const message of stream) {
        if (this.#done) break;
        this.#writeUser(this.#options.verbatimPrompts ? { ...message, client_composed: true } : message);
      }
    } finally {
      this.#streaming -= 1;
      this.#endInputWhenAnswered();
    }
  }

  close(): void {
    if (this.#done) return;
    void this.#mcpHosting.close();
    this.#done = true;
    this.#child.stdin.end();
    this.#child.kill("SIGTERM");
    this.#spawnAbort.abort();
    this.#wake?.();
  }
}

/** The `elicitation` request in the shape the official SDK hands to `onElicitation`. */
function elicitationOf(request: Record<string, unknown>) {
  return {
    serverName: request.mcp_server_name,
    message: request.message,
    mode: request.mode,
    url: request.url,
    elicitationId: request.elicitation_id,
    requestedSchema: request.requested_schema,
    title: request.title,
    displayName: request.display_name,
    description: request.description,
  } as never;
}
