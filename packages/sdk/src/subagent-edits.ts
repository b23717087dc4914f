import { isToolRequestKind, readToolRequest } from "./cards/tool-cards.ts";
import type { ChatAction } from "./chat-actions.ts";
import type { ChatDraft } from "./chat-draft.ts";
import type { ChatMessage, MessageCard, SubagentTreeEntry, TurnContent } from "./chat-state.ts";
import type { SubagentRunState } from "./interaction-state.ts";
import { closeActivityOn, type EditableContent } from "./turn-content.ts";
import { ensureTurn, locateTurn, parentTurnIndex } from "./turn-lookup.ts";

/** Where a subagent's entry is: the agent turn whose tree holds it, and its index in that tree. */
export interface SubagentPlace {
  turnIndex: number;
  entryIndex: number;
}

/** Where a run-scoped action lands: the run's turn, or the entry of a subagent run in its parent's tree. */
export type RunPlace = { kind: "turn"; index: number } | { kind: "subagent"; place: SubagentPlace };

const MAX_DEPTH = 16;

/**
 * Where an event of a run goes, creating the run's turn when it has none. A subagent's run goes to its
 * entry in the subagent tree of the turn that started it, never to a turn of its own; a run not known as
 * a subagent's (a reload while a subagent worked) is recognised by its `Task` call (see `adoptSubagent`).
 */
export function placeRun(
  draft: ChatDraft,
  target: { runId: string; agentId: string; atMs: number },
  parentToolUseId?: string,
): RunPlace {
  return (
    findRunPlace(draft, target, parentToolUseId) ?? {
      kind: "turn",
      index: ensureTurn(draft, target.runId, target.agentId, target.atMs),
    }
  );
}

/**
 * Where an event of a run goes when that place exists already: its subagent entry, or its current turn
 * (undefined when the run has no turn, or a later user message of the run calls for a new one).
 */
export function findRunPlace(
  draft: ChatDraft,
  target: { runId: string; agentId: string; atMs: number },
  parentToolUseId?: string,
): RunPlace | undefined {
  const subagent = findSubagent(draft, target.runId, target.atMs);
  if (subagent !== undefined) return { kind: "subagent", place: subagent };
  const { index, laterUser } = locateTurn(draft.messages, target.runId);
  if (index !== -1) return laterUser === undefined ? { kind: "turn", index } : undefined;
  const adopted = adoptSubagent(draft, target.runId, target.agentId, target.atMs, parentToolUseId);
  return adopted === undefined ? undefined : { kind: "subagent", place: adopted };
}

/** The writable content at a place: the turn, or the subagent entry. */
export function contentAt(draft: ChatDraft, place: RunPlace): EditableContent {
  return place.kind === "turn"
    ? draft.editMessage(place.index)
    : draft.editSubagent(place.place.turnIndex, place.place.entryIndex);
}

/** True when a run is a subagent's (its events belong in a subagent tree). */
export function isSubagentRun(draft: ChatDraft, runId: string): boolean {
  return draft.state.subagentRuns?.[runId] !== undefined;
}

/**
 * The entry of a known subagent run, created in its parent's turn when missing (a snapshot or page that
 * holds the child's messages but not the moment it started). Undefined for runs that are not subagents'.
 */
export function findSubagent(draft: ChatDraft, runId: string, atMs = 0): SubagentPlace | undefined {
  const known = draft.state.subagentRuns?.[runId];
  if (known === undefined) return undefined;
  return locateSubagent(draft, runId) ?? createEntry(draft, runId, known, atMs);
}

/** Adds (or updates) a subagent's entry in the tree of the turn that started it (seed 002 ADD_SUBAGENT). */
export function addSubagent(draft: ChatDraft, action: Extract<ChatAction, { type: "ADD_SUBAGENT" }>): void {
  const { entry } = action;
  if (entry.runId !== undefined && entry.parentRunId !== undefined)
    register(draft, entry.runId, { parentRunId: entry.parentRunId, subagentId: entry.subagentId });
  const existing = entry.runId === undefined ? undefined : locateSubagent(draft, entry.runId);
  if (existing !== undefined) {
    Object.assign(draft.editSubagent(existing.turnIndex, existing.entryIndex), entry);
    return;
  }
  let index = -1;
  if (entry.parentRunId !== undefined)
    index = locateTurn(draft.messages, rootRunOf(draft, entry.parentRunId)).index;
  if (index === -1) index = parentTurnIndex(draft, action.agentId);
  if (index === -1) return;
  const tree = draft.editArray(draft.editMessage(index), "subagentTree");
  const position = tree.findIndex((candidate) => candidate.subagentId === entry.subagentId);
  if (position === -1) tree.push(entry);
  else Object.assign(draft.editItem(tree, position), entry);
}

/** A subagent finished (seed 002 MARK_SUBAGENT_DONE): its outcome, report, duration and tool count. */
export function markSubagentDone(
  draft: ChatDraft,
  action: Extract<ChatAction, { type: "MARK_SUBAGENT_DONE" }>,
): void {
  const place =
    (action.runId === undefined ? undefined : locateSubagent(draft, action.runId)) ??
    locateById(draft, action.subagentId);
  if (place === undefined) return;
  const entry = draft.editSubagent(place.turnIndex, place.entryIndex);
  entry.done = true;
  if (action.outcome !== undefined) entry.outcome = action.outcome;
  if (action.summary !== undefined) entry.summary = action.summary;
  if (action.error !== undefined) entry.error = action.error;
  if (action.durationMs !== undefined) entry.durationMs = action.durationMs;
  if (action.toolUses !== undefined) entry.toolUses = action.toolUses;
  delete entry.activitySummary;
  closeActivityOn(draft, entry);
}

/** The root run of a run: itself, or the run whose (possibly nested) subagent it is. */
export function rootRunOf(draft: ChatDraft, runId: string): string {
  let current = runId;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const parent = draft.state.subagentRuns?.[current]?.parentRunId;
    if (parent === undefined) return current;
    current = parent;
  }
  return current;
}

/** The entry of a subagent run in its root turn's tree, searching from the end. */
export function locateSubagent(draft: ChatDraft, runId: string): SubagentPlace | undefined {
  const root = rootRunOf(draft, runId);
  const messages = draft.messages;
  for (let turnIndex = messages.length - 1; turnIndex >= 0; turnIndex--) {
    const message = messages[turnIndex] as ChatMessage;
    if (message.role !== "agent" || message.runId !== root || message.subagentTree === undefined) continue;
    const entryIndex = message.subagentTree.findIndex((entry) => entry.runId === runId);
    if (entryIndex !== -1) return { turnIndex, entryIndex };
  }
  return undefined;
}

function locateById(draft: ChatDraft, subagentId: string): SubagentPlace | undefined {
  const messages = draft.messages;
  for (let turnIndex = messages.length - 1; turnIndex >= 0; turnIndex--) {
    const entryIndex = messages[turnIndex]?.subagentTree?.findIndex(
      (entry) => entry.subagentId === subagentId,
    );
    if (entryIndex !== undefined && entryIndex !== -1) return { turnIndex, entryIndex };
  }
  return undefined;
}

function register(draft: ChatDraft, runId: string, run: SubagentRunState): void {
  const state = draft.writableState();
  if (state.subagentRuns?.[runId] !== undefined) return;
  state.subagentRuns = { ...state.subagentRuns, [runId]: run };
}

/** A `Task` call card and where it is: the run whose turn (or subagent entry) made it. */
interface TaskCall {
  runId: string;
  agentId: string;
  toolUseId: string;
  parameters: Record<string, unknown>;
}

/**
 * Recognises an unknown run as a subagent's: by `parentToolUseId` (a subagent's tool card names its Task
 * call), or, for any of its events, when the active run made a `Task` call that has no result and no
 * subagent yet and the event's agent is not that run's agent.
 */
function adoptSubagent(
  draft: ChatDraft,
  runId: string,
  agentId: string,
  atMs: number,
  parentToolUseId: string | undefined,
): SubagentPlace | undefined {
  const task =
    parentToolUseId === undefined
      ? openTaskOfActiveRun(draft, agentId)
      : findTaskCall(draft, parentToolUseId);
  if (task === undefined) return undefined;
  const run: SubagentRunState = { parentRunId: task.runId, subagentId: agentId };
  register(draft, runId, run);
  return createEntry(draft, runId, run, atMs, task);
}

function createEntry(
  draft: ChatDraft,
  runId: string,
  run: SubagentRunState,
  atMs: number,
  task: TaskCall | undefined = findTaskOf(draft, run),
): SubagentPlace {
  const root = rootRunOf(draft, run.parentRunId);
  const parentAgent = draft.state.subagentRuns?.[run.parentRunId]?.subagentId;
  let turnIndex = locateTurn(draft.messages, root).index;
  if (turnIndex === -1) turnIndex = ensureTurn(draft, root, parentAgent ?? "main", atMs);
  const turn = draft.messages[turnIndex] as ChatMessage;
  const parameters = task?.parameters ?? {};
  const prompt = typeof parameters.prompt === "string" ? parameters.prompt : run.prompt;
  const entry: SubagentTreeEntry = {
    subagentId: run.subagentId,
    parentId: parentAgent ?? task?.agentId ?? turn.from ?? "main",
    task:
      typeof parameters.description === "string"
        ? parameters.description
        : (run.description ?? prompt ?? "Subagent task"),
    runId,
    parentRunId: run.parentRunId,
    done: false,
    ...(task !== undefined && { toolUseId: task.toolUseId }),
    ...(typeof parameters.subagent_type === "string" && { subagentType: parameters.subagent_type }),
    ...(prompt !== undefined && { prompt }),
  };
  const tree = draft.editArray(draft.editMessage(turnIndex), "subagentTree");
  tree.push(entry);
  return { turnIndex, entryIndex: tree.length - 1 };
}

/** Every `Task` call card of a turn and its subagent entries, with the run that made it. */
function taskCallsOf(turn: ChatMessage): TaskCall[] {
  const calls: TaskCall[] = [];
  const collect = (content: TurnContent, runId: string | undefined, agentId: string) => {
    for (const card of content.cards ?? []) {
      const call = taskCall(card, runId, agentId);
      if (call !== undefined) calls.push(call);
    }
  };
  collect(turn, turn.runId, turn.from ?? "main");
  for (const entry of turn.subagentTree ?? []) collect(entry, entry.runId, entry.subagentId);
  return calls;
}

function taskCall(card: MessageCard, runId: string | undefined, agentId: string): TaskCall | undefined {
  if (!isToolRequestKind(card.rich.kind) || runId === undefined) return undefined;
  const request = readToolRequest(card.rich.data);
  if (request?.tool_name !== "Task" || request.tool_use_id === undefined) return undefined;
  return { runId, agentId, toolUseId: request.tool_use_id, parameters: request.parameters };
}

function findTaskCall(draft: ChatDraft, toolUseId: string): TaskCall | undefined {
  for (let index = draft.messages.length - 1; index >= 0; index--) {
    const message = draft.messages[index] as ChatMessage;
    if (message.role !== "agent") continue;
    const call = taskCallsOf(message).find((candidate) => candidate.toolUseId === toolUseId);
    if (call !== undefined) return call;
  }
  return undefined;
}

/** A known run's `Task` call: by its tool use id when the run has one, else by its prompt. */
function findTaskOf(draft: ChatDraft, run: SubagentRunState): TaskCall | undefined {
  const byId = run.toolUseId === undefined ? undefined : findTaskCall(draft, run.toolUseId);
  return byId ?? findTaskByPrompt(draft, run);
}

function findTaskByPrompt(draft: ChatDraft, run: SubagentRunState): TaskCall | undefined {
  const root = rootRunOf(draft, run.parentRunId);
  for (let index = draft.messages.length - 1; index >= 0; index--) {
    const message = draft.messages[index] as ChatMessage;
    if (message.role !== "agent" || message.runId !== root) continue;
    const taken = new Set((message.subagentTree ?? []).map((entry) => entry.toolUseId));
    const calls = taskCallsOf(message).filter(
      (call) => call.runId === run.parentRunId && !taken.has(call.toolUseId),
    );
    const byPrompt =
      run.prompt === undefined
        ? calls[0]
        : calls.find((call) => [call.parameters.prompt, call.parameters.description].includes(run.prompt));
    if (byPrompt !== undefined) return byPrompt;
  }
  return undefined;
}

function openTaskOfActiveRun(draft: ChatDraft, agentId: string): TaskCall | undefined {
  const active = draft.state.activeRunId;
  if (active === undefined) return undefined;
  const { index } = locateTurn(draft.messages, active);
  const turn = draft.messages[index];
  if (turn === undefined || (turn.from ?? "main") === agentId) return undefined;
  const taken = new Set((turn.subagentTree ?? []).map((entry) => entry.toolUseId));
  const answered = new Set(
    (turn.activityItems ?? []).filter((item) => item.resultId !== undefined).map((item) => item.toolUseId),
  );
  return taskCallsOf(turn).find(
    (call) => call.runId === active && !taken.has(call.toolUseId) && !answered.has(call.toolUseId),
  );
}
