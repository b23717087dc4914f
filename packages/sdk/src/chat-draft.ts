import type {
  ChatMessage,
  MessageSegment,
  SessionChatState,
  SubagentTreeEntry,
  TurnContent,
} from "./chat-state.ts";

/** Anything holding a turn's arrays: an agent turn, or a subagent's entry in its tree. */
type ArrayOwner = TurnContent & { subagentTree?: SubagentTreeEntry[] };
type ArrayKey = "segments" | "cards" | "partOrder" | "activityItems" | "activityEntries" | "subagentTree";

/**
 * A copy-on-write working copy of a SessionChatState for one batch of actions. The state object, the
 * messages array, each changed message and each changed nested array are copied at most once per batch;
 * everything untouched keeps its identity (so React.memo skips it). Derived text is recomputed once, at
 * `finish`, for the turns the batch touched.
 */
export class ChatDraft {
  readonly #base: SessionChatState;
  #state: SessionChatState | undefined;
  #messages: ChatMessage[] | undefined;
  readonly #fresh = new WeakSet<object>();
  readonly #touched = new Set<ChatMessage>();

  constructor(base: SessionChatState) {
    this.#base = base;
  }

  /** The state as changed so far (read-only view). */
  get state(): SessionChatState {
    return this.#state ?? this.#base;
  }

  /** The messages as changed so far (read-only view). */
  get messages(): readonly ChatMessage[] {
    return this.#messages ?? this.state.messages;
  }

  /** The state object, copied on first write. */
  writableState(): SessionChatState {
    if (this.#state === undefined) this.#state = { ...this.#base };
    return this.#state;
  }

  /** Replaces the whole state (a snapshot load); later edits copy from it. */
  replaceState(state: SessionChatState): void {
    this.#state = { ...state };
    this.#messages = undefined;
  }

  /** The messages array, copied on first write. */
  writableMessages(): ChatMessage[] {
    if (this.#messages === undefined) this.#messages = [...this.state.messages];
    return this.#messages;
  }

  /** A writable version of the message at `index` (copied once per batch), already in the array. */
  editMessage(index: number): ChatMessage {
    const messages = this.writableMessages();
    const current = messages[index] as ChatMessage;
    if (this.#fresh.has(current)) return current;
    const copy = { ...current };
    this.#fresh.add(copy);
    messages[index] = copy;
    if (copy.role === "agent") this.#touched.add(copy);
    return copy;
  }

  /** Inserts a new message (treated as fresh: later edits in this batch mutate it in place). */
  insertMessage(index: number, message: ChatMessage): ChatMessage {
    const copy = { ...message };
    this.#fresh.add(copy);
    this.writableMessages().splice(index, 0, copy);
    if (copy.role === "agent") this.#touched.add(copy);
    return copy;
  }

  removeMessage(index: number): void {
    this.writableMessages().splice(index, 1);
  }

  /**
   * A writable nested array of a message (or subagent entry) being edited (copied once per batch). The
   * owner must itself be writable: from `editMessage`, `editSubagent` or `editItem`.
   */
  editArray<K extends ArrayKey>(owner: ArrayOwner, key: K): NonNullable<ArrayOwner[K]> {
    const current = owner[key] as unknown[] | undefined;
    if (current !== undefined && this.#fresh.has(current)) return current as NonNullable<ArrayOwner[K]>;
    const copy = current === undefined ? [] : [...current];
    this.#fresh.add(copy);
    (owner as Record<string, unknown>)[key] = copy;
    return copy as NonNullable<ArrayOwner[K]>;
  }

  /** A writable entry of a turn's subagent tree (the turn, the tree and the entry copied once per batch). */
  editSubagent(turnIndex: number, entryIndex: number): SubagentTreeEntry {
    const turn = this.editMessage(turnIndex);
    return this.editItem(this.editArray(turn, "subagentTree"), entryIndex);
  }

  /** A writable segment of a message (or subagent entry) being edited (copied once per batch). */
  editSegment(message: TurnContent, index: number): MessageSegment {
    const segments = this.editArray(message, "segments");
    const current = segments[index] as MessageSegment;
    if (this.#fresh.has(current)) return current;
    const copy = { ...current };
    this.#fresh.add(copy);
    segments[index] = copy;
    return copy;
  }

  /** A writable element of a nested array (copied once per batch). */
  editItem<T extends object>(items: T[], index: number): T {
    const current = items[index] as T;
    if (this.#fresh.has(current)) return current;
    const copy = { ...current };
    this.#fresh.add(copy);
    items[index] = copy;
    return copy;
  }

  /** The changed state; the base object itself when nothing changed. */
  finish(): SessionChatState {
    for (const turn of this.#touched) deriveTurnText(turn);
    if (this.#state === undefined && this.#messages === undefined) return this.#base;
    const state = this.writableState();
    if (this.#messages !== undefined) state.messages = this.#messages;
    return state;
  }
}

/** An agent turn's `text`, `liveText` and `thinkingText`, derived from its segments. */
export function deriveTurnText(turn: ChatMessage): void {
  const segments = turn.segments ?? [];
  if (segments.length === 0 && turn.text !== "" && turn.segments === undefined) return;
  const texts: string[] = [];
  const thinking: string[] = [];
  let live: string | undefined;
  for (const segment of segments) {
    if (segment.text !== "") texts.push(segment.text);
    if (segment.thinking !== undefined && segment.thinking !== "") thinking.push(segment.thinking);
    if (segment.streaming) live = segment.text;
  }
  turn.text = texts.join("\n\n");
  if (thinking.length > 0) turn.thinkingText = thinking.join("\n\n");
  else delete turn.thinkingText;
  if (live !== undefined) turn.liveText = live;
  else delete turn.liveText;
}
