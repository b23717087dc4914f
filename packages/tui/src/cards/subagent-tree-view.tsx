import {
  activityItemsOf,
  formatDuration,
  plural,
  type SubagentTreeEntry,
  safeText,
  subagentRoots,
  subagentStatus,
  waitsForPerson,
} from "@parley/sdk";
import { Box, Text } from "ink";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";
import { stateGlyph } from "./glyphs.ts";

/**
 * The subagents a turn delegated to (seed 002 SubagentTreeView) as a tree: each with its task, status,
 * latest activity while it runs, its last tool calls, and what it reported (or why it failed).
 */
export function SubagentTreeView({ entries }: { entries: readonly SubagentTreeEntry[] }) {
  return (
    <Box flexDirection="column">
      {subagentRoots(entries).map((entry) => (
        <SubagentNode key={entry.subagentId} entry={entry} entries={entries} depth={0} />
      ))}
    </Box>
  );
}

/** How many of a running subagent's latest tool calls show under it. */
const RECENT_CALLS = 3;

function SubagentNode({
  entry,
  entries,
  depth,
}: {
  entry: SubagentTreeEntry;
  entries: readonly SubagentTreeEntry[];
  depth: number;
}) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  // Depth guards against a malformed tree whose parent links form a cycle.
  const children = depth < 16 ? entries.filter((child) => child.parentId === entry.subagentId) : [];
  const status = subagentStatus(entry);
  const failed = entry.done && status !== "success";
  const items = activityItemsOf(entry);
  const toolCount = entry.toolUses ?? entry.toolCount ?? items.length;
  const meta = [
    ...(toolCount > 0 ? [plural(toolCount, "tool")] : []),
    ...(entry.durationMs !== undefined ? [formatDuration(entry.durationMs)] : []),
  ];
  const mark = !entry.done ? glyphs.running : failed ? glyphs.failed : glyphs.done;
  const colour = !entry.done ? theme.accent : failed ? theme.danger : theme.success;
  const report = failed ? (entry.error ?? entry.summary) : entry.summary;
  return (
    <Box flexDirection="column">
      <Text>
        <Text dimColor>└ </Text>
        <Text color={colour}>{`${mark} `}</Text>
        <Text>{safeText(entry.task)}</Text>
        {entry.subagentType !== undefined && entry.subagentType !== "general-purpose" && (
          <Text dimColor>{` [${safeText(entry.subagentType)}]`}</Text>
        )}
        {!entry.done && entry.activitySummary !== undefined && (
          <Text dimColor>{` · ${safeText(entry.activitySummary)}`}</Text>
        )}
        {meta.length > 0 && <Text dimColor>{` · ${meta.join(" · ")}`}</Text>}
        {failed && <Text color={theme.danger}>{` ${status}`}</Text>}
        {waitsForPerson(entry) && <Text color={theme.warning}> · needs you</Text>}
      </Text>
      <Box marginLeft={4} flexDirection="column">
        {!entry.done &&
          items.slice(-RECENT_CALLS).map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the latest calls, by position
            <Text key={index} dimColor>
              {`${stateGlyph(item.state, glyphs)} ${safeText(item.label)}`}
            </Text>
          ))}
        {entry.done && report !== undefined && (
          <Text color={failed ? theme.danger : undefined} dimColor={!failed}>
            {safeText(report.length > 400 ? `${report.slice(0, 399)}…` : report)}
          </Text>
        )}
        {children.map((child) => (
          <SubagentNode key={child.subagentId} entry={child} entries={entries} depth={depth + 1} />
        ))}
      </Box>
    </Box>
  );
}
