import { Box, Text } from "ink";
import { BufferView } from "./buffer-view.tsx";
import { editKey } from "./edit-key.ts";
import { useKeyClaims } from "./key-claims.tsx";
import { bufferOf, insert } from "./text-buffer.ts";
import { useKeys } from "./use-keys.ts";
import { useLiveState } from "./use-live-state.ts";

/**
 * A text field inside a card (feedback for a rejection, a refinement, a free-text answer): Enter submits
 * (Alt-Enter adds a line), Esc cancels. A form of several fields keeps one box mounted and has `onSubmit`
 * return true to empty it for the next field: a new box would drop what is typed before its keys attach.
 */
export function LineInput({
  label,
  placeholder,
  focused,
  initial = "",
  onSubmit,
  onCancel,
}: {
  label: string;
  placeholder?: string;
  focused: boolean;
  initial?: string;
  /** Returns true to empty the box for the next field. */
  onSubmit: (text: string) => unknown;
  onCancel: () => void;
}) {
  const [buffer, setBuffer, readBuffer] = useLiveState(() => bufferOf(initial));
  const claims = useKeyClaims();
  const attached = useKeys((input, key) => {
    const buffer = readBuffer();
    if (key.escape || key.tab) claims.claim();
    if (key.escape) return onCancel();
    if (key.return && key.meta) return setBuffer((current) => insert(current, "\n"));
    if (key.return) {
      if (onSubmit(buffer.text) === true) setBuffer(bufferOf(""));
      return;
    }
    const next = editKey(buffer, input, key);
    if (next !== undefined) setBuffer(next);
  }, focused);
  return (
    <Box flexDirection="column">
      <Text dimColor>{label}</Text>
      <Box borderStyle="single" borderDimColor paddingX={1}>
        <BufferView buffer={buffer} focused={focused} {...(placeholder !== undefined && { placeholder })} />
      </Box>
      {/* Named once keys reach the box: what is typed before that would reach nobody. */}
      <Text dimColor>{attached ? "Enter sends · Esc goes back" : " "}</Text>
    </Box>
  );
}
