import { plural } from "@parley/sdk";
import { Box, Text } from "ink";
import { useState } from "react";
import { useKeyClaims } from "../input/key-claims.tsx";
import { useKeys } from "../input/use-keys.ts";
import { useChat, useServices } from "../store/services.tsx";
import { useDisplay } from "../theme/display.ts";
import { useTheme } from "../theme/theme.ts";
import { pageDownFrom, windowEndingAt } from "./history-lines.ts";

/**
 * The whole conversation, a page at a time (PgUp or `/history` opens it): the terminal's scrollback holds
 * what this run printed, this shows what came before too. Only the messages on screen are laid out; paging
 * past the oldest one held loads the page before it from the server, as the web UI does when scrolled up.
 * PgUp/PgDn turn a page, ↑/↓ move a message, End goes to the latest, Esc closes.
 */
export function HistoryView({ height, onClose }: { height: number; onClose: () => void }) {
  const theme = useTheme();
  const claims = useKeyClaims();
  const { store } = useServices();
  const { columns } = useDisplay();
  const messages = useChat((state) => state.session?.messages) ?? [];
  const hasOlder = useChat((state) => state.session?.hasOlder === true);
  // The newest message shown, by id, so a page loaded before it keeps the view where it is.
  const [endId, setEndId] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const found = endId === undefined ? -1 : messages.findIndex((message) => message.id === endId);
  const end = found === -1 ? messages.length : found + 1;
  const bodyHeight = Math.max(3, height - 4);
  const width = Math.max(10, columns - 4);
  const view = windowEndingAt(messages, end, bodyHeight, width);
  const atLatest = end >= messages.length;

  const endAt = (index: number) => {
    const clamped = Math.min(messages.length, Math.max(1, index));
    setEndId(clamped >= messages.length ? undefined : messages[clamped - 1]?.id);
  };
  const loadOlder = () => {
    if (!hasOlder || loading) return;
    setLoading(true);
    void store.loadOlder().finally(() => setLoading(false));
  };

  const keysAttached = useKeys((input, key) => {
    claims.claim();
    if (key.escape || input === "q") return onClose();
    if (key.pageUp) {
      if (view.start === 0 && view.cutAbove === 0) return loadOlder();
      // The oldest entry shown, if cut, is shown whole at the bottom of the page before.
      return endAt(view.cutAbove > 0 ? view.start + 1 : view.start);
    }
    if (key.upArrow) {
      if (view.start === 0 && view.cutAbove === 0) return loadOlder();
      return endAt(end - 1);
    }
    if (key.pageDown) return endAt(pageDownFrom(messages, end, bodyHeight, width));
    if (key.downArrow) return endAt(end + 1);
    if (key.end) return setEndId(undefined);
  });

  const above =
    view.start > 0 || view.cutAbove > 0
      ? `${plural(view.start, "earlier message")}${view.cutAbove > 0 ? ` and ${plural(view.cutAbove, "line")}` : ""} above · PgUp`
      : loading
        ? "Loading older messages…"
        : hasOlder
          ? "Older messages are on the server · PgUp loads them"
          : "The start of the conversation";
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text>
        <Text bold color={theme.accent}>
          History
        </Text>
        <Text dimColor>{` · ${above}`}</Text>
      </Text>
      {view.entries.map((entry, index) => (
        <Box key={entry.message.id} flexDirection="column" marginTop={index > 0 ? 1 : 0}>
          <Text {...(entry.message.role === "user" && { color: theme.accent })} wrap="truncate-end">
            {entry.lines.join("\n")}
          </Text>
        </Box>
      ))}
      {keysAttached && (
        <Text dimColor>
          {atLatest
            ? "The latest message · PgUp/↑ earlier · Esc closes"
            : `${plural(messages.length - end, "later message")} below · PgDn/↓ later · End latest · Esc closes`}
        </Text>
      )}
    </Box>
  );
}
