import type { EngineMessage, EngineTool } from "@parley/engine";
import type { ToolResultBlockParam } from "@parley/protocol";
import type { MessageScope } from "../context/message-publisher.ts";
import type { RunContext } from "../context/run-context.ts";
import type { ResumedCall } from "../conversation/resume-point.ts";
import { ToolCallLog } from "../tool-calls/tool-call-log.ts";
import { toolHeadline } from "../tool-calls/tool-headline.ts";
import { type MessageToStore, type RunResultSummary, RunTranslator } from "./run-translator.ts";
import { type ChildRun, SubagentRuns } from "./subagent-runs.ts";

/** One engine message, translated: what to commit for it, and the turn's result if it ended the turn. */
export interface RecordStep {
  /** Stores the message and what it produces, and publishes its events. Call inside a unit of work. */
  apply(): void;
  result?: RunResultSummary;
}

/**
 * Records what a run's engine emits: the raw SDK messages (with the run, or with a subagent's own run
 * when `parent_tool_use_id` names its `Task` call), the rich messages and events the translator makes of
 * them, the tool calls and results (via the `ToolCallLog`), and the subagents' runs.
 */
export class RunRecorder {
  readonly log: ToolCallLog;
  readonly children: SubagentRuns;
  readonly translator: RunTranslator;
  /** The run's own messages, in order (what is folded into the conversation). */
  readonly emitted: EngineMessage[] = [];
  readonly #context: RunContext;
  readonly #scope: MessageScope & { runId: string };
  readonly #storedBySource = new Map<string, string[]>();

  constructor(
    context: RunContext,
    scope: MessageScope & { runId: string },
    tools: ReadonlyMap<string, EngineTool>,
    modelRef: () => string,
  ) {
    this.#context = context;
    this.#scope = scope;
    this.log = new ToolCallLog(tools, context.publisher, context.now);
    const describe = (name: string, input: unknown) => toolHeadline(tools.has(name), name, input);
    const executionStartOf = (id: string) => this.log.startedAtOf(id);
    this.translator = new RunTranslator({ ...scope, projectRoot: context.projectRoot }, context.now, {
      describe,
      executionStartOf,
    });
    this.children = new SubagentRuns(
      { ...context, describe, executionStartOf },
      { ...scope, model: modelRef },
    );
  }

  /**
   * Before a resume run's turn: takes over the calls it carries out (made before a restart) with the cards
   * they already have, and announces their activity.
   */
  resume(calls: readonly ResumedCall[]): void {
    if (calls.length === 0) return;
    this.#context.store.transaction(() => {
      for (const call of calls) {
        const record = {
          scope: this.#scope,
          toolName: call.name,
          input: call.input,
          parentToolUseId: undefined,
        };
        if (call.cardId !== undefined) this.log.adoptRequest(call.id, call.cardId, record);
        else this.log.noteCall(this.#scope, call.id, call.name, call.input);
      }
      for (const event of this.translator.resumeCalls(calls)) this.#context.bus.publish(event);
    });
  }

  /** The run (or subagent run) a call made in the turn `parentToolUseId` started belongs to. */
  scopeFor(parentToolUseId: string | undefined): MessageScope {
    return this.children.byToolUse(parentToolUseId)?.scope ?? this.#scope;
  }

  /**
   * Translates one engine message. Token deltas are published at once (group commit); everything else is
   * returned as a step to apply in a unit of work. Undefined when there is nothing to commit.
   */
  prepare(message: EngineMessage, interrupted: () => boolean): RecordStep | undefined {
    const parent = "parent_tool_use_id" in message ? message.parent_tool_use_id : null;
    const child = typeof parent === "string" ? this.children.byToolUse(parent) : undefined;
    if (child !== undefined) return this.#prepareChild(child, message);
    const { store, bus } = this.#context;
    const translation = this.translator.translate(message);
    for (const token of translation.tokens) bus.publish(token);
    if (message.type === "stream_event" && translation.events.length === 0) return undefined;
    return {
      ...(translation.result && { result: translation.result }),
      apply: () => {
        if (message.type !== "stream_event") {
          store.runs.appendMessage(this.#scope.runId, message);
          this.emitted.push(message);
        }
        this.#dropSuperseded(translation.superseded);
        this.storeMessages(translation.store, this.#scope);
        this.#recordToolCalls(message, this.#scope);
        if (message.type === "system" && message.subtype === "model_fallback") {
          store.runs.setModel(this.#scope.runId, (message as { actual: string }).actual);
        } else if (message.type === "system" && message.subtype === "task_started") {
          this.children.start(message);
        } else if (message.type === "system" && message.subtype === "task_notification") {
          this.children.finish(message, interrupted());
        }
        for (const event of translation.events) bus.publish(event);
      },
    };
  }

  /** Inside a unit of work: stores translated messages under a scope, remembering what produced them. */
  storeMessages(items: readonly MessageToStore[], scope: MessageScope): void {
    for (const item of items) {
      this.#context.store.messages.append({
        id: item.id,
        session_id: scope.sessionId,
        agent_id: scope.agentId,
        role: item.role,
        rich: item.rich,
        run_id: scope.runId,
        created_at_ms: this.#context.now(),
      });
      this.#storedBySource.set(item.sourceUuid, [
        ...(this.#storedBySource.get(item.sourceUuid) ?? []),
        item.id,
      ]);
    }
  }

  /** A subagent's message: kept with the child's run, shown under the child's agent id. */
  #prepareChild(child: ChildRun, message: EngineMessage): RecordStep {
    const { store, bus } = this.#context;
    const translation = child.translator.translate(message);
    return {
      apply: () => {
        store.runs.appendMessage(child.runId, message);
        this.#dropSuperseded(translation.superseded);
        this.storeMessages(translation.store, child.scope);
        this.#recordToolCalls(message, child.scope, child.toolUseId);
        for (const event of translation.events) bus.publish(event);
      },
    };
  }

  /** Tool calls of an assistant message are noted; tool results become ToolResult messages. */
  #recordToolCalls(message: EngineMessage, scope: MessageScope, parentToolUseId?: string): void {
    if (message.type === "assistant") {
      for (const block of message.message.content) {
        if (block.type === "tool_use")
          this.log.noteCall(scope, block.id, block.name, block.input, parentToolUseId);
      }
    } else if (message.type === "user" && typeof message.message.content !== "string") {
      for (const block of message.message.content) {
        if (block.type === "tool_result")
          this.log.recordResult(block.tool_use_id, block as ToolResultBlockParam, message.tool_use_result);
      }
    }
  }

  /** A retried model request replaced assistant messages already stored: remove them, tell clients to refetch. */
  #dropSuperseded(uuids: readonly string[]): void {
    const { store, bus, projectRoot } = this.#context;
    const ids = uuids.flatMap((uuid) => this.#storedBySource.get(uuid) ?? []);
    if (ids.length === 0) return;
    for (const id of ids) store.messages.delete(id);
    bus.publish({
      type: "StateUpdated",
      reason: "messages_superseded",
      session_id: this.#scope.sessionId,
      project_root: projectRoot,
    });
  }
}
