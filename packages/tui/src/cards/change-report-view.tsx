import type { ChangeReportBlock } from "@parley/protocol";
import { diffLineKind, plural, REWIND_OUTCOME_LABELS, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { COLLAPSED_LINES, useDisplay } from "../theme/display.ts";
import { type Theme, useTheme } from "../theme/theme.ts";

/**
 * The files a turn changed (seed 002 ChangeReportBlock): each with its kind of change and +/− counts, its
 * diff (the first lines, all with Ctrl-O), and how many more files the report left out; a rewind's own
 * report also names each file it could not put back, and why.
 */
export function ChangeReportView({ block }: { block: ChangeReportBlock }) {
  const theme = useTheme();
  const { expandTools } = useDisplay();
  const truncated = block.truncated_count ?? 0;
  const total = block.files.length + truncated;
  const additions = block.files.reduce((sum, file) => sum + (file.additions ?? 0), 0);
  const deletions = block.files.reduce((sum, file) => sum + (file.deletions ?? 0), 0);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.muted} paddingX={1}>
      <Text>
        <Text bold>{safeText(block.summary ?? `${plural(total, "file")} changed`)}</Text>
        <Text color={theme.success}>{` +${additions}`}</Text>
        <Text color={theme.danger}>{` −${deletions}`}</Text>
      </Text>
      {block.files.map((file) => {
        const omitted = (file as { diff_omitted?: unknown }).diff_omitted;
        return (
          <Box key={`${file.old_path ?? ""}>${file.path}`} flexDirection="column">
            <Text>
              <Text dimColor>{`${file.change.padEnd(8)} `}</Text>
              {safeText(file.old_path !== undefined ? `${file.old_path} → ${file.path}` : file.path)}
              {file.additions !== undefined && <Text color={theme.success}>{` +${file.additions}`}</Text>}
              {file.deletions !== undefined && <Text color={theme.danger}>{` −${file.deletions}`}</Text>}
            </Text>
            {file.diff !== undefined && file.diff !== "" && (
              <DiffLines
                diff={file.diff}
                maxLines={expandTools ? undefined : COLLAPSED_LINES}
                theme={theme}
              />
            )}
            {(file.diff === undefined || file.diff === "") && typeof omitted === "string" && (
              <Text dimColor>{`  No diff shown: ${safeText(omitted)}`}</Text>
            )}
          </Box>
        );
      })}
      {truncated > 0 && <Text dimColor>{`${plural(truncated, "more file")} not listed`}</Text>}
      {block.rewind?.not_restored?.map((file) => (
        <Text key={`not-restored>${file.path}`}>
          <Text color={theme.danger}>{`${REWIND_OUTCOME_LABELS.not_restorable} `}</Text>
          {safeText(file.path)}
          <Text dimColor>{` (${safeText(file.reason)})`}</Text>
        </Text>
      ))}
    </Box>
  );
}

/** A unified diff: added lines green, removed red, hunk headers dim; cut to `maxLines` unless undefined. */
export function DiffLines({
  diff,
  maxLines,
  theme,
}: {
  diff: string;
  maxLines?: number | undefined;
  theme: Theme;
}) {
  const lines = safeText(diff).replace(/\n$/, "").split("\n");
  const shown = maxLines === undefined ? lines : lines.slice(0, maxLines);
  return (
    <Box flexDirection="column" marginLeft={2}>
      {shown.map((line, index) => {
        const kind = diffLineKind(line);
        return (
          <Text
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a diff never move
            key={index}
            color={kind === "add" ? theme.success : kind === "remove" ? theme.danger : undefined}
            dimColor={kind === "hunk" || kind === "header" || kind === "note"}
          >
            {line}
          </Text>
        );
      })}
      {lines.length > shown.length && (
        <Text dimColor>{`… ${plural(lines.length - shown.length, "more line")}`}</Text>
      )}
    </Box>
  );
}
