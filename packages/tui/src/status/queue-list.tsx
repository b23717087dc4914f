import type { QueuedChatMessage } from "@parley/sdk";
import { safeText } from "@parley/sdk";
import { Box, Text } from "ink";

/** Messages waiting for the busy agent; `/unqueue` takes the last one back. */
export function QueueList({ queue }: { queue: readonly QueuedChatMessage[] }) {
  if (queue.length === 0) return null;
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text dimColor>
        Queued — the agent reads these at its next step (/unqueue takes the last one back):
      </Text>
      {queue.map((item, index) => (
        <Text key={item.id} wrap="truncate-end">
          {`  ${index + 1}. ${safeText(item.text.replace(/\s+/g, " "))}${item.truncated ? "…" : ""}`}
        </Text>
      ))}
    </Box>
  );
}
