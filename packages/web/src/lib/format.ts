import { formatDuration, plural } from "@parley/sdk";

export { formatBytes, formatDuration, formatTokens, plural } from "@parley/sdk";

/** A long span for people: "30 days", "1 hour", "15 minutes" (whole units, the largest that fits). */
export function formatSpan(milliseconds: number): string {
  const units: [number, string][] = [
    [24 * 60 * 60 * 1000, "day"],
    [60 * 60 * 1000, "hour"],
    [60 * 1000, "minute"],
  ];
  for (const [size, name] of units) {
    if (milliseconds >= size) return plural(Math.round(milliseconds / size), name);
  }
  return formatDuration(milliseconds);
}

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
