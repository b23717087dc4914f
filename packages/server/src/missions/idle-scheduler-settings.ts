import type { EnvironmentVariables } from "@parley/engine";
import type { IdlePromptSettings, IdlePromptStatus } from "@parley/protocol";

/** When and how often the idle scheduler prompts an agent toward the project's mission. */
export interface IdleSchedulerSettings {
  /** Off unless the settings file's `idle_prompts.enabled`, else `PARLEY_IDLE_PROMPTS` (`on`, `1`, `true`), says on. */
  enabled: boolean;
  /** How long an agent must be idle first (`after_seconds`, else `PARLEY_IDLE_AFTER_SECONDS`, default 10 minutes). */
  idleAfterMs: number;
  /** Idle prompts per mission at most (`max_turns_per_mission`, else `PARLEY_IDLE_MAX_TURNS`, default 5). */
  maxTurnsPerMission: number;
}

const DEFAULTS: IdleSchedulerSettings = { enabled: false, idleAfterMs: 600_000, maxTurnsPerMission: 5 };

/**
 * The settings in force: the settings file's `idle_prompts` over the environment over the defaults, then
 * `overrides` (tests). Malformed environment numbers fall back to the defaults.
 */
export function idleSchedulerSettings(
  env: EnvironmentVariables,
  overrides: Partial<IdleSchedulerSettings> = {},
  stored: IdlePromptSettings = {},
): IdleSchedulerSettings {
  const flag = env.PARLEY_IDLE_PROMPTS?.trim().toLowerCase();
  const seconds = stored.after_seconds ?? positiveInteger(env.PARLEY_IDLE_AFTER_SECONDS);
  const turns = stored.max_turns_per_mission ?? positiveInteger(env.PARLEY_IDLE_MAX_TURNS);
  return {
    enabled: stored.enabled ?? (flag === "on" || flag === "1" || flag === "true"),
    idleAfterMs: seconds === undefined ? DEFAULTS.idleAfterMs : seconds * 1000,
    maxTurnsPerMission: turns ?? DEFAULTS.maxTurnsPerMission,
    ...overrides,
  };
}

/** Idle prompts as Settings and the startup banner show them, with where the switch was set. */
export function idlePromptStatus(
  settings: IdleSchedulerSettings,
  env: EnvironmentVariables,
  stored: IdlePromptSettings = {},
): IdlePromptStatus {
  return {
    enabled: settings.enabled,
    after_seconds: Math.max(1, Math.round(settings.idleAfterMs / 1000)),
    max_turns_per_mission: settings.maxTurnsPerMission,
    source: stored.enabled !== undefined ? "settings" : env.PARLEY_IDLE_PROMPTS?.trim() ? "env" : "default",
  };
}

/** "on: after 10 minutes, at most 5 prompts per mission" or "off", for the startup banner. */
export function describeIdlePrompts(status: IdlePromptStatus): string {
  const where =
    status.source === "settings" ? "Settings" : status.source === "env" ? "PARLEY_IDLE_PROMPTS" : "default";
  if (!status.enabled) return `off (${where}; turn on in Settings)`;
  const seconds = status.after_seconds;
  const after = seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? "" : "s"}` : `${seconds} s`;
  return `on after ${after} idle, at most ${status.max_turns_per_mission} per mission (${where})`;
}

function positiveInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9][0-9]{0,8}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}
