import type { SystemControlData } from "@parley/protocol";
import {
  compactionDetails,
  formatTokens,
  modeLabel,
  plural,
  SYSTEM_ACTION_WORDS,
  safeText,
} from "@parley/sdk";
import { Text } from "ink";

/** A session marker: where the conversation was compacted (and how much), a permission mode change, another control. */
export function SystemNoticeView({ control }: { control: SystemControlData }) {
  if (control.action === "compact") {
    const details = compactionDetails(control);
    const sizes =
      details.pre_tokens !== undefined && details.post_tokens !== undefined
        ? ` — ${formatTokens(details.pre_tokens)} → ${formatTokens(details.post_tokens)} tokens`
        : "";
    return (
      <Text dimColor>
        {`── Earlier messages were summarized${sizes}`}
        {details.trigger === "auto" && " (automatically, near the context limit)"}
        {details.summarized_messages !== undefined &&
          ` · ${plural(details.summarized_messages, "message")} summarized`}
        {" ──"}
      </Text>
    );
  }
  if (control.action === "mode_change") {
    return (
      <Text dimColor>
        {`── Permission mode: ${modeLabel(control.mode ?? "")}`}
        {control.previous_mode !== undefined && ` (was ${modeLabel(control.previous_mode)})`}
        {" ──"}
      </Text>
    );
  }
  return (
    <Text dimColor>
      {`── ${SYSTEM_ACTION_WORDS[control.action]}`}
      {control.reason !== undefined && ` — ${safeText(control.reason)}`}
      {" ──"}
    </Text>
  );
}
