import { type EnvironmentVariables, variableReferences, variablesIn } from "@parley/engine";
import type { McpConsentChange, McpEntryVariable, McpServerLaunch } from "@parley/protocol";

/** The keys of an entry Parley reads; any other key is listed as ignored so nothing in it goes unseen. */
const USED_KEYS = new Set(["type", "command", "args", "env", "url", "headers", "timeout"]);

/** What a server's entry is, as written: its transport from `type` (or `command` / `url`). */
export function transportOf(raw: unknown): McpServerLaunch["transport"] {
  const entry = asRecord(raw);
  if (entry?.type === "http" || entry?.type === "sse") return entry.type;
  if (typeof entry?.command === "string" && (entry.type === undefined || entry.type === "stdio"))
    return "stdio";
  return "unknown";
}

/**
 * What an entry runs or reaches, as written (no `${VAR}` expanded), for the person to approve: command,
 * arguments, environment and working directory of a stdio server; URL and headers (literal text masked) of
 * a remote one; and the keys Parley ignores.
 */
export function launchOf(raw: unknown, projectRoot: string): McpServerLaunch {
  const entry = asRecord(raw) ?? {};
  const transport = transportOf(raw);
  const env = stringRecord(entry.env);
  const headers = stringRecord(entry.headers);
  const ignored = Object.keys(entry).filter((key) => !USED_KEYS.has(key));
  return {
    transport,
    ...(typeof entry.command === "string" && { command: entry.command }),
    ...(isStringArray(entry.args) && { args: entry.args }),
    ...(env && { env }),
    ...(transport === "stdio" && { cwd: projectRoot }),
    ...(typeof entry.url === "string" && { url: entry.url }),
    ...(headers && { headers: mapValues(headers, maskHeaderValue) }),
    ...(ignored.length > 0 && { ignored_fields: ignored }),
  };
}

/**
 * The variables an entry reads through `${VAR}` in the fields Parley expands, where it reads each, whether
 * `env` sets it, and whether it is `withheld` (one of Parley's secrets, never given to this entry).
 */
export function variablesOf(
  raw: unknown,
  env: EnvironmentVariables,
  withheld: (name: string) => boolean,
): McpEntryVariable[] {
  const entry = asRecord(raw) ?? {};
  const fields = new Map<string, string[]>();
  const read = (field: string, text: unknown) => {
    if (typeof text !== "string") return;
    for (const name of variablesIn(text)) {
      const where = fields.get(name) ?? [];
      if (!where.includes(field)) where.push(field);
      fields.set(name, where);
    }
  };
  read("command", entry.command);
  if (Array.isArray(entry.args)) for (const arg of entry.args) read("args", arg);
  for (const [key, value] of Object.entries(stringRecord(entry.env) ?? {})) read(`env.${key}`, value);
  read("url", entry.url);
  for (const [key, value] of Object.entries(stringRecord(entry.headers) ?? {})) read(`headers.${key}`, value);
  return [...fields].map(([name, where]) => ({
    name,
    fields: where,
    set: (env[name] ?? "") !== "",
    withheld: withheld(name),
  }));
}

/**
 * Field by field, how an entry changed from `before` to `after` (both as written): `env` and `headers` per
 * variable or header, other keys whole; header values masked as the launch shows them.
 */
export function changesBetween(before: unknown, after: unknown): McpConsentChange[] {
  const previous = flatten(before);
  const current = flatten(after);
  const changes: McpConsentChange[] = [];
  for (const [field, value] of current) {
    const old = previous.get(field);
    if (!previous.has(field)) changes.push({ field, after: value });
    else if (JSON.stringify(old) !== JSON.stringify(value))
      changes.push({ field, before: old, after: value });
  }
  for (const [field, value] of previous) if (!current.has(field)) changes.push({ field, before: value });
  return changes;
}

function flatten(raw: unknown): Map<string, unknown> {
  const entry = asRecord(raw);
  if (entry === undefined) return new Map([["config", raw]]);
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(entry)) {
    const nested = key === "env" || key === "headers" ? asRecord(value) : undefined;
    if (nested === undefined) {
      fields.set(key, value);
      continue;
    }
    for (const [name, item] of Object.entries(nested)) {
      fields.set(
        `${key}.${name}`,
        key === "headers" && typeof item === "string" ? maskHeaderValue(item) : item,
      );
    }
  }
  return fields;
}

/** A header value with its `${VAR}` references kept and its literal text (a credential, maybe) masked. */
export function maskHeaderValue(value: string): string {
  let masked = "";
  let at = 0;
  for (const { start, end, name, fallback } of variableReferences(value)) {
    masked += `${start > at ? "•••" : ""}\${${name}${fallback === undefined ? "" : ":-•••"}}`;
    at = end;
  }
  return masked + (value.length > at ? "•••" : "");
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  const record = asRecord(value);
  if (record === undefined) return undefined;
  return Object.values(record).every((item) => typeof item === "string")
    ? (record as Record<string, string>)
    : undefined;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function mapValues(record: Record<string, string>, map: (value: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
