import type { ToolResultData } from "@parley/protocol";
import {
  formatDuration,
  resultFailed,
  safeText,
  TOOL_RESULT_STATUS_WORDS,
  toolOutputText,
} from "@parley/sdk";
import { Box, Text } from "ink";
import { useTheme } from "../theme/theme.ts";
import { CollapsedText } from "./collapsed-text.tsx";

/** What a tool call returned: its status, an error in the danger colour, and its output (cut unless expanded). */
export function ToolResultView({
  result,
  maxLines,
}: {
  result: ToolResultData;
  maxLines?: number | undefined;
}) {
  const theme = useTheme();
  const output = toolOutputText(result).trimEnd();
  const failed = resultFailed(result);
  const errorMessage = result.error?.message;
  return (
    <Box flexDirection="column">
      <Text color={failed ? theme.danger : theme.muted} dimColor={!failed}>
        {TOOL_RESULT_STATUS_WORDS[result.status]}
        {result.duration_ms !== undefined && ` · ${formatDuration(result.duration_ms)}`}
      </Text>
      {errorMessage !== undefined && errorMessage !== "" && !output.startsWith(errorMessage) && (
        <Text color={theme.danger}>{safeText(errorMessage)}</Text>
      )}
      {output === "" ? <Text dimColor>No output.</Text> : <CollapsedText text={output} maxLines={maxLines} />}
      {result.output_truncated === true && (
        <Text dimColor>
          Output cut by the server
          {result.output_chars !== undefined &&
            ` (${result.output_chars.toLocaleString()} characters in all)`}
          .
        </Text>
      )}
    </Box>
  );
}
