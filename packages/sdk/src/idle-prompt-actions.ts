import type { ChatAction } from "./chat-actions.ts";
import type { EventOf } from "./handled-event.ts";

/** What the agent's turn says while the idle scheduler's prompt starts it. */
export const IDLE_PROMPT_ACTIVITY = "Idle prompt toward the mission";

/**
 * The chat actions of seed 002's `IdlePromptTriggered` (an `activity` frame): the turn the idle prompt
 * started shows that it did, until the agent's own activity takes over. Without a run there is nothing to show.
 */
export function idlePromptActions(event: EventOf<"IdlePromptTriggered">, atMs: number): ChatAction[] {
  if (event.run_id === undefined) return [];
  return [
    {
      type: "SET_ACTIVITY",
      runId: event.run_id,
      agentId: event.agent_id,
      atMs,
      detail: IDLE_PROMPT_ACTIVITY,
      status: "working",
    },
  ];
}
