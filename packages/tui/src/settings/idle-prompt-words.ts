import type { IdlePromptStatus } from "@parley/protocol";

/** Where the switch was set, in words. */
export const IDLE_SOURCE_WORDS: Record<IdlePromptStatus["source"], string> = {
  settings: "set in Parley's settings",
  env: "from PARLEY_IDLE_PROMPTS where Parley started",
  default: "the default",
};

/** "10 minutes" or "90 seconds". */
export function idleDelay(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** "On: after 10 minutes idle, at most 5 per mission", or "Off". */
export function describeIdlePrompts(status: IdlePromptStatus | undefined): string {
  if (status === undefined) return "Unknown";
  return status.enabled
    ? `On: after ${idleDelay(status.after_seconds)} idle, at most ${status.max_turns_per_mission} per mission`
    : "Off";
}
