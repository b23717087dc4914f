import { createInterface } from "node:readline";
import {
  type AgentSession,
  type AskForPermission,
  type ModelConfig,
  ModelConfigError,
  type ReasoningSettings,
  resolveModelConfig,
  type SubagentDefinition,
} from "@parley/engine";
import {
  controlError,
  controlSuccess,
  decodeSdkMessage,
  type MessageParam,
  newResultError,
  PERMISSION_MODES,
  type PermissionMode,
  type SDKControlRequest,
  type SDKHookCallbackMatcher,
  unsupportedControlRequest,
} from "@parley/protocol";
import { type CliIo, write } from "../../../cli-io.ts";
import type { PrintModePermissions } from "../print-mode-permissions.ts";
import { joinPrompts, RunAgent, type RunAgentOptions } from "../run-agent.ts";
import { ControlChannel } from "./control-channel.ts";
import { hostSubagents, useSubagents } from "./host-agents.ts";
import { HostHooks } from "./host-hooks.ts";
import { McpControls } from "./mcp-controls.ts";
import { readFileForHost } from "./read-file-control.ts";
import { rewindFilesForHost } from "./rewind-files-control.ts";
import { SdkMcpServers } from "./sdk-mcp-tools.ts";
import { accountOf, contextUsageOf, subagentsOf, withThinkingBudget } from "./session-answers.ts";

/** How long Parley waits for the host to answer a `can_use_tool` or `hook_callback` request. */
const DEFAULT_HOST_TIMEOUT_MS = 5 * 60 * 1000;

/** What the stream-json mode needs from `parley run`: what its agent is made of. */
export type StreamJsonOptions = Omit<RunAgentOptions, "ask" | "warn">;

/**
 * `parley run --input-format stream-json --output-format stream-json`: the CLI end of the Claude Agent
 * SDK's control protocol. Stdin carries `user` messages and control frames (NDJSON); each user message is
 * answered with a turn that ends in one `result`, in order, until stdin ends. Control requests are
 * answered as they arrive, also mid-turn (`interrupt` stops the turn at once); with
 * `--permission-prompt-tool stdio` every call the policy would ask a person about is asked of the host
 * through `can_use_tool`; hooks registered in `initialize` are called through `hook_callback`.
 */
/**
 * Options of the official SDK that reach `initialize` and would change what the agent does, which Parley does
 * not honour yet: each is named once on stderr, never silently dropped. (A host's announcements of what it
 * can show, `supportedDialogKinds` and `perTaskStopAffordance`, ask for nothing and are not named.)
 */
const UNHONOURED_INITIALIZE_FIELDS = [
  "plugins",
  "title",
  "skills",
  "toolAliases",
  "planModeInstructions",
  "promptSuggestions",
  "agentProgressSummaries",
  "forwardSubagentText",
  "excludeDynamicSections",
  "systemPromptSnapshot",
] as const;

/** A user message waiting for its turn: what it says, and its uuid (the host's, or one given here). */
interface QueuedTurn {
  content: MessageParam["content"];
  uuid: string;
}

export class StreamJsonSession {
  readonly #options: StreamJsonOptions;
  readonly #io: CliIo;
  readonly #channel: ControlChannel;
  readonly #warned = new Set<string>();
  /** The user messages waiting for their turn, with their uuids (the host's, or one given here). */
  readonly #turns: QueuedTurn[] = [];
  #session!: AgentSession;
  #permissions!: PrintModePermissions;
  #hooks: HostHooks | undefined;
  /** MCP servers hosted by the SDK, connecting in the background; every turn waits until they are ready. */
  #sdkMcp: SdkMcpServers | undefined;
  #sdkMcpReady: Promise<void> = Promise.resolve();
  /** The agent every `parley run` mode shares: tools, MCP servers, permissions, stored conversation. */
  #agent!: RunAgent;
  #mcpControls!: McpControls;
  /** Whether `initialize` came already: a second one (`reinitialize`) re-registers hooks and starts no servers again. */
  #initialized = false;
  /** The Task tool's subagent kinds with the host's `agents` (undefined: only `general-purpose`). */
  #subagents: Record<string, SubagentDefinition> | undefined;
  #model: ModelConfig;
  /** The JSON Schema answers must match (`--json-schema` or `initialize.jsonSchema`). */
  #outputSchema: Record<string, unknown> | undefined;
  /** Thinking and effort from the flags, as `set_max_thinking_tokens` changes them. */
  #reasoning: ReasoningSettings | undefined;
  #systemPrompt: string | undefined;
  #current: AbortController | undefined;
  #wakeTurns: (() => void) | undefined;
  #inputEnded = false;
  #exitCode = 0;
  #output: Promise<void> = Promise.resolve();

  constructor(options: StreamJsonOptions) {
    this.#options = options;
    this.#io = options.io;
    this.#model = options.model;
    this.#reasoning = options.args.reasoning;
    this.#outputSchema = options.args.jsonSchema;
    const timeout = Number(options.io.env.PARLEY_HOST_TIMEOUT_MS ?? DEFAULT_HOST_TIMEOUT_MS);
    this.#channel = new ControlChannel(
      (frame) => this.#send(frame),
      timeout > 0 ? timeout : DEFAULT_HOST_TIMEOUT_MS,
    );
  }

  /** Runs until stdin ends and every turn it asked for has finished; resolves with the exit status. */
  async run(): Promise<number> {
    await this.#openSession();
    for (const flag of this.#options.args.noted)
      this.#warnOnce(`${flag} is accepted and changes nothing here`);
    const turns = this.#runTurns();
    const lines = createInterface({ input: this.#io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) await this.#receive(line);
    this.#inputEnded = true;
    this.#wakeTurns?.();
    await turns;
    this.#channel.failAll("stdin closed");
    await this.#agent.close();
    await this.#output;
    return this.#exitCode;
  }

  async #openSession(): Promise<void> {
    const { args } = this.#options;
    const ask: AskForPermission | undefined =
      args.permissionPromptTool === "stdio" ? (prompt) => this.#askHost(prompt) : undefined;
    this.#agent = await RunAgent.open({ ...this.#options, ...(ask && { ask }), warn: (m) => this.#warn(m) });
    this.#session = this.#agent.session;
    this.#mcpControls = new McpControls(this.#agent);
    this.#permissions = this.#agent.permissions;
    this.#systemPrompt = this.#agent.systemPrompt;
  }

  /** One stdin line: a user message, a control frame, or something to report and skip. */
  async #receive(line: string): Promise<void> {
    if (line.trim() === "") return;
    const decoded = decodeSdkMessage(line);
    if (decoded.kind === "invalid") {
      // A malformed control request still gets an answer: a host waiting on it would hang otherwise.
      const raw = decoded.raw as { type?: unknown; request_id?: unknown } | null;
      if (raw?.type === "control_request" && typeof raw.request_id === "string") {
        await this.#send(controlError(raw.request_id, `invalid control request: ${decoded.error.message}`));
        return;
      }
      this.#warn(`parley: skipped a stdin line that is not a valid message: ${decoded.error.message}`);
      return;
    }
    if (decoded.kind === "unknown") {
      const request = (decoded.raw as { request_id?: unknown }).request_id;
      if (decoded.type === "control_request" && typeof request === "string") {
        await this.#send(unsupportedControlRequest(request, decoded.subtype ?? "(none)"));
      } else {
        this.#warn(
          `parley: skipped a stdin message of unknown type ${decoded.type}${decoded.subtype ? `/${decoded.subtype}` : ""}`,
        );
      }
      return;
    }
    if (decoded.kind === "message") {
      const message = decoded.message;
      if (message.type !== "user") {
        this.#warn(`parley: skipped a ${message.type} message on stdin; only user messages start turns`);
        return;
      }
      this.#turns.push({
        content: message.message.content as MessageParam["content"],
        uuid: message.uuid ?? globalThis.crypto.randomUUID(),
      });
      this.#wakeTurns?.();
      return;
    }
    const frame = decoded.frame;
    if (frame.type === "control_request") await this.#handleRequest(frame);
    else if (frame.type === "control_response") {
      if (!this.#channel.settle(frame)) {
        this.#warn(`parley: a control_response answers no request of ours (${frame.response.request_id})`);
      }
    }
  }

  async #handleRequest(frame: SDKControlRequest): Promise<void> {
    const id = frame.request_id;
    const request = frame.request as { subtype: string } & Record<string, unknown>;
    switch (request.subtype) {
      case "initialize":
        return this.#send(controlSuccess(id, this.#initialize(request)));
      case "interrupt":
        this.#current?.abort();
        return this.#send(controlSuccess(id));
      case "set_permission_mode": {
        const mode = request.mode as PermissionMode;
        if (!(PERMISSION_MODES as readonly string[]).includes(mode)) {
          return this.#send(controlError(id, `unknown permission mode ${JSON.stringify(request.mode)}`));
        }
        this.#permissions.policy.setMode(mode);
        return this.#send(controlSuccess(id));
      }
      case "set_model":
        return this.#send(this.#setModel(id, request.model));
      case "set_max_thinking_tokens":
        this.#reasoning = withThinkingBudget(this.#reasoning, request);
        return this.#send(controlSuccess(id));
      case "mcp_status":
        return this.#send(controlSuccess(id, { mcpServers: this.#mcpStatus() }));
      case "get_context_usage":
        return this.#send(
          controlSuccess(id, contextUsageOf([...this.#session.history], this.#systemPrompt, this.#model)),
        );
      case "mcp_set_servers":
        return this.#answer(id, () =>
          this.#mcpControls.setServers(isJsonObject(request.servers) ? request.servers : {}),
        );
      case "mcp_reconnect":
        return this.#answer(id, () => this.#mcpControls.reconnect(request.serverName));
      case "mcp_toggle":
        return this.#answer(id, () => this.#mcpControls.toggle(request.serverName, request.enabled));
      case "mcp_read_resource":
        return this.#answer(id, () => this.#mcpControls.readResource(request.serverName, request.uri));
      case "read_file":
        return this.#answer(id, () =>
          readFileForHost(request, this.#permissions.policy, this.#options.args.addDirectories ?? []),
        );
      case "stop_task":
        return this.#answer(id, async () => {
          if (!this.#agent.tasks.stop(String(request.task_id)))
            throw new Error(`no running task with id ${String(request.task_id)}`);
        });
      case "rewind_files":
        return this.#answer(id, () =>
          rewindFilesForHost(request, this.#agent.checkpoints, (text) => this.#warn(text)),
        );
      case "seed_read_state":
        // Parley's Edit never asks for an earlier Read, so an edit after this already works: nothing to seed.
        return this.#send(controlSuccess(id));
      default:
        return this.#send(unsupportedControlRequest(id, request.subtype));
    }
  }

  /** Answers with what `work` gives, or with its error; mid-turn requests are answered while the turn goes on. */
  async #answer(id: string, work: () => Promise<unknown>): Promise<void> {
    try {
      const payload = (await work()) as Record<string, unknown> | undefined;
      await this.#send(controlSuccess(id, payload));
    } catch (error) {
      await this.#send(controlError(id, error instanceof Error ? error.message : String(error)));
    }
  }

  #initialize(request: Record<string, unknown>): Record<string, unknown> {
    const first = !this.#initialized;
    this.#initialized = true;
    const hooks = request.hooks as Partial<Record<string, SDKHookCallbackMatcher[]>> | undefined;
    if (hooks !== undefined) {
      this.#hooks = new HostHooks(
        hooks,
        this.#channel,
        {
          sessionId: () => this.#session.sessionId,
          cwd: this.#options.cwd,
          permissionMode: () => this.#permissions.policy.mode,
        },
        (message) => this.#warn(message),
      );
    }
    const prompts = request.systemPrompt as string[] | undefined;
    const custom = prompts?.filter((part) => part.trim() !== "").join("\n\n");
    const { args, settings } = this.#options;
    this.#systemPrompt = joinPrompts(
      custom || (args.systemPrompt ?? settings.system_prompt),
      this.#agent.instructions,
      typeof request.appendSystemPrompt === "string" ? request.appendSystemPrompt : undefined,
      args.appendSystemPrompt,
    );
    const sdkServers = request.sdkMcpServers as string[] | undefined;
    if (first && sdkServers !== undefined && sdkServers.length > 0) {
      // Not awaited here: connecting needs the host's answers, which arrive on the stdin this handler reads.
      const servers = new SdkMcpServers(this.#channel);
      this.#sdkMcp = servers;
      this.#sdkMcpReady = servers.connect(sdkServers, request.sdkMcpServerManifests as never).then(() => {
        for (const server of servers.servers) {
          if (server.error) this.#warn(`parley: the SDK MCP server ${server.name} failed: ${server.error}`);
        }
      });
    }
    // `mcpServersDelivery: "initialize"`: the servers come here instead of `--mcp-config`, keeping their env off argv.
    const hostServers = isJsonObject(request.mcpServers) ? request.mcpServers : undefined;
    if (first && hostServers !== undefined) void this.#agent.connectHostMcpServers(hostServers);
    const subagents = first ? hostSubagents(request.agents, (message) => this.#warnOnce(message)) : undefined;
    if (subagents !== undefined) {
      this.#subagents = subagents;
      useSubagents(this.#agent.tools, subagents, this.#agent.tasks);
    }
    // The SDK sends its outputFormat both as --json-schema and here; either sets it.
    if (isJsonObject(request.jsonSchema)) this.#outputSchema = request.jsonSchema;
    for (const field of UNHONOURED_INITIALIZE_FIELDS) {
      if (request[field] !== undefined)
        this.#warnOnce(`initialize: ${field} is not supported yet and was ignored`);
    }
    return {
      ...(hostServers !== undefined && { mcp_servers_applied: true }),
      commands: this.#agent.customCommands.slashCommands(),
      agents: subagentsOf(this.#agent.tools, this.#subagents),
      output_style: "default",
      available_output_styles: ["default"],
      models: [
        {
          value: this.#model.model,
          displayName: this.#model.model,
          description: `${this.#model.provider} model`,
        },
      ],
      account: accountOf(this.#model),
      pid: process.pid,
      current_permission_mode: this.#permissions.policy.mode,
      hooks_applied: hooks !== undefined,
    };
  }

  #setModel(id: string, requested: unknown) {
    try {
      this.#model =
        typeof requested === "string" && requested !== ""
          ? resolveModelConfig({ env: this.#io.env, settings: this.#options.settings, override: requested })
          : this.#options.model;
      return controlSuccess(id);
    } catch (error) {
      const message = error instanceof ModelConfigError ? error.message : String(error);
      return controlError(id, `set_model: ${message}`);
    }
  }

  /** Every MCP server of the session: those from --mcp-config and those the SDK host serves. */
  #mcpStatus() {
    const hosted = (this.#sdkMcp?.servers ?? []).map((server) => ({
      name: server.name,
      status: server.error ? "failed" : "connected",
      ...(server.error && { error: server.error }),
      scope: "sdk",
      tools: server.tools.map((tool) => ({
        name: tool.name,
        ...(tool.description && { description: tool.description }),
      })),
    }));
    return [...this.#agent.mcp.status().map((server) => ({ ...server, scope: "dynamic" })), ...hosted];
  }

  /** Runs the queued turns one after another until stdin has ended and nothing is left. */
  async #runTurns(): Promise<void> {
    for (;;) {
      const turn = this.#turns.shift();
      if (turn === undefined) {
        if (this.#inputEnded) return;
        await new Promise<void>((resolve) => {
          this.#wakeTurns = resolve;
        });
        this.#wakeTurns = undefined;
        continue;
      }
      await this.#runTurn(turn);
    }
  }

  async #runTurn({ content: prompt, uuid }: QueuedTurn): Promise<void> {
    const controller = new AbortController();
    this.#current = controller;
    try {
      await Promise.all([this.#sdkMcpReady, this.#agent.mcpReady]);
      // A typed custom command reaches the model filled in; the hooks see what the host sent.
      let content = this.#agent.customCommands.expand(prompt);
      if (this.#hooks) {
        const submitted = await this.#hooks.userPromptSubmit(textOf(prompt), controller.signal);
        if ("blocked" in submitted) {
          // The host still gets its one result for the message, saying why nothing ran.
          this.#exitCode = 1;
          await this.#send({
            ...newResultError({
              sessionId: this.#session.sessionId,
              subtype: "error_during_execution",
              errors: [`A UserPromptSubmit hook blocked the prompt: ${submitted.blocked}`],
            }),
            uuid: globalThis.crypto.randomUUID(),
          });
          return;
        }
        if (submitted.context) content = [...asBlocks(content), { type: "text", text: submitted.context }];
      }
      // A turn a hook blocked changes nothing: only a turn that runs begins a checkpoint.
      this.#agent.checkpoints?.begin(uuid);
      for await (const message of this.#session.send(content, {
        model: this.#model,
        signal: controller.signal,
        permissionMode: this.#permissions.policy.mode,
        reasoning: this.#reasoning,
        outputSchema: this.#outputSchema,
        tools: this.#agent.turnTools(this.#sdkMcp?.tools()),
        mcpServers: this.#mcpStatus().map((server) => ({ name: server.name, status: server.status })),
        slashCommands: this.#agent.customCommands.names(),
        ...(this.#systemPrompt !== undefined && { systemPrompt: this.#systemPrompt }),
        ...(this.#hooks && { toolHooks: this.#hooks.toolHooks() }),
      })) {
        if (message.type === "result") this.#exitCode = message.is_error ? 1 : 0;
        await this.#send(message);
        // `--replay-user-messages`: the message comes back, with its uuid, after the turn's `system/init`.
        if (
          this.#options.args.replayUserMessages &&
          message.type === "system" &&
          message.subtype === "init"
        ) {
          await this.#send({
            type: "user",
            message: { role: "user", content: prompt },
            session_id: this.#session.sessionId,
            parent_tool_use_id: null,
            uuid,
            timestamp: new Date().toISOString(),
            isReplay: true,
          });
        }
      }
      if (this.#hooks) await this.#hooks.stop(controller.signal).catch(() => {});
    } finally {
      this.#current = undefined;
      await this.#agent.save();
    }
  }

  /** `--permission-prompt-tool stdio`: the host decides, as a person would in Claude Code. */
  #askHost: AskForPermission = async (prompt) => {
    const answer = await this.#channel.request(
      {
        subtype: "can_use_tool",
        tool_name: prompt.toolName,
        input: prompt.input,
        tool_use_id: prompt.toolUseId,
        permission_suggestions: prompt.suggestions,
        description: prompt.reason,
        ...(prompt.blockedPath !== undefined && { blocked_path: prompt.blockedPath }),
      },
      prompt.signal,
    );
    return { ...answer, toolUseID: prompt.toolUseId } as Awaited<ReturnType<AskForPermission>>;
  };

  /** Writes one NDJSON frame; frames go out in the order they were sent. */
  #send(frame: object): Promise<void> {
    const line = `${JSON.stringify(frame)}\n`;
    this.#output = this.#output.then(() => write(this.#io.stdout, line));
    return this.#output;
  }

  #warn(message: string): void {
    this.#io.stderr.write(`${message}\n`);
  }

  #warnOnce(message: string): void {
    if (this.#warned.has(message)) return;
    this.#warned.add(message);
    this.#warn(`parley: ${message}`);
  }
}

function asBlocks(content: MessageParam["content"]) {
  return typeof content === "string" ? [{ type: "text" as const, text: content }] : [...content];
}

function textOf(content: MessageParam["content"]): string {
  if (typeof content === "string") return content;
  return content
    .flatMap((block) => (block.type === "text" ? [(block as { text: string }).text] : []))
    .join("\n");
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
