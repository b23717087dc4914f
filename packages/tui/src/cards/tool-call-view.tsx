import type { ToolRequestData, ToolResultData } from "@parley/protocol";
import {
  type ActivityItem,
  approvalOutcomeText,
  approvalView,
  formatDuration,
  inlineToolOutput,
  resultFailed,
  type SubagentTreeEntry,
  safeText,
} from "@parley/sdk";
import { Box, Text } from "ink";
import { COLLAPSED_LINES, useDisplay } from "../theme/display.ts";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";
import { stateGlyph } from "./glyphs.ts";
import { mcpCallLabel } from "./mcp-call-label.tsx";
import { SubagentTreeView } from "./subagent-tree-view.tsx";
import { ToolParametersView } from "./tool-parameters-view.tsx";
import { ToolResultView } from "./tool-result-view.tsx";

/** The state a tool call is in, from its activity item, its result and its approval. */
export function toolCallState(
  request: ToolRequestData,
  item: ActivityItem | undefined,
  result: ToolResultData | undefined,
): ActivityItem["state"] {
  if (result !== undefined) return resultFailed(result) ? "failed" : "done";
  const view = approvalView(request);
  if (view === "pending") return "waiting";
  if (view === "rejected" || view === "cancelled" || view === "expired") return "failed";
  return item?.state ?? "running";
}

/**
 * One tool call on one line, as terminal agents show it: its headline, state, duration, and a short result
 * inline (or its first lines, or all of it with Ctrl-O); an answered approval says how; the subagents a
 * `Task` call started hang below it.
 */
export function ToolCallView({
  request,
  item,
  result,
  subagents,
}: {
  request: ToolRequestData;
  item?: ActivityItem | undefined;
  result?: ToolResultData | undefined;
  subagents: readonly SubagentTreeEntry[];
}) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const { expandTools } = useDisplay();
  const state = toolCallState(request, item, result);
  const colour =
    state === "failed"
      ? theme.danger
      : state === "waiting"
        ? theme.warning
        : state === "done"
          ? theme.success
          : theme.accent;
  const inline = result === undefined ? undefined : inlineToolOutput(result);
  const duration = result?.duration_ms ?? item?.durationMs;
  const asked = request.approval_id !== undefined && approvalView(request) !== "pending";
  return (
    <Box flexDirection="column">
      <Text>
        <Text color={colour}>{`${glyphs.tool} `}</Text>
        {mcpCallLabel(request, theme) ?? <Text bold>{safeText(request.headline ?? request.tool_name)}</Text>}
        {duration !== undefined && <Text dimColor>{` · ${formatDuration(duration)}`}</Text>}
        {item?.progress !== undefined && state === "running" && (
          <Text dimColor>{` · ${safeText(item.progress)}`}</Text>
        )}
        {state === "waiting" && <Text color={theme.warning}> · waiting for your approval</Text>}
        <Text color={colour}>{` ${stateGlyph(state, glyphs)}`}</Text>
        {inline !== undefined && !expandTools && (
          <Text color={result?.is_error ? theme.danger : undefined} dimColor={result?.is_error !== true}>
            {` — ${safeText(inline)}`}
          </Text>
        )}
      </Text>
      {asked && (
        <Box marginLeft={2} flexDirection="column">
          <Text dimColor>{approvalOutcomeText(request)}</Text>
          {request.feedback !== undefined && <Text italic>{`“${safeText(request.feedback)}”`}</Text>}
        </Box>
      )}
      {expandTools && (
        <Box marginLeft={2} flexDirection="column">
          <ToolParametersView toolName={request.tool_name} parameters={request.parameters} />
          {result !== undefined && <ToolResultView result={result} />}
        </Box>
      )}
      {!expandTools && result !== undefined && inline === undefined && resultFailed(result) && (
        <Box marginLeft={2}>
          <ToolResultView result={result} maxLines={COLLAPSED_LINES} />
        </Box>
      )}
      {subagents.length > 0 && (
        <Box marginLeft={2}>
          <SubagentTreeView entries={subagents} />
        </Box>
      )}
    </Box>
  );
}
