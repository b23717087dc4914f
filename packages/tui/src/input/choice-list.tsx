import { Box, type Key, Text } from "ink";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";
import { useKeys } from "./use-keys.ts";
import { useLiveState } from "./use-live-state.ts";

/** One answer a card offers. */
export interface Choice {
  id: string;
  label: string;
  /** A key that picks it at once (shown in brackets). */
  hotkey?: string;
  /** A few words after the label. */
  hint?: string;
  tone?: "primary" | "danger";
}

/**
 * A card's answers as a vertical list: ↑/↓ move, Enter picks, a number or the choice's hotkey picks at
 * once. `onKey` sees other keys first (a card's own, like ←/→ for a mode).
 */
export function ChoiceList({
  choices,
  focused,
  disabled = false,
  onPick,
  onKey,
}: {
  choices: readonly Choice[];
  focused: boolean;
  disabled?: boolean;
  onPick: (choice: Choice) => void;
  onKey?: (input: string, key: Key) => boolean;
}) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const [selected, setSelected, readSelected] = useLiveState(0);
  const attached = useKeys((input, key) => {
    if (disabled) return;
    if (onKey?.(input, key) === true) return;
    if (key.upArrow) return setSelected((index) => (index - 1 + choices.length) % choices.length);
    if (key.downArrow) return setSelected((index) => (index + 1) % choices.length);
    if (key.return) {
      const choice = choices[readSelected()];
      if (choice !== undefined) onPick(choice);
      return;
    }
    const byNumber = /^[1-9]$/.test(input) ? choices[Number(input) - 1] : undefined;
    const byKey = choices.find((choice) => choice.hotkey !== undefined && choice.hotkey === input);
    const picked = byNumber ?? byKey;
    if (picked !== undefined) onPick(picked);
  }, focused);
  if (!attached) return null;
  return (
    <Box flexDirection="column">
      {choices.map((choice, index) => {
        const active = index === selected && focused;
        const colour = choice.tone === "danger" ? theme.danger : active ? theme.accent : undefined;
        return (
          <Text key={choice.id} color={colour} bold={active} dimColor={disabled}>
            {active ? `${glyphs.pointer} ` : "  "}
            {`${index + 1}. ${choice.label}`}
            {choice.hotkey !== undefined && <Text dimColor>{` (${choice.hotkey})`}</Text>}
            {choice.hint !== undefined && <Text dimColor>{` ${choice.hint}`}</Text>}
          </Text>
        );
      })}
    </Box>
  );
}
