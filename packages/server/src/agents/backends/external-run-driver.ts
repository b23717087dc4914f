import type { AgentCli } from "@parley/agent-clis";
import type { AgentCliName, MessageParam, ResponsePart, StoredMessage } from "@parley/protocol";
import { ChangeTracker } from "../changes/change-tracker.ts";
import type { ChangeReport } from "../changes/describe-changes.ts";
import { publishChangeReport } from "../changes/publish-change-report.ts";
import { completionOf, type RunCompletion } from "../context/run-completion.ts";
import type { RunContext } from "../context/run-context.ts";
import { RunBase, type RunBaseIdentity } from "../run/run-base.ts";
import type { ActiveRun } from "../run/run-driver.ts";
import { openAgentCli } from "./agent-cli-backends.ts";
import { ExternalInteraction } from "./external-interaction.ts";
import { toolCallMessages } from "./external-tool-messages.ts";
import { projectFiles } from "./project-files.ts";

/** Who an external run is. */
export type ExternalRunIdentity = RunBaseIdentity;

/**
 * Runs one turn of a session whose backend is an external agent CLI: sends the message through the adapter
 * (continuing the CLI's own session), and turns each streamed part into the same stored messages and events
 * a built-in run produces: final text as Text, tool calls as ToolRequest/ToolResult cards (read-only where
 * the CLI's own permission system decided them; approval cards where a CLI driven over ACP asks), thinking
 * as thinking tokens, its plan as a Plan card, and the files it changed as the run's change report. Exactly one outcome is recorded; the CLI's session id is kept for the next message.
 */
export class ExternalRunDriver extends RunBase implements ActiveRun {
  readonly #backend: AgentCliName;
  /** The CLI's adapter, opened when the run starts (its environment comes from the settings of that moment). */
  #opened: AgentCli | undefined;
  /** Stored message ids by the CLI's part id, so a part's update replaces its message. */
  readonly #messages = new Map<string, string>();
  /** The project's files as the CLI found them, compared with what it left (the CLI edits them itself). */
  readonly #changes: ChangeTracker;
  #filesBefore = new Set<string>();
  /** The message the CLI's reasoning streams into until its next text takes that id. */
  #thinkingInto: string | undefined;
  /** How much of each reasoning part was streamed, so a part that grew streams only what is new. */
  readonly #thoughts = new Map<string, number>();
  /** What the CLI asks the person over ACP (permission for a call) and shows (its plan). */
  #interaction: ExternalInteraction | undefined;

  constructor(context: RunContext, identity: ExternalRunIdentity, backend: AgentCliName) {
    super(context, identity);
    this.#backend = backend;
    this.#changes = new ChangeTracker(context.projectRoot);
  }

  /** Inside a transaction: records the run as started, with the CLI as its model. */
  recordStart(prompt: string): void {
    this.recordRunStart(prompt, { kind: "turn", model: this.#backend });
  }

  streamingSegment(): undefined {
    return undefined;
  }

  /** The adapter, once `execute` opened it. */
  get #cli(): AgentCli {
    if (this.#opened === undefined) throw new Error("the agent CLI run has not started");
    return this.#opened;
  }

  /** Sends the message through the CLI and records what it streams, then how it ended. Never throws. */
  async execute(content: MessageParam["content"] | undefined): Promise<RunCompletion> {
    const { store } = this.context;
    this.#opened = await openAgentCli(this.#backend, this.context);
    this.#status("thinking", "doing", `${this.#cli.label} is working`);
    await this.#readProject();
    const session = store.sessions.get(this.sessionId);
    this.#interaction = new ExternalInteraction(
      this.context,
      this.scope,
      this.#backend,
      this.#cli.label,
      (key, rich, text) => this.#upsert(key, rich, text),
    );
    const run = this.#cli.runAgent({
      interaction: this.#interaction,
      message: promptText(content),
      sessionId: store.sessions.backendSession(this.sessionId),
      model: session?.backend_model ?? null,
      agent: session?.backend_agent ?? null,
      cwd: this.context.projectRoot,
      signal: this.controller.signal,
    });
    for await (const part of run) store.transaction(() => this.#record(part));
    const result = await run.result;
    const report = await this.#changeReport();
    store.transaction(() => {
      if (report !== undefined) publishChangeReport(this.context, this.scope, report);
      store.changeBaselines.finish(this.runId, this.#changes.checkpoints({ changedOnly: true }));
      if (result.model) this.#noteReportedModel(result.model);
      this.#finish(result.success, result.session_id, result.error_message);
    });
    return completionOf(store, this.runId);
  }

  async #readProject(): Promise<void> {
    this.#filesBefore = new Set(await projectFiles(this.context.projectRoot));
    for (const file of this.#filesBefore) await this.#changes.before(file);
  }

  /** What the CLI changed: files read before that differ now or are gone, and files that appeared. */
  async #changeReport(): Promise<ChangeReport | undefined> {
    for (const file of await projectFiles(this.context.projectRoot)) {
      if (!this.#filesBefore.has(file)) await this.#changes.absentBefore(file);
    }
    for (const file of this.#filesBefore) await this.#changes.after(file);
    return this.#changes.empty ? undefined : await this.#changes.report();
  }

  #record(part: ResponsePart): void {
    if (part.part_type === "thinking") {
      this.#think(part);
      return;
    }
    if (part.part_type === "tool") {
      const decided = this.#interaction?.decided.has(part.call_id ?? "") ?? false;
      for (const message of toolCallMessages(part, this.#cli.label, this.context.now())) {
        // A call the person or the policy decided keeps that card; the CLI's versions add only its result.
        if (decided && message.key.startsWith("request:")) continue;
        this.#upsert(message.key, message.rich, message.content);
      }
      return;
    }
    this.#upsert(part.part_id ?? null, { kind: "Text", data: { text: part.text } }, part.text);
  }

  /**
   * Streams reasoning as thinking tokens into the message the CLI's next text will be stored as, the way a
   * built-in run streams it, so the chat shows it in place and replies report it as a thinking part.
   */
  #think(part: ResponsePart): void {
    const key = part.part_id ?? `thinking:${this.#thoughts.size}`;
    this.#status("thinking", "doing", part.text.slice(0, 200));
    const streamed = this.#thoughts.get(key) ?? 0;
    if (part.text.length <= streamed) return;
    this.#thoughts.set(key, part.text.length);
    this.#thinkingInto ??= this.context.publisher.newId();
    this.#token(this.#thinkingInto, part.text.slice(streamed), { thinking: true });
  }

  #token(messageId: string, token: string, options: { thinking?: boolean; done?: boolean }): void {
    const { bus, projectRoot } = this.context;
    bus.publish({
      type: "Token",
      agent_id: this.agentId,
      token,
      done: options.done ?? false,
      thinking: options.thinking ?? false,
      message_id: messageId,
      run_id: this.runId,
      session_id: this.sessionId,
      project_root: projectRoot,
    });
  }

  /** Ends the thinking stream of the message in progress; returns its id for the text that follows. */
  #closeThinking(): string | undefined {
    const id = this.#thinkingInto;
    if (id !== undefined) this.#token(id, "", { done: true });
    this.#thinkingInto = undefined;
    return id;
  }

  /** Appends a message for a new part, or replaces the one an earlier version of the part produced. */
  #upsert(key: string | null, rich: StoredMessage["rich"], content: string): string {
    const { publisher, bus, projectRoot } = this.context;
    const known = key === null ? undefined : this.#messages.get(key);
    if (known !== undefined) {
      publisher.update(known, rich, content);
      return known;
    }
    const streamedInto = rich.kind === "Text" ? this.#closeThinking() : undefined;
    const id = publisher.append(this.scope, "assistant", rich, content, streamedInto);
    if (key !== null) this.#messages.set(key, id);
    if (rich.kind === "Text") {
      const scope = { run_id: this.runId, session_id: this.sessionId, project_root: projectRoot };
      bus.publish({ type: "TextSegment", agent_id: this.agentId, text: content, message_id: id, ...scope });
    }
    return id;
  }

  /** Keeps the model the CLI said it answered with, for the header (it shows when the session chose none). */
  #noteReportedModel(model: string): void {
    if (!this.context.store.sessions.setReportedModel(this.sessionId, model)) return;
    this.context.bus.publish({
      type: "StateUpdated",
      reason: "session_updated",
      session_id: this.sessionId,
      project_root: this.context.projectRoot,
    });
  }

  #finish(success: boolean, backendSessionId: string | null, error: string | null): void {
    const { store, bus, now, projectRoot } = this.context;
    this.#closeThinking();
    if (backendSessionId !== null) store.sessions.setBackendSession(this.sessionId, backendSessionId);
    const aborted = this.controller.signal.aborted;
    const status = success
      ? "completed"
      : aborted
        ? this.interrupting
          ? "interrupted"
          : "cancelled"
        : "failed";
    // A failure is the run's error, shown once from the Outcome (and the run record after a reload).
    const failure = error ?? `${this.#cli.label} failed`;
    const last = completionOf(store, this.runId).texts.at(-1)?.text;
    store.runs.finish(this.runId, {
      status,
      endedAtMs: now(),
      ...(success && last !== undefined && { result: last }),
      ...(status === "failed" && { error: failure }),
    });
    const scope = { run_id: this.runId, session_id: this.sessionId, project_root: projectRoot };
    this.#status("idle", "done", undefined);
    const outcome = success
      ? "success"
      : aborted
        ? this.interrupting
          ? "interrupted"
          : "cancelled"
        : "error";
    bus.publish({
      type: "Outcome",
      agent_id: this.agentId,
      outcome,
      duration_ms: now() - this.startedAtMs,
      ...(status === "failed" && { error: failure }),
      ...scope,
    });
  }

  #status(status: "thinking" | "idle", lifecycle: "doing" | "done", detail: string | undefined): void {
    const { bus, projectRoot } = this.context;
    bus.publish({
      type: "AgentStatus",
      agent_id: this.agentId,
      status,
      lifecycle,
      ...(detail !== undefined && { detail }),
      run_id: this.runId,
      session_id: this.sessionId,
      project_root: projectRoot,
    });
  }
}

/** The text a CLI receives: the message, or several waiting messages joined by a blank line. */
function promptText(content: MessageParam["content"] | undefined): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content
    .flatMap((block) => (block.type === "text" && typeof block.text === "string" ? [block.text] : []))
    .join("\n\n");
}
