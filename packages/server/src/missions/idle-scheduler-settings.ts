import type { EnvironmentVariables } from "@parley/engine";

/** When and how often the idle scheduler prompts an agent toward the project's mission. */
export interface IdleSchedulerSettings {
  /** Off unless `PARLEY_IDLE_PROMPTS` is `on` (or `1`, `true`). */
  enabled: boolean;
  /** How long an agent must be idle first (`PARLEY_IDLE_AFTER_SECONDS`, default 10 minutes). */
  idleAfterMs: number;
  /** Idle prompts per mission at most (`PARLEY_IDLE_MAX_TURNS`, default 5). */
  maxTurnsPerMission: number;
}

const DEFAULTS: IdleSchedulerSettings = { enabled: false, idleAfterMs: 600_000, maxTurnsPerMission: 5 };

/** The settings from the environment; malformed numbers fall back to the defaults. */
export function idleSchedulerSettings(
  env: EnvironmentVariables,
  overrides: Partial<IdleSchedulerSettings> = {},
): IdleSchedulerSettings {
  const flag = env.PARLEY_IDLE_PROMPTS?.trim().toLowerCase();
  const seconds = positiveInteger(env.PARLEY_IDLE_AFTER_SECONDS);
  const turns = positiveInteger(env.PARLEY_IDLE_MAX_TURNS);
  return {
    enabled: flag === "on" || flag === "1" || flag === "true",
    idleAfterMs: seconds === undefined ? DEFAULTS.idleAfterMs : seconds * 1000,
    maxTurnsPerMission: turns ?? DEFAULTS.maxTurnsPerMission,
    ...overrides,
  };
}

function positiveInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9][0-9]{0,8}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}
