/** A folder of a lockfile's package tree: the root, a workspace, or a package installed in a `node_modules`. */
interface PackageFolder {
  /** The lockfile's key for this folder, when the lockfile lists it (a path like `node_modules/a` may not be). */
  key?: string;
  /** The packages installed in this folder's `node_modules`, by name. */
  modules: Map<string, PackageFolder>;
  /** The root's workspace folders (keys without `node_modules`), by key. */
  workspaces?: Map<string, PackageFolder>;
}

/**
 * Resolves every requirement of every package in a package-lock.json the way Node does: a name required
 * from a folder is found in that folder's `node_modules`, else in its parent's, up to the root. Walking up
 * for each requirement costs depth × requirements (a crafted 21 KB lockfile took seconds); this walks the
 * package tree once instead, keeping for each name the nearest folder that installs it, so the cost is
 * linear in the lockfile's size. Returns, for each key, the key each required name resolves to.
 */
export function resolveNpmLockfile(
  keys: Iterable<string>,
  requiredNames: (key: string) => Iterable<string>,
): Map<string, Map<string, string>> {
  const root = packageTree(keys);
  const resolved = new Map<string, Map<string, string>>();
  // For each name, the keys of the folders installing it from the root down to where the walk is.
  const visible = new Map<string, string[]>();
  const stack: { folder: PackageFolder; entered: boolean }[] = [{ folder: root, entered: false }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    const folder = frame.folder;
    if (frame.entered) {
      for (const [name, installed] of folder.modules)
        if (installed.key !== undefined) visible.get(name)?.pop();
      stack.pop();
      continue;
    }
    frame.entered = true;
    for (const [name, installed] of folder.modules) {
      if (installed.key === undefined) continue;
      const keys = visible.get(name);
      if (keys === undefined) visible.set(name, [installed.key]);
      else keys.push(installed.key);
    }
    if (folder.key !== undefined) {
      const targets = new Map<string, string>();
      for (const name of requiredNames(folder.key)) {
        const nearest = visible.get(name)?.at(-1);
        if (nearest !== undefined) targets.set(name, nearest);
      }
      resolved.set(folder.key, targets);
    }
    for (const child of folder.modules.values()) stack.push({ folder: child, entered: false });
    for (const child of folder.workspaces?.values() ?? []) stack.push({ folder: child, entered: false });
  }
  return resolved;
}

const MODULES = "node_modules/";
const NESTED = "/node_modules/";

/**
 * The lockfile's keys as a tree of folders: `packages/a/node_modules/b/node_modules/c` is workspace
 * `packages/a`, then `b` in its `node_modules`, then `c` in `b`'s. Each key is split once, so building the
 * tree costs the keys' total length.
 */
function packageTree(keys: Iterable<string>): PackageFolder {
  const root: PackageFolder = { modules: new Map(), workspaces: new Map() };
  const workspaces = root.workspaces as Map<string, PackageFolder>;
  for (const key of keys) {
    if (key === "") {
      root.key = key;
      continue;
    }
    let folder = root;
    let rest: string;
    if (key.startsWith(MODULES)) rest = key.slice(MODULES.length);
    else {
      const nested = key.indexOf(NESTED);
      const workspace = nested === -1 ? key : key.slice(0, nested);
      folder = workspaces.get(workspace) ?? { modules: new Map() };
      workspaces.set(workspace, folder);
      if (nested === -1) {
        folder.key = key;
        continue;
      }
      rest = key.slice(nested + NESTED.length);
    }
    for (const name of rest.split(NESTED)) {
      let installed = folder.modules.get(name);
      if (installed === undefined) {
        installed = { modules: new Map() };
        folder.modules.set(name, installed);
      }
      folder = installed;
    }
    folder.key = key;
  }
  return root;
}
