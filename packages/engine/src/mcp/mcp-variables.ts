import type { EnvironmentVariables } from "../config/resolve-model-config.ts";

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** Values shorter than this are not concealed: hiding every "1" in an error would garble it. */
const MIN_CONCEALED_LENGTH = 8;

/**
 * Expands `${VAR}` and `${VAR:-default}` in one string, as Claude Code does: an unset or empty variable takes
 * its default, or becomes empty. Each value taken from `env` is pushed to `inserted` (to conceal it later).
 */
export function expandString(text: string, env: EnvironmentVariables, inserted: string[] = []): string {
  return text.replace(VARIABLE, (_, name: string, fallback?: string) => {
    const set = env[name];
    if (set === undefined || set === "") return fallback ?? "";
    inserted.push(set);
    return set;
  });
}

/** Expands `${VAR}` in every string of a value; other values pass through. */
export function expandVariables<T>(value: T, env: EnvironmentVariables): T {
  if (typeof value === "string") return expandString(value, env) as T;
  if (Array.isArray(value)) return value.map((item) => expandVariables(item, env)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, expandVariables(item, env)]),
    ) as T;
  }
  return value;
}

/** The variables a string reads (`${VAR}` or `${VAR:-default}`), in order, each once. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((match) => match[1] as string))];
}

/**
 * `text` with every one of `values` replaced by `[hidden]`, longest first, so an error or a server's output
 * never shows what a `${VAR}` expanded to or one of Parley's secrets.
 */
export function concealValues(text: string, values: Iterable<string>): string {
  const hidden = [...new Set(values)]
    .filter((value) => value.length >= MIN_CONCEALED_LENGTH)
    .sort((left, right) => right.length - left.length);
  let concealed = text;
  for (const value of hidden) concealed = concealed.replaceAll(value, "[hidden]");
  return concealed;
}
