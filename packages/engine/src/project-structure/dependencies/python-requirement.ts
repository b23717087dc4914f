/** A PEP 508 requirement reduced to what the dependency view shows. */
export interface PythonRequirement {
  /** Normalized as PEP 503 says: lowercase, runs of `-`, `_` and `.` as one `-`. */
  name: string;
  /** The version specifier (`==1.2.3`, `>=2,<3`), `*` when there is none. */
  spec: string;
}

/** The PEP 503 normal form of a Python package name. */
export function normalizePythonName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

/** Parses `requests[socks]>=2.31 ; python_version>"3.8"`; undefined for options, URLs and blank lines. */
export function parsePythonRequirement(line: string): PythonRequirement | undefined {
  // The `s` flag lets `.` cross a stray `\r`: without it a line of ` #` pairs and a `\r` backtracks quadratically.
  const text =
    line
      .replace(/\s#.*$/s, "")
      .split(";")[0]
      ?.trim() ?? "";
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*)$/s.exec(text);
  if (match === null || text.startsWith("-")) return undefined;
  const spec = (match[3] ?? "").replace(/^\(|\)$/g, "").trim();
  if (spec.startsWith("@")) return { name: normalizePythonName(match[1] as string), spec: "url" };
  return { name: normalizePythonName(match[1] as string), spec: spec === "" ? "*" : spec };
}

/** The version a specifier pins (`==1.2.3` → `1.2.3`), else the specifier itself. */
export function pinnedVersion(spec: string): string {
  const pinned = /^===?\s*([^,\s]+)$/.exec(spec);
  return pinned ? (pinned[1] as string) : spec;
}
