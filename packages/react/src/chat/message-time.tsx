import { memo } from "react";
import { formatMessageTime } from "./format-message-time.ts";

/** A message's time, memoized: a streaming turn re-renders with every token, its time does not change. */
export const MessageTime = memo(function MessageTime({
  timestampMs,
  timestamp,
}: {
  timestampMs: number | undefined;
  timestamp: string;
}) {
  return <time>{formatMessageTime(timestampMs, timestamp)}</time>;
});
