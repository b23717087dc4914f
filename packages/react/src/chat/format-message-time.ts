/** A message time for the chat: the clock time today, the date and time otherwise. */
export function formatMessageTime(
  timestampMs: number | undefined,
  timestamp: string,
  now = Date.now(),
): string {
  const time = timestampMs ?? Date.parse(timestamp);
  if (!Number.isFinite(time)) return "";
  const date = new Date(time);
  const sameDay = new Date(now).toDateString() === date.toDateString();
  return sameDay
    ? date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
