import type {
  AskUserAnswer,
  RewindResponse,
  SelectablePermissionMode,
  SessionSummary,
} from "@parley/protocol";
import type {
  ApprovalAnswer,
  ChatMessage,
  ChatStoreApi,
  ChatStoreState,
  ExecutePlanMode,
  InteractionOutcome,
  MessageCard,
  SendOptions,
  SessionChatState,
} from "@parley/sdk";

/** When the fake records a plan decision (the real server stamps its own clock). */
const DECIDED_AT_MS = 1_795_000_000_000;

/** One recorded call of a store action, for assertions. */
export interface StoreCall {
  action: keyof ChatStoreApi;
  args: unknown[];
}

/**
 * An in-memory `ChatStoreApi` for component tests and `npm run dev:fake`: holds an immutable state that
 * tests replace or edit, records every action call, and gives the actions simple, plausible effects
 * (sending adds an optimistic bubble, renaming renames, deleting deletes…).
 */
export class FakeChatStore implements ChatStoreApi {
  readonly calls: StoreCall[] = [];
  /** Sessions `openSession` can open, by id. */
  readonly sessionStates = new Map<string, SessionChatState>();
  /** Pages `loadOlder` prepends, oldest page last. */
  readonly olderPages: ChatMessage[][] = [];
  /** When set, `sendMessage` fails with this error instead of adding a bubble. */
  failNextSend: string | undefined;
  /** When set, the next answer (approval, question, plan) returns this instead of answering. */
  nextOutcome: InteractionOutcome | undefined;
  /** What `rewindFiles` answers (an Error rejects with it); a real rewind answers `files` without dry_run. */
  nextRewind: Pick<RewindResponse, "files" | "message_id"> | Error = { files: [] };
  /** While set, answers wait for it before they take effect (to see a card while its answer is sent). */
  holdAnswers: Promise<void> | undefined;
  #state: ChatStoreState;
  readonly #listeners = new Set<() => void>();
  #nextId = 1;

  constructor(initial: Partial<ChatStoreState> = {}) {
    this.#state = { connection: "connected", sessions: [], loadingSession: false, ...initial };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): ChatStoreState => this.#state;

  /** Replaces the state with a new object (as the real store does) and notifies subscribers. */
  setState(change: Partial<ChatStoreState> | ((state: ChatStoreState) => ChatStoreState)): void {
    this.#state = typeof change === "function" ? change(this.#state) : { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }

  /** Edits the open session, keeping every untouched message object as it was. */
  updateSession(edit: (session: SessionChatState) => SessionChatState): void {
    this.setState((state) =>
      state.session === undefined ? state : { ...state, session: edit(state.session) },
    );
  }

  /** Replaces one message of the open session by id; the others keep their identity. */
  updateMessage(messageId: string, edit: (message: ChatMessage) => ChatMessage): void {
    this.updateSession((session) => ({
      ...session,
      messages: session.messages.map((message) => (message.id === messageId ? edit(message) : message)),
    }));
  }

  /** Appends streamed text to a message's streaming segment, as a token event would. */
  appendToken(messageId: string, segmentId: string, token: string): void {
    this.updateMessage(messageId, (message) => {
      const segments = message.segments ?? [];
      const existing = segments.find((segment) => segment.id === segmentId);
      const nextSegments = existing
        ? segments.map((segment) =>
            segment.id === segmentId ? { ...segment, text: segment.text + token } : segment,
          )
        : [...segments, { id: segmentId, text: token, streaming: true }];
      return {
        ...message,
        isGenerating: true,
        segments: nextSegments,
        text: nextSegments.map((s) => s.text).join("\n\n"),
      };
    });
  }

  /** The recorded calls of one action. */
  callsOf(action: keyof ChatStoreApi): unknown[][] {
    return this.calls.filter((call) => call.action === action).map((call) => call.args);
  }

  #record(action: keyof ChatStoreApi, ...args: unknown[]): void {
    this.calls.push({ action, args });
  }

  async start(): Promise<void> {
    this.#record("start");
  }

  stop(): void {
    this.#record("stop");
  }

  async openSession(sessionId: string): Promise<void> {
    this.#record("openSession", sessionId);
    const session = this.sessionStates.get(sessionId);
    if (session === undefined) {
      this.setState({ error: `No session ${sessionId}` });
      return;
    }
    this.setState({ activeSessionId: sessionId, session, loadingSession: false });
  }

  newSession(): void {
    this.#record("newSession");
    this.setState((state) => {
      const { activeSessionId: _active, session: _session, ...rest } = state;
      return rest;
    });
  }

  async sendMessage(text: string, options?: SendOptions): Promise<void> {
    if (options === undefined) this.#record("sendMessage", text);
    else this.#record("sendMessage", text, options);
    if (this.failNextSend !== undefined) {
      this.setState({ error: this.failNextSend });
      this.failNextSend = undefined;
      return;
    }
    const now = Date.now();
    const bubble: ChatMessage = {
      id: `local-${this.#nextId++}`,
      role: "user",
      text,
      timestamp: new Date(now).toISOString(),
      timestampMs: now,
      pending: true,
      ...(options?.attachments !== undefined && { attachments: [...options.attachments] }),
    };
    if (this.#state.session === undefined) {
      const sessionId = `session-${this.#nextId++}`;
      const summary: SessionSummary = {
        id: sessionId,
        title: text.slice(0, 40),
        project_root: "/project",
        created_at_ms: now,
        updated_at_ms: now,
      };
      this.setState((state) => ({
        ...state,
        sessions: [summary, ...state.sessions],
        activeSessionId: sessionId,
        session: { ...emptySession(sessionId), messages: [bubble] },
      }));
      return;
    }
    this.updateSession((session) => ({ ...session, messages: [...session.messages, bubble] }));
  }

  async stopRun(options?: { clearQueue?: boolean }): Promise<void> {
    this.#record("stopRun", options);
    this.updateSession((session) => {
      const { activeRunId: _run, ...rest } = session;
      return { ...rest, busy: false };
    });
  }

  /** Whole texts of queued messages, by id, as `GET /api/queue-items/:id` would answer. */
  readonly queuedTexts = new Map<string, string>();

  async queuedText(itemId: string): Promise<string | undefined> {
    this.#record("queuedText", itemId);
    return this.queuedTexts.get(itemId);
  }

  async removeQueued(itemId: string): Promise<void> {
    this.#record("removeQueued", itemId);
    this.updateSession((session) => ({
      ...session,
      queue: session.queue.filter((item) => item.id !== itemId),
    }));
  }

  async renameSession(sessionId: string, title: string): Promise<void> {
    this.#record("renameSession", sessionId, title);
    this.setState((state) => ({
      ...state,
      sessions: state.sessions.map((session) => (session.id === sessionId ? { ...session, title } : session)),
    }));
  }

  async deleteSession(sessionId: string): Promise<void> {
    this.#record("deleteSession", sessionId);
    this.setState((state) => {
      const sessions = state.sessions.filter((session) => session.id !== sessionId);
      if (state.activeSessionId !== sessionId) return { ...state, sessions };
      const { activeSessionId: _active, session: _session, ...rest } = state;
      return { ...rest, sessions };
    });
  }

  async loadOlder(): Promise<void> {
    this.#record("loadOlder");
    const page = this.olderPages.shift();
    if (page === undefined) return;
    this.updateSession((session) => ({
      ...session,
      messages: [...page, ...session.messages],
      hasOlder: this.olderPages.length > 0,
    }));
  }

  async answerQuestion(questionId: string, answers: AskUserAnswer[]): Promise<InteractionOutcome> {
    this.#record("answerQuestion", questionId, answers);
    return this.#answer(
      (card) => card.rich.kind === "Question" && field(card, "question_id") === questionId,
      {
        status: "answered",
        answers,
      },
    );
  }

  async answerApproval(approvalId: string, answer: ApprovalAnswer): Promise<InteractionOutcome> {
    this.#record("answerApproval", approvalId, answer);
    const outcome = await this.#answer(
      (card) => card.rich.kind === "ToolRequest" && field(card, "approval_id") === approvalId,
      (data) => ({
        ...data,
        approval_status: answer.decision === "reject" ? "Rejected" : "Approved",
        decided_by: "user",
        decision: answer.decision,
        ...(answer.feedback !== undefined && answer.feedback !== "" && { feedback: answer.feedback }),
        ...(answer.updatedInput !== undefined && {
          original_parameters: data.parameters,
          parameters: answer.updatedInput,
        }),
      }),
    );
    if (outcome.status === "done") {
      this.updateSession((session) => ({
        ...session,
        pendingApprovals: (session.pendingApprovals ?? []).filter(
          (pending) => pending.approvalId !== approvalId,
        ),
      }));
    }
    return outcome;
  }

  async executePlan(messageId: string, mode?: ExecutePlanMode): Promise<InteractionOutcome> {
    this.#record("executePlan", messageId, mode);
    return this.#answer((card) => card.id === messageId, {
      status: "executing",
      decision: { action: "execute", at_ms: DECIDED_AT_MS, permission_mode: mode ?? "default" },
    });
  }

  async refinePlan(messageId: string, feedback: string): Promise<InteractionOutcome> {
    this.#record("refinePlan", messageId, feedback);
    return this.#answer((card) => card.id === messageId, {
      status: "refining",
      decision: { action: "refine", at_ms: DECIDED_AT_MS, permission_mode: "plan", feedback },
    });
  }

  async setPermissionMode(mode: SelectablePermissionMode): Promise<void> {
    this.#record("setPermissionMode", mode);
    this.updateSession((session) => ({
      ...session,
      permissionModes: { ...session.permissionModes, main: { mode, source: "session" } },
    }));
  }

  async compact(instructions?: string): Promise<void> {
    this.#record("compact", instructions);
  }

  async rewindFiles(runId: string, options: { dryRun: boolean }): Promise<RewindResponse> {
    this.#record("rewindFiles", runId, options);
    const answer = this.nextRewind;
    if (answer instanceof Error) throw answer;
    return {
      session_id: this.#state.activeSessionId ?? "",
      run_id: runId,
      dry_run: options.dryRun,
      files: answer.files,
      ...(answer.message_id !== undefined && { message_id: answer.message_id }),
    };
  }

  /** Replaces the first card (of any turn or subagent) that satisfies `predicate`. */
  updateCard(predicate: (card: MessageCard) => boolean, edit: (card: MessageCard) => MessageCard): void {
    const editCards = (cards: MessageCard[] | undefined) =>
      cards?.some(predicate) === true ? cards.map((card) => (predicate(card) ? edit(card) : card)) : cards;
    this.updateSession((session) => ({
      ...session,
      messages: session.messages.map((message) => {
        const cards = editCards(message.cards);
        const tree = message.subagentTree?.map((entry) => {
          const entryCards = editCards(entry.cards);
          return entryCards === entry.cards ? entry : { ...entry, cards: entryCards };
        });
        const treeChanged = tree?.some((entry, index) => entry !== message.subagentTree?.[index]) === true;
        if (cards === message.cards && !treeChanged) return message;
        return {
          ...message,
          ...(cards !== undefined && { cards }),
          ...(treeChanged && { subagentTree: tree }),
        };
      }),
    }));
  }

  /** An answer as the server would take it: the card changes (in every tab), or the scripted outcome. */
  async #answer(
    predicate: (card: MessageCard) => boolean,
    change: Record<string, unknown> | ((data: Record<string, unknown>) => Record<string, unknown>),
  ): Promise<InteractionOutcome> {
    await this.holdAnswers;
    const scripted = this.nextOutcome;
    if (scripted !== undefined) {
      this.nextOutcome = undefined;
      return scripted;
    }
    this.updateCard(predicate, (card) => {
      const data = (card.rich.data ?? {}) as Record<string, unknown>;
      const next = typeof change === "function" ? change(data) : { ...data, ...change };
      return { ...card, rich: { ...card.rich, data: next } };
    });
    return { status: "done" };
  }

  dismissError(): void {
    this.#record("dismissError");
    this.setState((state) => {
      const { error: _error, ...rest } = state;
      return rest;
    });
  }
}

function field(card: MessageCard, name: string): unknown {
  return (card.rich.data as Record<string, unknown> | undefined)?.[name];
}

/** An open session with no messages, idle. */
export function emptySession(sessionId: string): SessionChatState {
  return { sessionId, messages: [], hasOlder: false, queue: [], busy: false, appliedSeq: 0 };
}

/** A session as the session list shows it. */
export function sessionSummary(id: string, title: string, updatedAtMs = 1_700_000_000_000): SessionSummary {
  return { id, title, project_root: "/project", created_at_ms: updatedAtMs, updated_at_ms: updatedAtMs };
}

/** A confirmed user message. */
export function userMessage(id: string, text: string): ChatMessage {
  return { id, role: "user", text, timestamp: "2026-11-21T10:00:00.000Z", timestampMs: 1_763_719_200_000 };
}

/** A finished agent turn with one final segment; `overrides` shape any other state. */
export function agentMessage(id: string, text: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    role: "agent",
    from: "main",
    text,
    timestamp: "2026-11-21T10:00:01.000Z",
    timestampMs: 1_763_719_201_000,
    segments: text === "" ? [] : [{ id: `${id}-segment`, text, streaming: false }],
    ...overrides,
  };
}
