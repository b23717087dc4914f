import { join } from "node:path";
import {
  contextWindowFor,
  type EngineMessage,
  type EngineTool,
  foldTurnIntoHistory,
  instructionsPrompt,
  loadSettings,
  type ModelConfig,
  modelRef,
  readProjectInstructions,
  readSkills,
  resolveFallbackModelConfig,
  resolveModelConfig,
  runAgentTurn,
  settingsPath,
  USER_INSTRUCTIONS_FILE,
} from "@parley/engine";
import type {
  Approval,
  AskUserAnswer,
  MessageParam,
  PermissionMode,
  StreamingSegment,
} from "@parley/protocol";
import { ChangeTracker } from "../changes/change-tracker.ts";
import type { ChangeReport } from "../changes/describe-changes.ts";
import { publishChangeReport } from "../changes/publish-change-report.ts";
import { compactBeforeTurn } from "../compaction/compaction.ts";
import { resolvePermissionMode } from "../context/permission-mode.ts";
import { completionOf, type RunCompletion } from "../context/run-completion.ts";
import type { RunContext } from "../context/run-context.ts";
import {
  contextText,
  unseenContextMessages,
  withConversationContext,
} from "../conversation/conversation-context.ts";
import { withPartialText } from "../conversation/partial-history.ts";
import type { ResumedCall } from "../conversation/resume-point.ts";
import { RunBase, type RunBaseIdentity } from "./run-base.ts";
import { settleOpenCalls, showFinalTextCard } from "./run-conclusion.ts";
import { RunRecorder } from "./run-recorder.ts";
import { createRunToolset } from "./run-toolset.ts";
import type { RunResultSummary } from "./run-translator.ts";
import { composeSystemPrompt } from "./system-prompt.ts";

/** A run in progress, as the agent service tracks it. */
export interface ActiveRun {
  readonly runId: string;
  readonly sessionId: string;
  readonly agentId: string;
  readonly startedAtMs: number;
  /** Stops the run (explicit cancel); with `clearQueue` the agent's waiting messages are dropped too. */
  cancel(clearQueue: boolean): void;
  /** Stops the run because the server is shutting down; it is recorded as interrupted. */
  interrupt(): void;
  streamingSegment(): StreamingSegment | undefined;
}

/** What one turn uses instead of the agent's own: a workflow step's model and the only tools it may call. */
export interface TurnOverrides {
  model?: string;
  tools?: readonly string[];
}

/** Who a run is, and what it continues. */
export interface RunIdentity extends RunBaseIdentity {
  takeQueuedMessages: () => MessageParam["content"][];
  /** `resume` continues a stored conversation at its open tool calls (no prompt). */
  kind: "turn" | "resume";
  /** The calls a resume run carries out first (made before a restart). */
  resumedCalls?: ResumedCall[];
  /** Approvals answered while no run waited, by tool call: applied once to the resumed calls. */
  answeredApprovals?: Map<string, Approval>;
  /** Questions answered while no run waited, by AskUserQuestion call. */
  answeredQuestions?: Map<string, AskUserAnswer[]>;
  /** This turn's own model and tools (a workflow's agent step). */
  turn?: TurnOverrides;
}

/** How long a run waits for MCP servers that are still connecting before it starts without their tools. */
const MCP_READY_WAIT_MS = 10_000;

/**
 * Executes one agent run: resolves its model and permission mode, streams the engine's turn with the
 * run's tools, and for each engine message commits, in one transaction, the raw message, the rich messages
 * it produces (text, tool calls and results, cards) and their events. Token deltas go to the event bus's
 * group commit. Subagents' messages go to their own child runs. Exactly one outcome is recorded.
 */
export class RunDriver extends RunBase implements ActiveRun {
  readonly #identity: RunIdentity;
  readonly #tools = new Map<string, EngineTool>();
  readonly #recorder: RunRecorder;
  readonly #changes: ChangeTracker;
  #model: ModelConfig | undefined;
  #mode: PermissionMode = "default";
  #settingsMode: PermissionMode | undefined;

  constructor(context: RunContext, identity: RunIdentity) {
    super(context, identity);
    this.#identity = identity;
    this.#recorder = new RunRecorder(context, this.scope, this.#tools, () => this.#modelRef());
    this.#changes = new ChangeTracker(context.projectRoot, {
      onBaseline: (baseline) =>
        context.store.transaction(() => context.store.changeBaselines.record(this.runId, baseline)),
    });
  }

  /** Inside a transaction: records the run as started (its model is set once the engine resolved it). */
  recordStart(prompt: string): void {
    this.recordRunStart(prompt, { kind: this.#identity.kind, model: "" });
  }

  streamingSegment(): StreamingSegment {
    return {
      agent_id: this.agentId,
      run_id: this.runId,
      message_id: this.#recorder.translator.segmentId,
      text: this.#recorder.translator.partialText,
      thinking: this.#recorder.translator.partialThinking,
    };
  }

  /**
   * Runs the turn (or resumes the conversation, without a prompt) to its end. Never throws. Rich messages
   * added to the conversation outside any run since the last one go to the model in front of the prompt.
   */
  async execute(given: MessageParam["content"] | undefined): Promise<RunCompletion> {
    const { store, env, home, projectRoot } = this.context;
    const prompt =
      given === undefined
        ? undefined
        : withConversationContext(given, contextText(unseenContextMessages(store, this.#scopeIds())));
    try {
      const settings = await loadSettings(home);
      const override = store.overrides.get(projectRoot, this.agentId);
      const modelOverride = this.#identity.turn?.model ?? override?.model;
      const model = resolveModelConfig({
        env,
        settings,
        settingsFile: settingsPath(home),
        ...(modelOverride && { override: modelOverride }),
      });
      const fallbackModel = resolveFallbackModelConfig({ env, settings });
      this.#model = model;
      this.#settingsMode = settings.permission_mode;
      this.#mode = this.#currentMode();
      store.runs.setModel(this.runId, modelRef(model));
      const rules = store.permissionRules.list(projectRoot);
      const projectInstructions = settings.project_instructions !== false;
      const systemPrompt = composeSystemPrompt({
        settings: settings.system_prompt,
        agent: override?.system_prompt,
        ...(projectInstructions && {
          instructions: instructionsPrompt(
            await readProjectInstructions(projectRoot, ["user", "project", "local"], {
              rules,
              userFile: join(home, USER_INSTRUCTIONS_FILE),
            }),
          ),
        }),
        mission: store.missions.active(projectRoot)?.text,
      });
      if (prompt !== undefined) {
        await compactBeforeTurn(
          { ...this.context, settings: this.context.compaction },
          { ...this.#scopeIds(), model, prompt, systemPrompt, signal: this.controller.signal },
        );
      }
      // MCP servers still starting (the server just started) get a moment, so the model sees their tools.
      await this.context.mcp?.ready(MCP_READY_WAIT_MS);
      // Skills are the project's words as its instruction files are: the same switch turns both off.
      const skills = projectInstructions
        ? (await readSkills(projectRoot, { parleyHome: home, home: env.HOME, rules })).skills
        : [];
      const toolset = createRunToolset({
        context: this.context,
        scope: this.scope,
        log: this.#recorder.log,
        changes: this.#changes,
        scopeFor: (parent) => this.#recorder.scopeFor(parent),
        permissionMode: () => this.#currentMode(),
        interrupting: () => this.interrupting,
        answeredApprovals: this.#identity.answeredApprovals ?? new Map(),
        answeredQuestions: this.#identity.answeredQuestions ?? new Map(),
        skills,
        rules,
        scopedTools: (await this.context.scopedTools?.(this.scope)) ?? [],
      });
      const allowed = this.#identity.turn?.tools;
      const tools =
        allowed === undefined ? toolset.tools : toolset.tools.filter((tool) => allowed.includes(tool.name));
      for (const tool of tools) this.#tools.set(tool.name, tool);
      this.#recorder.resume(this.#identity.resumedCalls ?? []);
      const turn = runAgentTurn({
        ...this.context.turnDefaults,
        sessionId: this.sessionId,
        history: store.conversation.history(this.sessionId, this.agentId),
        ...(prompt !== undefined && { prompt }),
        model,
        ...(fallbackModel && { fallbackModel }),
        ...(systemPrompt !== undefined && { systemPrompt }),
        ...(settings.max_turns !== undefined && { maxTurns: settings.max_turns }),
        cwd: projectRoot,
        permissionMode: this.#mode,
        tools,
        skills: skills.map((skill) => skill.name),
        canUseTool: toolset.canUseTool,
        // Rules about reading (`Read(secrets/**)`) make reads ask the policy, and searches leave out what they name.
        readRules: store.permissionRules.list(projectRoot),
        // Subfolders' instruction files come with the file tools' results, as the root's come in the prompt.
        ...(settings.project_instructions !== false && { instructionSources: ["project", "local"] }),
        includePartialMessages: true,
        takeQueuedMessages: this.#identity.takeQueuedMessages,
        signal: this.controller.signal,
      });
      for await (const message of turn) {
        const recording = this.#handle(message, prompt);
        if (recording !== undefined) await recording;
      }
    } catch (error) {
      await this.#failUnexpectedly(error);
    }
    await this.#ensureFinished();
    return completionOf(store, this.runId);
  }

  #scopeIds(): { sessionId: string; agentId: string; runId: string } {
    return { sessionId: this.sessionId, agentId: this.agentId, runId: this.runId };
  }

  #currentMode(): PermissionMode {
    const { store, projectRoot } = this.context;
    return resolvePermissionMode(store, projectRoot, this.sessionId, this.agentId, this.#settingsMode)
      .permission_mode;
  }

  #modelRef(): string {
    return this.#model === undefined ? "" : modelRef(this.#model);
  }

  /**
   * Records one message of the turn; a promise only for the result of a run that changed files, whose report
   * is diffed first: every streamed token is recorded synchronously, without a promise of its own.
   */
  #handle(message: EngineMessage, prompt: MessageParam["content"] | undefined): Promise<void> | undefined {
    const step = this.#recorder.prepare(message, () => this.interrupting);
    if (step === undefined) return undefined;
    const { result } = step;
    const record = (report: ChangeReport | undefined) =>
      this.context.store.transaction(() => {
        step.apply();
        if (result) this.#finish(result, prompt, report);
      });
    // Diffs are computed before the transaction, so it holds the store's write lock only briefly, and off
    // the event loop, so a run that changed large files does not stall the server's other sessions.
    // A report that cannot be made (a file read failing) leaves the run's result as it is, without one.
    if (result && !this.#changes.empty) return this.#changes.report().then(record, () => record(undefined));
    record(undefined);
    return undefined;
  }

  /** Inside the transaction of the engine's result: ends the run and saves what the model saw. */
  #finish(
    result: RunResultSummary,
    prompt: MessageParam["content"] | undefined,
    report: ChangeReport | undefined,
  ): void {
    const { store, bus, now, projectRoot } = this.context;
    const interrupted = this.interrupting && result.outcome === "cancelled";
    let partialText = "";
    if (result.outcome === "cancelled") {
      const partial = this.#recorder.translator.closePartialSegment();
      partialText = String((partial.store[0]?.rich.data as { text?: string } | undefined)?.text ?? "");
      this.#recorder.storeMessages(partial.store, this.scope);
      for (const event of partial.events) bus.publish(event);
    }
    const status = interrupted
      ? "interrupted"
      : result.outcome === "success"
        ? "completed"
        : result.outcome === "cancelled"
          ? "cancelled"
          : "failed";
    // Children normally end with their task notification; any still running ended with their parent.
    this.#recorder.children.finishAll(status === "completed" || status === "failed" ? "failed" : status);
    store.runs.finish(this.runId, {
      status,
      endedAtMs: now(),
      ...(result.outcome === "success" && { result: result.text }),
      ...(result.error !== undefined && { error: result.error }),
    });
    store.conversation.append(
      this.sessionId,
      this.agentId,
      withPartialText(
        foldTurnIntoHistory({ ...(prompt !== undefined && { prompt }), messages: this.#recorder.emitted }),
        partialText,
      ),
    );
    settleOpenCalls(store, this.sessionId, this.agentId);
    if (result.outcome === "success") showFinalTextCard(this.context, this.scope, this.#mode === "plan");
    if (report !== undefined) publishChangeReport(this.context, this.scope, report);
    store.changeBaselines.finish(this.runId, this.#changes.checkpoints());
    const scope = { run_id: this.runId, session_id: this.sessionId, project_root: projectRoot };
    bus.publish({
      type: "Outcome",
      agent_id: this.agentId,
      outcome: interrupted ? "interrupted" : result.outcome,
      duration_ms: result.durationMs,
      ...(result.outcome === "success" && result.text !== "" && { summary: summarize(result.text) }),
      ...(result.error !== undefined && { error: result.error }),
      ...scope,
    });
    const contextWindow = this.#model && contextWindowFor(this.#model);
    bus.publish({
      type: "ContextUsage",
      agent_id: this.agentId,
      message_count: store.conversation.history(this.sessionId, this.agentId).length,
      estimated_tokens: result.contextTokens,
      compressed: false,
      ...(contextWindow !== undefined && { context_window: contextWindow }),
      ...scope,
    });
  }

  /** Something outside the engine's own error handling failed (settings, model configuration, a bug). */
  async #failUnexpectedly(error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const report = this.#changes.empty ? undefined : await this.#changes.report().catch(() => undefined);
    const { store, bus, now, projectRoot } = this.context;
    store.transaction(() => {
      if (!store.runs.finish(this.runId, { status: "failed", endedAtMs: now(), error: message })) return;
      this.#recorder.children.finishAll("failed");
      settleOpenCalls(store, this.sessionId, this.agentId);
      if (report !== undefined) publishChangeReport(this.context, this.scope, report);
      store.changeBaselines.finish(this.runId, this.#changes.checkpoints());
      // The error is the run's, shown once from the Outcome (and the run record after a reload).
      const scope = { run_id: this.runId, session_id: this.sessionId, project_root: projectRoot };
      bus.publish({
        type: "AgentStatus",
        agent_id: this.agentId,
        status: "idle",
        lifecycle: "done",
        ...scope,
      });
      bus.publish({ type: "Outcome", agent_id: this.agentId, outcome: "error", error: message, ...scope });
    });
  }

  /** A turn that ended without a result (it cannot, but a run must never stay "running"). */
  async #ensureFinished(): Promise<void> {
    const run = this.context.store.runs.get(this.runId);
    if (run?.status === "running")
      await this.#failUnexpectedly(new Error("the agent turn ended without a result"));
  }
}

function summarize(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= 200 ? line : `${line.slice(0, 199)}…`;
}
