import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { confinePath } from "../../permissions/confine-path.ts";

/** Largest manifest or lockfile read (a lockfile past this is skipped rather than parsed). */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/**
 * A project folder that holds manifests or lockfiles: its project-relative path, the names found in it,
 * and reads confined to the project (a manifest that is a symlink out of the project is not read).
 */
export class ManifestFolder {
  constructor(
    readonly root: string,
    /** Project-relative, "" for the root. */
    readonly dir: string,
    readonly names: ReadonlySet<string>,
  ) {}

  /** The folder at `dir` (project-relative), with the names in it. */
  static async at(root: string, dir: string): Promise<ManifestFolder> {
    const names = await readdir(join(root, dir)).catch(() => [] as string[]);
    return new ManifestFolder(root, dir, new Set(names));
  }

  /** The project-relative path of a file in this folder. */
  pathOf(name: string): string {
    return this.dir === "" ? name : `${this.dir}/${name}`;
  }

  /** The text of a file in this folder, or undefined when it is missing, too large or outside the project. */
  async read(name: string): Promise<string | undefined> {
    if (!this.names.has(name)) return undefined;
    const confined = await confinePath(this.root, this.pathOf(name), { intent: "read" }).catch(
      () => undefined,
    );
    if (confined?.kind !== "file") return undefined;
    const text = await readFile(confined.absolute, "utf8").catch(() => undefined);
    return text !== undefined && text.length <= MAX_MANIFEST_BYTES ? text : undefined;
  }

  /** Folders below this one matched by workspace globs (`packages/*`, `crates/core`); `**` is not expanded. */
  async expand(patterns: readonly string[]): Promise<ManifestFolder[]> {
    const found: ManifestFolder[] = [];
    for (const pattern of patterns) {
      const clean = pattern.replace(/^\.\//, "").replace(/\/$/, "");
      if (clean.startsWith("!") || clean.includes("**") || clean.includes("..")) continue;
      const star = clean.indexOf("*");
      if (star === -1) {
        found.push(await ManifestFolder.at(this.root, this.#child(clean)));
        continue;
      }
      const parent = clean.slice(0, clean.lastIndexOf("/", star) + 1).replace(/\/$/, "");
      const rest = clean.slice(parent === "" ? 0 : parent.length + 1);
      const matcher = new RegExp(`^${rest.split("*").map(escapeRegExp).join("[^/]*")}$`);
      const entries = await readdir(join(this.root, this.#child(parent)), { withFileTypes: true }).catch(
        () => [],
      );
      for (const entry of entries.sort((left, right) => left.name.localeCompare(right.name))) {
        if (entry.isDirectory() && matcher.test(entry.name)) {
          found.push(
            await ManifestFolder.at(
              this.root,
              this.#child(parent === "" ? entry.name : `${parent}/${entry.name}`),
            ),
          );
        }
      }
    }
    return found;
  }

  #child(relative: string): string {
    if (relative === "") return this.dir;
    return this.dir === "" ? relative : `${this.dir}/${relative}`;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}
