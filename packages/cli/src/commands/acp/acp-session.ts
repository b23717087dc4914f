import type {
  AgentContext,
  ClientCapabilities,
  ContentBlock,
  McpServer,
  PromptResponse,
  SessionModeState,
  SessionUpdate,
  StopReason,
} from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
import { createUpdatePlanTool, type EngineTool } from "@parley/engine";
import { PERMISSION_MODES, type PermissionMode } from "@parley/protocol";
import { RunAgent, type RunAgentOptions } from "../run/run-agent.ts";
import { editorApprovals } from "./editor-approvals.ts";
import { editorTools } from "./editor-tools.ts";
import { historyUpdates } from "./history-replay.ts";
import { PlanEntries } from "./plan-entries.ts";
import { promptContent } from "./prompt-content.ts";
import { storedProjectRules } from "./stored-project-rules.ts";
import { TurnUpdates } from "./turn-updates.ts";

/** What each of Parley's permission modes means, as the editor's mode picker shows it. */
const MODE_DESCRIPTIONS: Readonly<Record<PermissionMode, string>> = {
  default: "Reads run; edits, commands and MCP calls ask",
  acceptEdits: "Reads and file edits run; commands and MCP calls ask",
  plan: "Read only, then answer with a plan",
  dontAsk: "Refuse whatever would ask",
  bypassPermissions: "Everything runs without asking",
  auto: "As default: reads run; edits, commands and MCP calls ask",
};

/** What a session is opened with: `parley acp`'s agent options and the editor's request. */
export interface AcpSessionOptions {
  agent: Omit<RunAgentOptions, "ask" | "toolOverrides" | "cwd" | "projectRules">;
  client: AgentContext;
  capabilities: ClientCapabilities;
  cwd: string;
  mcpServers: readonly McpServer[];
  /** `session/load`: the stored session to continue. */
  resume?: string;
}

/**
 * One ACP session: Parley's agent (as `parley run` sets it up) in the editor's project, with the editor's
 * MCP servers, asking the editor for approvals and, where it offers them, using its files and terminals.
 * Turns run one at a time; `cancel` stops the current one.
 */
export class AcpSession {
  readonly #agent: RunAgent;
  readonly #client: AgentContext;
  readonly #cwd: string;
  readonly #plan = new PlanEntries();
  /** `UpdatePlan`: the agent reports progress on its plan, which the editor shows as it goes. */
  readonly #updatePlan: EngineTool;
  #turn: AbortController | undefined;

  private constructor(agent: RunAgent, client: AgentContext, cwd: string) {
    this.#agent = agent;
    this.#client = client;
    this.#cwd = cwd;
    this.#updatePlan = createUpdatePlanTool({
      onUpdate: (report) => this.#update(this.#plan.progress(report)),
    });
  }

  static async open(options: AcpSessionOptions): Promise<AcpSession> {
    const sessionId = options.resume ?? globalThis.crypto.randomUUID();
    const update = (value: SessionUpdate) =>
      options.client.notify("session/update", { sessionId, update: value });
    const args = {
      ...options.agent.args,
      sessionId,
      ...(options.resume !== undefined && { resume: options.resume }),
      mcpConfig: [...(options.agent.args.mcpConfig ?? []), ...editorMcpConfig(options.mcpServers)],
    };
    const projectRules = await storedProjectRules(options.agent.home, options.cwd, options.agent.warn);
    const agent = await RunAgent.open({
      ...options.agent,
      ...(projectRules && { projectRules }),
      args,
      cwd: options.cwd,
      origin: "acp",
      ask: editorApprovals({ client: options.client, sessionId, update }),
      toolOverrides: editorTools({
        client: options.client,
        sessionId,
        capabilities: options.capabilities,
        showTerminal: (toolCallId, terminalId) =>
          update({
            sessionUpdate: "tool_call_update",
            toolCallId,
            content: [{ type: "terminal", terminalId }],
          }),
      }),
    });
    return new AcpSession(agent, options.client, options.cwd);
  }

  get id(): string {
    return this.#agent.session.sessionId;
  }

  get cwd(): string {
    return this.#cwd;
  }

  /** Parley's permission modes as ACP session modes, the current one first chosen. */
  modes(): SessionModeState {
    return {
      currentModeId: this.#agent.permissions.policy.mode,
      availableModes: PERMISSION_MODES.map((mode) => ({
        id: mode,
        name: mode,
        description: MODE_DESCRIPTIONS[mode],
      })),
    };
  }

  setMode(modeId: string): void {
    if (!(PERMISSION_MODES as readonly string[]).includes(modeId)) {
      throw RequestError.invalidParams({ modeId }, `Parley has no mode ${JSON.stringify(modeId)}`);
    }
    this.#agent.permissions.policy.setMode(modeId as PermissionMode);
  }

  /** Sends the stored conversation to the editor, as `session/load` asks. */
  async replay(): Promise<void> {
    for (const update of historyUpdates(this.#agent.session.history, this.#cwd)) await this.#update(update);
  }

  /** Runs one turn on the editor's prompt, streaming it as updates; resolves with why it stopped. */
  async prompt(blocks: readonly ContentBlock[]): Promise<PromptResponse> {
    if (this.#turn)
      throw RequestError.invalidRequest(undefined, "a prompt is already running in this session");
    const controller = new AbortController();
    this.#turn = controller;
    const updates = new TurnUpdates(this.#cwd);
    let stopReason: StopReason = "end_turn";
    try {
      await this.#agent.mcpReady;
      const mode = this.#agent.permissions.policy.mode;
      for await (const message of this.#agent.session.send(promptContent(blocks), {
        signal: controller.signal,
        permissionMode: mode,
        tools: this.#agent.turnTools([this.#updatePlan]),
        mcpServers: this.#agent.mcp.status().map((server) => ({ name: server.name, status: server.status })),
        ...(this.#agent.systemPrompt !== undefined && { systemPrompt: this.#agent.systemPrompt }),
      })) {
        for (const update of updates.updatesFor(message)) await this.#update(update);
        // The prompt (with the turn's start) and each whole message are kept at once: a Parley server of
        // the project shows the thread as it goes.
        if (message.type === "system" || message.type === "assistant" || message.type === "user") {
          void this.#agent.save();
        }
        if (message.type !== "result") continue;
        if (controller.signal.aborted) stopReason = "cancelled";
        else if (message.subtype === "error_max_turns") stopReason = "max_turn_requests";
        else if (message.is_error) {
          const errors = Array.isArray(message.errors) ? message.errors.join("; ") : "the turn failed";
          throw RequestError.internalError(undefined, errors);
        }
      }
      const plan = mode === "plan" ? this.#plan.fromAnswer(updates.text) : undefined;
      if (plan) await this.#update(plan);
    } finally {
      this.#turn = undefined;
      await this.#agent.save();
    }
    return { stopReason: controller.signal.aborted ? "cancelled" : stopReason };
  }

  /** `session/cancel`: stops the running turn (its pending approval is withdrawn). */
  cancel(): void {
    this.#turn?.abort();
  }

  async close(): Promise<void> {
    this.#turn?.abort();
    await this.#agent.close();
  }

  #update(update: SessionUpdate): Promise<void> {
    return this.#client.notify("session/update", { sessionId: this.id, update });
  }
}

/** The editor's MCP servers as a `--mcp-config` value (the person's editor chose them: full environment). */
function editorMcpConfig(servers: readonly McpServer[]): string[] {
  if (servers.length === 0) return [];
  const entries = servers.map((server) => {
    if ("type" in server && (server.type === "http" || server.type === "sse")) {
      const headers = Object.fromEntries(server.headers.map((header) => [header.name, header.value]));
      return [server.name, { type: server.type, url: server.url, headers }];
    }
    const stdio = server as Extract<McpServer, { command: string }>;
    const env = Object.fromEntries(stdio.env.map((variable) => [variable.name, variable.value]));
    return [stdio.name, { command: stdio.command, args: stdio.args, env }];
  });
  return [JSON.stringify({ mcpServers: Object.fromEntries(entries) })];
}
