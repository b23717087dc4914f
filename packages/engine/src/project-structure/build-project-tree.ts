import type { DirectoryNode, FileInfo } from "@parley/protocol";
import { fileInfoOf } from "./file-info-of.ts";
import type { ProjectWalkEntry, ProjectWalkSummary } from "./walk-project-files.ts";

/**
 * Assembles a walk into a DirectoryNode hierarchy: each folder with its files and subfolders in name
 * order; a folder a limit cut short carries `omitted_entries`.
 */
export async function buildProjectTree(
  rootName: string,
  walk: AsyncGenerator<ProjectWalkEntry, ProjectWalkSummary, undefined>,
): Promise<{ tree: DirectoryNode; truncated: boolean }> {
  const root: DirectoryNode = { name: rootName, path: "", files: [], directories: [] };
  const folders = new Map<string, DirectoryNode>([["", root]]);
  const parentOf = (path: string): DirectoryNode => {
    const slash = path.lastIndexOf("/");
    return folders.get(slash === -1 ? "" : path.slice(0, slash)) ?? root;
  };
  let result = await walk.next();
  while (!result.done) {
    const entry = result.value;
    if (entry.kind === "directory") {
      const node: DirectoryNode = {
        name: baseName(entry.path),
        path: entry.path,
        files: [],
        directories: [],
      };
      folders.set(entry.path, node);
      parentOf(entry.path).directories.push(node);
    } else if (entry.kind === "omitted") {
      const node = folders.get(entry.path) ?? root;
      node.omitted_entries = (node.omitted_entries ?? 0) + entry.count;
    } else {
      const file: FileInfo = fileInfoOf(entry);
      parentOf(entry.path).files.push(file);
    }
    result = await walk.next();
  }
  return { tree: root, truncated: result.value.truncated };
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}
