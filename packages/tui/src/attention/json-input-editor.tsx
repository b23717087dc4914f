import type { ApiErrorIssue, JsonObject } from "@parley/protocol";
import { parseJsonObject, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { BufferView } from "../input/buffer-view.tsx";
import { editKey } from "../input/edit-key.ts";
import { useKeyClaims } from "../input/key-claims.tsx";
import { bufferOf, insert, moveVertically } from "../input/text-buffer.ts";
import { useKeys } from "../input/use-keys.ts";
import { useLiveState } from "../input/use-live-state.ts";
import { useTheme } from "../theme/theme.ts";

/**
 * A JSON editor for a tool call's input: checked as the person types (it must be a JSON object); Ctrl-S
 * approves the edited input, Esc goes back. The server's own objections (`body.updated_input.<field>`)
 * show below it.
 */
export function JsonInputEditor({
  initial,
  focused,
  issues,
  onApprove,
  onCancel,
}: {
  initial: JsonObject;
  focused: boolean;
  issues: readonly ApiErrorIssue[];
  onApprove: (input: JsonObject) => void;
  onCancel: () => void;
}) {
  const theme = useTheme();
  const [buffer, setBuffer, readBuffer] = useLiveState(() => bufferOf(JSON.stringify(initial, null, 2)));
  const parsed = parseJsonObject(buffer.text);
  const problem = "error" in parsed ? parsed.error : undefined;
  const claims = useKeyClaims();
  useKeys((input, key) => {
    const buffer = readBuffer();
    if (key.escape || key.tab) claims.claim();
    if (key.escape) return onCancel();
    if (key.ctrl && input === "s") {
      const checked = parseJsonObject(buffer.text);
      if ("value" in checked) onApprove(checked.value);
      return;
    }
    if (key.return) return setBuffer((current) => insert(current, "\n"));
    if (key.upArrow || key.downArrow) {
      const moved = moveVertically(buffer, key.upArrow ? -1 : 1);
      if (moved !== undefined) setBuffer(moved);
      return;
    }
    const next = editKey(buffer, input, key);
    if (next !== undefined) setBuffer(next);
  }, focused);
  return (
    <Box flexDirection="column">
      <Text dimColor>Tool input (JSON)</Text>
      <Box borderStyle="single" borderDimColor paddingX={1}>
        <BufferView buffer={buffer} focused={focused} />
      </Box>
      {(problem !== undefined || issues.length > 0) && (
        <Text color={theme.danger}>
          {safeText(
            problem ??
              issues
                .map(
                  (issue) =>
                    `${issue.path.replace(/^body\.updated_input\.?/, "") || "input"}: ${issue.message}`,
                )
                .join("; "),
          )}
        </Text>
      )}
      <Text dimColor>Ctrl-S approves the edited input · Esc goes back</Text>
    </Box>
  );
}
