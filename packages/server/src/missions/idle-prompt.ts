/** Starts every idle prompt, so runs the scheduler started can be counted against a mission's budget. */
export const IDLE_PROMPT_MARKER = "[Idle prompt]";

/** The message the scheduler sends an idle agent: how long it was idle, the mission, and what to do. */
export function idlePromptText(mission: string, idleMs: number, turn: number, budget: number): string {
  return [
    `${IDLE_PROMPT_MARKER} You have been idle for ${idleDuration(idleMs)} (idle prompt ${turn} of ${budget} for this mission).`,
    "The project's mission:",
    mission,
    "Take the next useful step toward it. If the mission is done, or you need the person to decide something, say so briefly and stop.",
  ].join("\n");
}

/** "45 seconds", "1 minute", "2 minutes 30 seconds", "1 hour 5 minutes": the idle time as it really was. */
export function idleDuration(idleMs: number): string {
  const totalSeconds = Math.max(1, Math.round(idleMs / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts =
    hours > 0
      ? [[hours, "hour"] as const, [minutes, "minute"] as const]
      : [[minutes, "minute"] as const, [seconds, "second"] as const];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? "" : "s"}`)
    .join(" ");
}
