import { type ChatMessage, displayPhase, isMarkerOnly, OUTCOME_NOTES, readSystemControl } from "@parley/sdk";
import { SystemNotice } from "../cards/system-notice.tsx";
import { useSessionAgentCli } from "../use-session-agent-cli.ts";
import { ActivitySection } from "./activity-section.tsx";
import { MessageBody } from "./message-body.tsx";
import { MessageTime } from "./message-time.tsx";
import { SubagentTreeView } from "./subagent-tree-view.tsx";

/**
 * One agent turn (seed 002 AgentMessage): subagent tree when it delegated, tool activity, then the body.
 * How much of each shows depends on the turn's phase. A finished turn that holds only session markers (a
 * compaction, a permission mode change) is a divider row, not a bubble.
 */
export function AgentMessage({ message }: { message: ChatMessage }) {
  const phase = displayPhase(message);
  // A chat an agent CLI answers: its replies are the CLI's, whatever Parley calls the agent inside.
  const cli = useSessionAgentCli();
  if (phase === "done" && isMarkerOnly(message)) return <SystemRow message={message} />;
  const note = message.outcome === undefined ? undefined : OUTCOME_NOTES[message.outcome];
  return (
    <article
      className="message message-agent"
      data-testid="message"
      data-message-id={message.id}
      data-role="agent"
      data-phase={phase}
      aria-busy={phase !== "done"}
    >
      <header className="message-meta">
        <span className="message-author" data-testid="message-author">
          {cli?.label ?? message.from ?? "Agent"}
        </span>
        <MessageTime timestampMs={message.timestampMs} timestamp={message.timestamp} />
      </header>
      {message.subagentTree !== undefined && message.subagentTree.length > 0 && (
        <SubagentTreeView entries={message.subagentTree} />
      )}
      <ActivitySection message={message} phase={phase} />
      <MessageBody message={message} phase={phase} />
      {message.error !== undefined && (
        <div className="message-error" role="alert" data-testid="message-error">
          {message.error}
        </div>
      )}
      {note !== undefined && (
        <div className="message-outcome" data-testid="message-outcome" data-outcome={message.outcome}>
          {note}
        </div>
      )}
    </article>
  );
}

/** A row of session markers between messages (`data-role="system"`). */
function SystemRow({ message }: { message: ChatMessage }) {
  return (
    <div
      className="message message-system"
      data-testid="message"
      data-message-id={message.id}
      data-role="system"
    >
      {(message.cards ?? []).map((card) => {
        const control = readSystemControl(card.rich.data);
        return control === undefined ? null : (
          <SystemNotice key={card.id} control={control} messageId={card.id} />
        );
      })}
    </div>
  );
}
