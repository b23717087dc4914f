import type { SubagentTreeEntry } from "../chat-state.ts";
import { readQuestionCard } from "./question-card.ts";
import { isToolRequestKind, readToolRequest } from "./tool-cards.ts";

/** `running`, or how the subagent ended: `success`, `error`, `cancelled`, `interrupted`. */
export function subagentStatus(entry: SubagentTreeEntry): string {
  if (!entry.done) return "running";
  return entry.outcome ?? "success";
}

/** Whether a subagent waits for the person: a pending approval or question among its cards. */
export function waitsForPerson(entry: SubagentTreeEntry): boolean {
  return (entry.cards ?? []).some((card) => {
    if (isToolRequestKind(card.rich.kind))
      return readToolRequest(card.rich.data)?.approval_status === "Pending";
    if (card.rich.kind === "Question")
      return (readQuestionCard(card.rich.data)?.status ?? "pending") === "pending";
    return false;
  });
}

/** Whether the subagent's report is its own last text, shown already with its text. */
export function saidInText(entry: SubagentTreeEntry): boolean {
  return (entry.segments ?? []).some((segment) => segment.text.trim() === entry.summary?.trim());
}

/** The entries at the top of a tree: those whose parent is not a subagent of the same tree. */
export function subagentRoots(entries: readonly SubagentTreeEntry[]): SubagentTreeEntry[] {
  const ids = new Set(entries.map((entry) => entry.subagentId));
  return entries.filter((entry) => !ids.has(entry.parentId));
}
