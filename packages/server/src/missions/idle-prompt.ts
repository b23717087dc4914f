/** Starts every idle prompt, so runs the scheduler started can be counted against a mission's budget. */
export const IDLE_PROMPT_MARKER = "[Idle prompt]";

/** The message the scheduler sends an idle agent: the mission, and what to do with it. */
export function idlePromptText(mission: string, idleMinutes: number, turn: number, budget: number): string {
  return [
    `${IDLE_PROMPT_MARKER} You have been idle for ${idleMinutes} minute${idleMinutes === 1 ? "" : "s"} (idle prompt ${turn} of ${budget} for this mission).`,
    "The project's mission:",
    mission,
    "Take the next useful step toward it. If the mission is done, or you need the person to decide something, say so briefly and stop.",
  ].join("\n");
}
