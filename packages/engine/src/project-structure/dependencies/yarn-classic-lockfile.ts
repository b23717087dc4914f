/** What the dependency view reads of a yarn.lock entry. */
export interface YarnEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The groups of an entry that name its requirements. */
const REQUIREMENT_GROUPS = new Set(["dependencies", "optionalDependencies"]);

/**
 * Parses a Yarn classic (v1) lockfile into its entries, each `name@range` key mapped to its entry (keys
 * that share an entry share the object), in one pass over the lines. Yarn's own parser
 * (`@yarnpkg/lockfile`) never returns on an unterminated string or on a comment at the very end of the
 * file, so a three-byte yarn.lock could hold a worker until it ran out of memory; this reads only what the
 * dependency view needs (versions and requirements) and throws, naming the line, on what it does not
 * understand.
 */
export function parseYarnClassicLockfile(text: string): Map<string, YarnEntry> {
  const entries = new Map<string, YarnEntry>();
  let entry: YarnEntry | undefined;
  // The requirement group being filled, or undefined inside another nested table (read past).
  let group: Record<string, string> | undefined;
  const lines = text.split("\n");
  for (const [index, raw] of lines.entries()) {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const body = line.trim();
    if (body === "" || body.startsWith("#")) continue;
    const indent = line.length - line.trimStart().length;
    const fail = (reason: string) => new Error(`line ${index + 1}: ${reason}`);
    if (indent % 2 !== 0) throw fail("indentation is not a multiple of two spaces");
    const opens = body.endsWith(":");
    if (indent === 0) {
      if (!opens) throw fail("expected an entry's keys followed by a colon");
      entry = {};
      group = undefined;
      for (const key of keyList(body.slice(0, -1), fail)) entries.set(key, entry);
    } else if (entry === undefined) throw fail("a field outside any entry");
    else if (indent === 2) {
      group = undefined;
      const [name, value] = pair(opens ? body.slice(0, -1) : body, fail);
      if (opens && REQUIREMENT_GROUPS.has(name)) {
        group = Object.create(null) as Record<string, string>;
        entry[name as "dependencies" | "optionalDependencies"] = group;
      } else if (!opens && name === "version") entry.version = value;
    } else if (indent === 4 && group !== undefined) {
      const [name, range] = pair(body, fail);
      group[name] = range;
    }
  }
  return entries;
}

/** `a@^1, "@b/c@^2"` → the keys, unquoted. */
function keyList(text: string, fail: (reason: string) => Error): string[] {
  const keys: string[] = [];
  let at = 0;
  while (at < text.length) {
    while (text[at] === " ") at++;
    const [key, end] = token(text, at, ",", fail);
    if (key !== "") keys.push(key);
    at = end;
    while (text[at] === " ") at++;
    if (at < text.length && text[at] !== ",") throw fail("expected a comma between an entry's keys");
    at++;
  }
  return keys;
}

/** `name "value"` or `name value` → name and value, unquoted. */
function pair(text: string, fail: (reason: string) => Error): [string, string] {
  const [name, end] = token(text, 0, " ", fail);
  const rest = text.slice(end).trim();
  return [name, rest.startsWith('"') ? token(rest, 0, "", fail)[0] : rest];
}

/**
 * The token at `start`: a JSON-quoted string, or the text up to `stop` (or the end). Returns it and where
 * it ends. Each character is looked at once.
 */
function token(text: string, start: number, stop: string, fail: (reason: string) => Error): [string, number] {
  if (text[start] !== '"') {
    const end = stop === "" ? -1 : text.indexOf(stop, start);
    const to = end === -1 ? text.length : end;
    return [text.slice(start, to).trim(), to];
  }
  let at = start + 1;
  while (at < text.length && text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
  if (at >= text.length) throw fail("a string is not closed");
  try {
    return [JSON.parse(text.slice(start, at + 1)) as string, at + 1];
  } catch {
    throw fail("a string has an invalid escape");
  }
}
