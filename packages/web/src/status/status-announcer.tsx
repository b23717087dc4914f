import { useChatStore } from "@parley/react";
import { displayPhase } from "@parley/sdk";

const ANNOUNCEMENTS = {
  thinking: "The agent is thinking.",
  working: "The agent is using tools.",
  streaming: "The agent is answering.",
  done: "The agent finished.",
} as const;

/**
 * A polite live region that tells screen-reader users what the agent is doing, once per phase change,
 * instead of reading out every streamed token.
 */
export function StatusAnnouncer() {
  const phase = useChatStore((state) => {
    const last = state.session?.messages.at(-1);
    return last?.role === "agent" ? displayPhase(last) : undefined;
  });
  return (
    <div className="visually-hidden" aria-live="polite" data-testid="status-live">
      {phase === undefined ? "" : ANNOUNCEMENTS[phase]}
    </div>
  );
}
