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
