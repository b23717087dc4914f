import type { ChatMessage } from "@parley/sdk";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useChatActions, useChatStore } from "../chat-store-context.tsx";
import { StreamTails, StreamTailsContext } from "../markdown/stream-tails.ts";
import { useChatWorkflows } from "../workflows/use-chat-workflows.ts";
import { WorkflowFoldContext } from "../workflows/workflow-fold-context.ts";
import { WorkflowProgressStrip } from "../workflows/workflow-progress-strip.tsx";
import { listMessages } from "./list-messages.ts";
import { MessageRow } from "./message-row.tsx";
import { useStreamedRow } from "./use-streamed-row.ts";

/** Scrolling this close to the top loads the previous page of messages. */
const LOAD_OLDER_THRESHOLD_PX = 600;

/**
 * The conversation of the open session (seed 002 ChatPanel): a virtualized list, so a session of thousands
 * of messages mounts only what is on screen. It starts at the latest message, follows new output while the
 * reader is at the bottom, stays put when they scrolled up (offering "Jump to latest"), brings them back
 * when they send, and loads older pages at the top. A workflow's steps show inside its card, and while it
 * runs with its card out of view its progress is pinned at the bottom. It fills its parent, which needs a
 * height (a flex column or a fixed height). `empty` replaces the invitation a chat without messages shows.
 */
export function MessageList({ empty }: { empty?: ReactNode }) {
  const laidOut = useRef<readonly ChatMessage[] | undefined>(undefined);
  // The list renders only when what it lays out changes, not for a token (see `listMessages`).
  const messages = useChatStore((state) =>
    state.session === undefined ? undefined : listMessages(laidOut.current, state.session.messages),
  );
  const sessionId = useChatStore((state) => state.session?.sessionId);
  const hasOlder = useChatStore((state) => state.session?.hasOlder === true);
  const loadingSession = useChatStore((state) => state.loadingSession);
  useEffect(() => {
    laidOut.current = messages;
  });
  if (messages === undefined) {
    return (
      <div className="chat-empty" data-testid="chat-empty">
        {loadingSession ? (
          <p className="muted">Loading the conversation…</p>
        ) : (
          (empty ?? <p>Ask anything to start a conversation.</p>)
        )}
      </div>
    );
  }
  if (messages.length === 0 && !hasOlder) {
    return (
      <div className="chat-empty" data-testid="chat-empty">
        {empty ?? <p>No messages yet. Ask anything to start.</p>}
      </div>
    );
  }
  return <VirtualMessages key={sessionId} messages={messages} hasOlder={hasOlder} />;
}

/**
 * A row showing the store's latest copy of its message (the list may hold an older copy of a streaming
 * turn); a token that only grows the streaming text is written into it without rendering the row. It is
 * `memo`: the list renders when the streaming row grows by a line (the sizer's height), and a row whose
 * listed message is the same would otherwise render the store's newer copy whole, for nothing the
 * tail writer had not shown already.
 */
const LiveMessageRow = memo(function LiveMessageRow({ message }: { message: ChatMessage }) {
  const [tails] = useState(() => new StreamTails());
  const latest = useStreamedRow(message, tails);
  return (
    <StreamTailsContext.Provider value={tails}>
      <MessageRow message={latest} />
    </StreamTailsContext.Provider>
  );
});

const renderMessage = (message: ChatMessage) => <LiveMessageRow message={message} />;

/** Memoized on its props: a streamed token changes neither `messages` (see `listMessages`) nor `hasOlder`. */
const VirtualMessages = memo(function VirtualMessages({
  messages,
  hasOlder,
}: {
  messages: readonly ChatMessage[];
  hasOlder: boolean;
}) {
  const actions = useChatActions();
  const { rows, fold, live } = useChatWorkflows(messages, renderMessage);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadingOlderRef = useRef(false);
  const hasOlderRef = useRef(hasOlder);
  hasOlderRef.current = hasOlder;

  const loadOlder = () => {
    if (loadingOlderRef.current || !hasOlderRef.current) return;
    loadingOlderRef.current = true;
    setLoadingOlder(true);
    void actions.loadOlder().finally(() => {
      loadingOlderRef.current = false;
      setLoadingOlder(false);
    });
  };

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.role === "user" ? 72 : 180),
    getItemKey: (index) => rows[index]?.id ?? index,
    // End anchoring keeps the reader's place when older pages are prepended and keeps a reader at the
    // bottom pinned there while the last message grows token by token.
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: 64,
    overscan: 4,
    onChange: (instance) => {
      setAtEnd(instance.isAtEnd());
      const viewport = instance.scrollRect?.height ?? 0;
      const scrolledUpNearTop =
        instance.scrollDirection === "backward" && (instance.scrollOffset ?? 0) < LOAD_OLDER_THRESHOLD_PX;
      // A page shorter than the screen cannot be scrolled, so it would never ask for more by scrolling.
      const fitsOnScreen = viewport > 0 && instance.getTotalSize() <= viewport;
      if (scrolledUpNearTop || fitsOnScreen) loadOlder();
    },
  });

  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  // Sending a message brings the reader to it, even from far up the history.
  const last = messages.at(-1);
  const lastId = last?.id;
  const lastIsUser = last?.role === "user";
  const previousLastId = useRef(lastId);
  useEffect(() => {
    if (lastId !== previousLastId.current && lastIsUser) virtualizer.scrollToEnd();
    previousLastId.current = lastId;
  }, [lastId, lastIsUser, virtualizer]);

  const items = virtualizer.getVirtualItems();
  return (
    <WorkflowFoldContext.Provider value={fold}>
      <div className="message-list-frame">
        {loadingOlder && (
          <div className="loading-older" data-testid="loading-older" role="status">
            Loading older messages…
          </div>
        )}
        <div
          ref={scrollRef}
          className="message-list"
          data-testid="message-list"
          role="log"
          aria-live="off"
          aria-label="Conversation"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
        >
          <div className="message-list-sizer" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const message = rows[item.index];
              if (message === undefined) return null;
              return (
                <div
                  key={item.key}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className="message-list-row"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <LiveMessageRow message={message} />
                </div>
              );
            })}
          </div>
        </div>
        {!atEnd && (
          <button
            type="button"
            className="jump-to-latest"
            data-testid="jump-to-latest"
            onClick={() => virtualizer.scrollToEnd({ behavior: "smooth" })}
          >
            ↓ Jump to latest
          </button>
        )}
        {live !== undefined && !live.headerInView && (
          <WorkflowProgressStrip
            execution={live.execution}
            waiting={live.waiting}
            onShow={() => virtualizer.scrollToIndex(live.rowIndex, { align: "start" })}
          />
        )}
      </div>
    </WorkflowFoldContext.Provider>
  );
});
