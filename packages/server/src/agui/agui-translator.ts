import { type Event as AgUiEvent, EventType } from "@ag-ui/core";
import type { ServerEvent } from "@parley/protocol";

/** The shared state an AG-UI frontend renders Parley's cards from (STATE_SNAPSHOT, then STATE_DELTA). */
export interface AgUiCardState {
  /** The plan the agent proposed (plan mode), as Parley's Plan card holds it. */
  plan: Record<string, unknown> | null;
  /** Questions waiting for the person's answer (AskUserQuestion). */
  questions: { question_id: string; questions: unknown[] }[];
  /** Tool calls waiting for the person's approval (answer them with POST /api/approvals/:id). */
  approvals: { approval_id: string; tool_call_id: string; tool_name: string; description: string }[];
  /** Workflows started in the session, by execution id, as their progress cards hold them. */
  workflows: Record<string, Record<string, unknown>>;
}

type Rich = { kind?: unknown; data?: Record<string, unknown> };

/**
 * Turns the server events of one Parley run into AG-UI events, in order: streamed text as
 * TEXT_MESSAGE_START/CONTENT/END, thinking as a REASONING block, each tool call once as
 * TOOL_CALL_START/ARGS/END and its result as TOOL_CALL_RESULT, cards (plan, questions, approvals waiting,
 * workflow progress) as STATE_DELTA over the snapshot sent first, and the run's outcome as RUN_FINISHED or RUN_ERROR.
 */
export class AgUiTranslator {
  readonly #threadId: string;
  readonly #runId: string;
  readonly #state: AgUiCardState = { plan: null, questions: [], approvals: [], workflows: {} };
  readonly #toolCalls = new Set<string>();
  #text: string | undefined;
  #reasoning: string | undefined;
  /** Set once the run has ended (RUN_FINISHED or RUN_ERROR was produced). */
  finished = false;

  constructor(threadId: string, runId: string) {
    this.#threadId = threadId;
    this.#runId = runId;
  }

  /** What every stream starts with: the run, and the card state it begins from. */
  start(): AgUiEvent[] {
    return [
      { type: EventType.RUN_STARTED, threadId: this.#threadId, runId: this.#runId },
      { type: EventType.STATE_SNAPSHOT, snapshot: structuredClone(this.#state) },
    ];
  }

  /** The AG-UI events one server event of this run makes (often none). */
  translate(event: ServerEvent): AgUiEvent[] {
    if (this.finished) return [];
    switch (event.type) {
      case "Token":
        return this.#token(event.token, event.thinking, event.done, event.message_id ?? this.#runId);
      case "Message":
        return this.#message(event.message_id, event.rich as Rich | undefined, event.content);
      case "PlanUpdate":
        return this.#replace("plan", event.plan);
      case "AskUser":
        return this.#replace("questions", [
          ...this.#state.questions.filter((entry) => entry.question_id !== event.question_id),
          { question_id: event.question_id, questions: event.questions },
        ]);
      case "ContextUpdate":
        return this.#workflow(event.rich as Rich);
      case "Outcome":
        return this.#outcome(event.outcome, event.error);
      default:
        return [];
    }
  }

  #token(token: string, thinking: boolean, done: boolean, messageId: string): AgUiEvent[] {
    const events: AgUiEvent[] = [];
    if (thinking && token !== "") {
      events.push(...this.#endText());
      if (this.#reasoning === undefined) {
        this.#reasoning = `${messageId}.reasoning`;
        events.push(
          { type: EventType.REASONING_START, messageId: this.#reasoning },
          { type: EventType.REASONING_MESSAGE_START, messageId: this.#reasoning, role: "reasoning" },
        );
      }
      events.push({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: this.#reasoning, delta: token });
    } else if (token !== "") {
      events.push(...this.#endReasoning());
      if (this.#text === undefined) {
        this.#text = messageId;
        events.push({ type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" });
      }
      events.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: this.#text, delta: token });
    }
    if (done) events.push(...this.#endReasoning(), ...this.#endText());
    return events;
  }

  #message(messageId: string, rich: Rich | undefined, content: string): AgUiEvent[] {
    const data = rich?.data ?? {};
    const toolCallId = typeof data.tool_use_id === "string" ? data.tool_use_id : undefined;
    if (rich?.kind === "ToolRequest" && toolCallId !== undefined) {
      const events: AgUiEvent[] = [];
      if (!this.#toolCalls.has(toolCallId)) {
        this.#toolCalls.add(toolCallId);
        events.push(
          ...this.#endReasoning(),
          ...this.#endText(),
          { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: String(data.tool_name) },
          { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(data.parameters ?? {}) },
          { type: EventType.TOOL_CALL_END, toolCallId },
        );
      }
      return [...events, ...this.#approvalChange(toolCallId, data)];
    }
    if (rich?.kind === "ToolResult" && toolCallId !== undefined) {
      const output = typeof data.output === "string" ? data.output : content;
      return [
        {
          type: EventType.TOOL_CALL_RESULT,
          messageId,
          toolCallId,
          content: output === "" ? "(no output)" : output,
          role: "tool",
        },
      ];
    }
    return [];
  }

  /** A ToolRequest card waiting for approval joins `approvals`; once answered it leaves. */
  #approvalChange(toolCallId: string, data: Record<string, unknown>): AgUiEvent[] {
    const waiting = data.approval_status === "Pending" && typeof data.approval_id === "string";
    const listed = this.#state.approvals.some((entry) => entry.tool_call_id === toolCallId);
    if (waiting && !listed) {
      return this.#replace("approvals", [
        ...this.#state.approvals,
        {
          approval_id: data.approval_id as string,
          tool_call_id: toolCallId,
          tool_name: String(data.tool_name),
          description: typeof data.description === "string" ? data.description : "",
        },
      ]);
    }
    if (!waiting && listed) {
      return this.#replace(
        "approvals",
        this.#state.approvals.filter((entry) => entry.tool_call_id !== toolCallId),
      );
    }
    return [];
  }

  /** A workflow's progress card (seed 001's WorkflowExecution) replaces its entry in `workflows`. */
  #workflow(rich: Rich): AgUiEvent[] {
    const executionId = rich.data?.execution_id;
    if (rich.kind !== "WorkflowExecution" || typeof executionId !== "string") return [];
    return this.#replace("workflows", { ...this.#state.workflows, [executionId]: rich.data ?? {} });
  }

  #outcome(outcome: string, error: string | undefined): AgUiEvent[] {
    this.finished = true;
    const closing = [...this.#endReasoning(), ...this.#endText()];
    if (outcome === "success") {
      return [...closing, { type: EventType.RUN_FINISHED, threadId: this.#threadId, runId: this.#runId }];
    }
    if (outcome === "cancelled") {
      return [
        ...closing,
        {
          type: EventType.RUN_FINISHED,
          threadId: this.#threadId,
          runId: this.#runId,
          outcome: { type: "cancelled" },
        },
      ];
    }
    return [
      ...closing,
      { type: EventType.RUN_ERROR, message: error ?? `the run ended: ${outcome}`, code: outcome },
    ];
  }

  #replace<K extends keyof AgUiCardState>(key: K, value: AgUiCardState[K]): AgUiEvent[] {
    this.#state[key] = value;
    return [{ type: EventType.STATE_DELTA, delta: [{ op: "replace", path: `/${key}`, value }] }];
  }

  #endText(): AgUiEvent[] {
    if (this.#text === undefined) return [];
    const messageId = this.#text;
    this.#text = undefined;
    return [{ type: EventType.TEXT_MESSAGE_END, messageId }];
  }

  #endReasoning(): AgUiEvent[] {
    if (this.#reasoning === undefined) return [];
    const messageId = this.#reasoning;
    this.#reasoning = undefined;
    return [
      { type: EventType.REASONING_MESSAGE_END, messageId },
      { type: EventType.REASONING_END, messageId },
    ];
  }
}
