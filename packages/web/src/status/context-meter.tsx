import type { ContextUsageState } from "@parley/sdk";
import { formatTokens, plural } from "../lib/format.ts";

/** How full the agent's context window is: a meter when the window size is known, a count otherwise. */
export function ContextMeter({ usage }: { usage: ContextUsageState }) {
  const window = usage.contextWindow;
  const details = `${plural(usage.messageCount, "message")} in context${usage.compressed ? ", older ones summarized" : ""}`;
  const label =
    window !== undefined && window > 0
      ? `${formatTokens(usage.estimatedTokens)} / ${formatTokens(window)} tokens`
      : `~${formatTokens(usage.estimatedTokens)} tokens`;
  const ratio = window !== undefined && window > 0 ? Math.min(1, usage.estimatedTokens / window) : undefined;
  return (
    <span
      className={`context-meter${ratio !== undefined && ratio > 0.85 ? " context-meter-high" : ""}`}
      data-testid="context-meter"
      title={`${label} — ${details}`}
    >
      {ratio !== undefined && (
        <meter
          min={0}
          max={1}
          low={0.6}
          high={0.85}
          optimum={0}
          value={ratio}
          aria-label="Context window used"
        />
      )}
      <span className="context-meter-label">{label}</span>
      {usage.compressed && <span className="badge">summarized</span>}
    </span>
  );
}
