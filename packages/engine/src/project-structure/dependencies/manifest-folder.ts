import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { ProjectStructureProblemReason } from "@parley/protocol";
import type { FileReport } from "../file-report.ts";
import { MAX_LOCKFILE_BYTES, MAX_MANIFEST_BYTES, readProjectFile } from "../read-project-file.ts";

/** Files read with the lockfile limit; every other manifest gets the smaller one. */
const LOCKFILES = new Set([
  "package-lock.json",
  "pnpm-lock.yaml",
  "yarn.lock",
  "Cargo.lock",
  "uv.lock",
  "poetry.lock",
  "go.sum",
]);

/**
 * A project folder that holds manifests or lockfiles: its project-relative path, the names found in it,
 * reads confined to the project and capped in size, and the report where a parser says what it could not use.
 */
export class ManifestFolder {
  constructor(
    readonly root: string,
    /** Project-relative, "" for the root. */
    readonly dir: string,
    readonly names: ReadonlySet<string>,
    readonly report: FileReport,
  ) {}

  /** The folder at `dir` (project-relative), with the names in it. */
  async at(dir: string): Promise<ManifestFolder> {
    const names = await readdir(join(this.root, dir)).catch(() => [] as string[]);
    return new ManifestFolder(this.root, dir, new Set(names), this.report);
  }

  /** The project-relative path of a file in this folder. */
  pathOf(name: string): string {
    return this.dir === "" ? name : `${this.dir}/${name}`;
  }

  /**
   * The text of a file in this folder, or undefined when it is missing; a file too large, outside the
   * project or unreadable is reported. The file counts as the one being worked on until the next read.
   */
  async read(name: string): Promise<string | undefined> {
    if (!this.names.has(name)) return undefined;
    const limit = LOCKFILES.has(name) ? MAX_LOCKFILE_BYTES : MAX_MANIFEST_BYTES;
    return readProjectFile(this.root, this.pathOf(name), limit, this.report);
  }

  /** Reports that a file of this folder could not be used, and why (`message` follows the file's path). */
  problem(name: string, reason: ProjectStructureProblemReason, message: string): void {
    this.report.problem(this.pathOf(name), reason, message);
  }

  /**
   * Folders below this one matched by workspace globs (`packages/*`, `crates/core`), each once; `**`,
   * negations and `..` are not expanded.
   */
  async expand(patterns: readonly string[]): Promise<ManifestFolder[]> {
    const dirs = new Set<string>();
    const listed = new Map<string, Dirent[]>();
    for (const pattern of new Set(patterns)) {
      const clean = pattern.replace(/^\.\//, "").replace(/\/$/, "");
      if (clean.startsWith("!") || clean.includes("**") || clean.includes("..")) continue;
      const star = clean.indexOf("*");
      if (star === -1) {
        dirs.add(this.#child(clean));
        continue;
      }
      const parent = clean.slice(0, clean.lastIndexOf("/", star) + 1).replace(/\/$/, "");
      const rest = clean.slice(parent === "" ? 0 : parent.length + 1);
      const at = this.#child(parent);
      let entries = listed.get(at);
      if (entries === undefined) {
        entries = await readdir(join(this.root, at), { withFileTypes: true }).catch(() => []);
        entries.sort((left, right) => left.name.localeCompare(right.name));
        listed.set(at, entries);
      }
      for (const entry of entries) {
        if (entry.isDirectory() && matchesWildcards(rest, entry.name))
          dirs.add(this.#child(parent === "" ? entry.name : `${parent}/${entry.name}`));
      }
    }
    const found: ManifestFolder[] = [];
    for (const dir of dirs) found.push(await this.at(dir));
    return found;
  }

  #child(relative: string): string {
    if (relative === "") return this.dir;
    return this.dir === "" ? relative : `${this.dir}/${relative}`;
  }
}

/**
 * Whether `name` matches `pattern`, where `*` stands for any run of characters: the greedy matcher that
 * backtracks only to the last `*`, so a crafted `*a*a*a…b` costs pattern × name steps, not an exponent.
 */
export function matchesWildcards(pattern: string, name: string): boolean {
  let p = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      resume = n;
    } else if (p < pattern.length && pattern[p] === name[n]) {
      p++;
      n++;
    } else if (star !== -1) {
      p = star + 1;
      n = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === "*") p++;
  return p === pattern.length;
}
