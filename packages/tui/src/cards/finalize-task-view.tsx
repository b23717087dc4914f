import type { FinalizeTaskBlock } from "@parley/protocol";
import { safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useTheme } from "../theme/theme.ts";

const OUTCOME_LABELS = { completed: "Completed", partial: "Partly done", failed: "Failed" } as const;

/** The agent's closing summary of a task (seed 002 FinalizeTaskBlock): outcome, summary, checks, next steps. */
export function FinalizeTaskView({ block }: { block: FinalizeTaskBlock }) {
  const theme = useTheme();
  const outcome = block.outcome ?? "completed";
  const colour =
    outcome === "completed" ? theme.success : outcome === "failed" ? theme.danger : theme.warning;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colour} paddingX={1}>
      <Text bold color={colour}>{`Task · ${OUTCOME_LABELS[outcome]}`}</Text>
      <Text>{safeText(block.summary)}</Text>
      {block.verification !== undefined && (
        <Text>
          <Text bold>Checked: </Text>
          {safeText(block.verification)}
        </Text>
      )}
      {block.next_steps !== undefined && block.next_steps.length > 0 && (
        <Box flexDirection="column">
          <Text bold>Next steps</Text>
          {block.next_steps.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once written
            <Text key={index}>{`  • ${safeText(step)}`}</Text>
          ))}
        </Box>
      )}
    </Box>
  );
}
