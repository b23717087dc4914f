import { safeText, visibleText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useTheme } from "../theme/theme.ts";
import { CollapsedText } from "./collapsed-text.tsx";

/**
 * A tool call's input, readable: an Edit as the lines it removes and adds, a shell command as `$ command`,
 * long text cut to `maxLines`, other values as text or indented JSON.
 */
export function ToolParametersView({
  toolName,
  parameters,
  maxLines,
}: {
  toolName: string;
  parameters: Record<string, unknown>;
  maxLines?: number | undefined;
}) {
  const theme = useTheme();
  const entries = Object.entries(parameters);
  if (entries.length === 0) return <Text dimColor>No input.</Text>;
  const isEdit = toolName === "Edit" && typeof parameters.old_string === "string";
  return (
    <Box flexDirection="column">
      {entries.map(([name, value]) => {
        if (isEdit && name === "new_string") return null;
        if (isEdit && name === "old_string") {
          const removed = String(value)
            .split("\n")
            .map((line) => `- ${line}`);
          const added = String(parameters.new_string ?? "")
            .split("\n")
            .map((line) => `+ ${line}`);
          return (
            <Box key={name} flexDirection="column">
              <Text dimColor>change:</Text>
              <Text color={theme.danger}>{safeText(removed.join("\n"))}</Text>
              <Text color={theme.success}>{safeText(added.join("\n"))}</Text>
            </Box>
          );
        }
        if (toolName === "Bash" && name === "command" && typeof value === "string") {
          return (
            <Text key={name}>
              <Text dimColor>$ </Text>
              {/* Approved as written: a control or bidirectional character is shown as an escape, not obeyed. */}
              {visibleText(value)}
            </Text>
          );
        }
        const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
        if (!text.includes("\n") && text.length <= 160) {
          return (
            <Text key={name}>
              <Text dimColor>{name.replaceAll("_", " ")}: </Text>
              {safeText(text === "" ? '""' : text)}
            </Text>
          );
        }
        return (
          <Box key={name} flexDirection="column">
            <Text dimColor>{name.replaceAll("_", " ")}:</Text>
            <Box marginLeft={2}>
              <CollapsedText text={text} maxLines={maxLines} />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
