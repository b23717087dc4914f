import type { ChatMessage } from "@parley/sdk";
import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { useChatActions } from "../chat-store-context.tsx";
import type { StreamTails } from "../markdown/stream-tails.ts";
import { latestCopy } from "./list-messages.ts";
import { streamedTextChange } from "./streamed-text-change.ts";

/**
 * The copy of a row's message to render: the store's latest (the list may hold an older copy of the
 * streaming turn). A store change that only grows the text of a streaming segment, within its last
 * block's last text, is written into that text by the segment's tail writer and renders nothing; any
 * other change of the message renders the row, which then shows the latest copy whole.
 */
export function useStreamedRow(message: ChatMessage, tails: StreamTails): ChatMessage {
  const store = useChatActions();
  const listed = useRef(message);
  listed.current = message;
  const rendered = useRef<ChatMessage | undefined>(undefined);
  const renderPending = useRef(false);
  const select = useCallback(
    () => latestCopy(store.getSnapshot().session?.messages, listed.current),
    [store],
  );
  const subscribe = useCallback(
    (onChange: () => void) =>
      store.subscribe(() => {
        const shown = rendered.current;
        const latest = select();
        if (latest === shown) return;
        // Once a render is due, every later change waits for it: writing past it would be overwritten.
        if (!renderPending.current && shown !== undefined) {
          const change = streamedTextChange(shown, latest);
          if (change !== undefined && tails.take(change.segmentId, change.text)) return;
        }
        if (!renderPending.current) tails.restore();
        renderPending.current = true;
        onChange();
      }),
    [store, select, tails],
  );
  const latest = useSyncExternalStore(subscribe, select, select);
  useLayoutEffect(() => {
    rendered.current = latest;
    renderPending.current = false;
  });
  return latest;
}
