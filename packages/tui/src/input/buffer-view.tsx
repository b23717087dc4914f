import { Text } from "ink";
import type { TextBuffer } from "./text-buffer.ts";

/**
 * A buffer's text with the cursor drawn as an inverted cell (a space at the end of a line); `placeholder`
 * shows dimmed while it is empty.
 */
export function BufferView({
  buffer,
  focused,
  placeholder,
  colour,
}: {
  buffer: TextBuffer;
  focused: boolean;
  placeholder?: string;
  colour?: string | undefined;
}) {
  const { text, cursor } = buffer;
  if (text === "" && placeholder !== undefined) {
    return (
      <Text>
        {focused && <Text inverse> </Text>}
        <Text dimColor>{placeholder}</Text>
      </Text>
    );
  }
  if (!focused) return <Text color={colour}>{text}</Text>;
  const at = text[cursor];
  const under = at === undefined || at === "\n" ? " " : at;
  return (
    <Text color={colour}>
      {text.slice(0, cursor)}
      <Text inverse>{under}</Text>
      {at === "\n" ? "\n" : ""}
      {text.slice(cursor + (at === undefined ? 0 : 1))}
    </Text>
  );
}
