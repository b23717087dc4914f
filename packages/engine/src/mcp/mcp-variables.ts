import type { EnvironmentVariables } from "../config/resolve-model-config.ts";

/** One `${VAR}` or `${VAR:-default}` in a string: where it starts and ends, the name and the default. */
export interface VariableReference {
  start: number;
  /** Just past the closing `}`. */
  end: number;
  name: string;
  /** The text after `:-`, when the reference has one (it may be empty). */
  fallback?: string;
}

/**
 * The `${VAR}` and `${VAR:-default}` references of `text`, in order, as the regular expression
 * `/\$\{([A-Za-z_]\w*)(?::-([^}]*))?\}/g` finds them, in one pass: that expression looked for a `}` from every
 * `${A:-` again, so a cloned repository's `.mcp.json` of 1 MiB of them held the server for two minutes.
 */
export function variableReferences(text: string): VariableReference[] {
  const references: VariableReference[] = [];
  for (let start = text.indexOf("${"); start !== -1; ) {
    let at = start + 2;
    if (!IDENTIFIER_START.test(text[at] ?? "")) {
      start = text.indexOf("${", start + 1);
      continue;
    }
    while (IDENTIFIER_PART.test(text[at] ?? "")) at++;
    const name = text.slice(start + 2, at);
    if (text[at] === "}") {
      references.push({ start, end: at + 1, name });
      start = text.indexOf("${", at + 1);
    } else if (text.startsWith(":-", at)) {
      const close = text.indexOf("}", at + 2);
      // No `}` after this one: no later reference can close either.
      if (close === -1) break;
      references.push({ start, end: close + 1, name, fallback: text.slice(at + 2, close) });
      start = text.indexOf("${", close + 1);
    } else start = text.indexOf("${", start + 1);
  }
  return references;
}

const IDENTIFIER_START = /^[A-Za-z_]$/;
const IDENTIFIER_PART = /^[A-Za-z0-9_]$/;

/** Values shorter than this are not concealed: hiding every "1" in an error would garble it. */
const MIN_CONCEALED_LENGTH = 8;

/**
 * Expands `${VAR}` and `${VAR:-default}` in one string, as Claude Code does: an unset or empty variable takes
 * its default, or becomes empty. Each value taken from `env` is pushed to `inserted` (to conceal it later).
 */
export function expandString(text: string, env: EnvironmentVariables, inserted: string[] = []): string {
  let expanded = "";
  let at = 0;
  for (const { start, end, name, fallback } of variableReferences(text)) {
    const set = env[name];
    if (set !== undefined && set !== "") inserted.push(set);
    expanded += text.slice(at, start) + (set === undefined || set === "" ? (fallback ?? "") : set);
    at = end;
  }
  return expanded + text.slice(at);
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
  return [...new Set(variableReferences(text).map((reference) => reference.name))];
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
