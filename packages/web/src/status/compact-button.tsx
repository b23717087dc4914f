import { useChatActions, useChatStore } from "@parley/react";
import { useState } from "react";

/** "Compact" next to the context meter: summarizes the agent's older messages now (not while it works). */
export function CompactButton() {
  const actions = useChatActions();
  const hasMessages = useChatStore((state) => (state.session?.messages.length ?? 0) > 0);
  const busy = useChatStore((state) => state.session?.busy === true);
  const [compacting, setCompacting] = useState(false);
  if (!hasMessages) return null;
  return (
    <button
      type="button"
      className="button button-small compact-button"
      data-testid="compact-button"
      disabled={busy || compacting}
      aria-busy={compacting}
      title={
        busy ? "The agent is working; compact once it is done" : "Summarize older messages to free context"
      }
      onClick={() => {
        setCompacting(true);
        void actions.compact().finally(() => setCompacting(false));
      }}
    >
      {compacting ? "Compacting…" : "Compact"}
    </button>
  );
}
