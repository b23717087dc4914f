import {
  type DirectoryNode,
  type FileInfo,
  type ProjectDependency,
  type ProjectStructureData,
  ProjectStructureDataSchema,
  sortNaturally,
} from "@parley/protocol";

/** Reads a ProjectStructure card's data; undefined when it does not fit the schema. */
export function readProjectStructure(data: unknown): ProjectStructureData | undefined {
  const parsed = ProjectStructureDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** The title of each kind of structure. */
export const STRUCTURE_TITLES: Record<ProjectStructureData["structure_type"], string> = {
  tree: "Project tree",
  file_list: "Project files",
  dependencies: "Dependencies",
};

/** One row of a project tree as shown: a folder, a file, or what a limit left out of a folder. */
export type TreeRow =
  | { kind: "folder"; node: DirectoryNode; depth: number }
  | { kind: "file"; file: FileInfo; depth: number }
  | { kind: "omitted"; path: string; count: number; depth: number };

/** The folders open at first: the root and its direct subfolders. */
export function initiallyOpenFolders(root: DirectoryNode): Set<string> {
  return new Set([root.path, ...root.directories.map((folder) => folder.path)]);
}

/** The rows on screen: every open folder's subfolders, then its files, then what a limit left out of it. */
export function visibleTreeRows(root: DirectoryNode, open: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (node: DirectoryNode, depth: number) => {
    rows.push({ kind: "folder", node, depth });
    if (!open.has(node.path)) return;
    for (const folder of node.directories) walk(folder, depth + 1);
    for (const file of node.files) rows.push({ kind: "file", file, depth: depth + 1 });
    if (node.omitted_entries) {
      rows.push({ kind: "omitted", path: node.path, count: node.omitted_entries, depth: depth + 1 });
    }
  };
  walk(root, 0);
  return rows;
}

/** Every folder of a tree, for "expand all". */
export function allFolders(node: DirectoryNode): string[] {
  return [node.path, ...node.directories.flatMap(allFolders)];
}

/** How many entries a folder holds, the ones a limit left out included. */
export function folderEntryCount(node: DirectoryNode): number {
  return node.directories.length + node.files.length + (node.omitted_entries ?? 0);
}

/** The columns a file list sorts by; `given` keeps the generator's order (by relevance when asked for). */
export type FileSortKey = "given" | "path" | "size" | "language" | "mime_type";

/**
 * Files sorted by a column (ties by path), reversed when `descending`. Text columns sort as people read them
 * (case-insensitive, `file-2` before `file-10`).
 */
export function sortFiles(files: readonly FileInfo[], key: FileSortKey, descending: boolean): FileInfo[] {
  if (key === "given") return [...files];
  const byPath = sortNaturally(files, (file) => file.path);
  const sorted =
    key === "path"
      ? byPath
      : key === "size"
        ? byPath.sort((left, right) => left.size - right.size)
        : sortNaturally(byPath, (file) => file[key] ?? "");
  return descending ? sorted.reverse() : sorted;
}

/** A dependency's flags in words, as its row shows them: direct or transitive, then dev, optional, peer. */
export function dependencyTags(dependency: ProjectDependency): string[] {
  return [
    dependency.direct ? "direct" : "transitive",
    ...(dependency.dev ? ["dev"] : []),
    ...(dependency.optional === true ? ["optional"] : []),
    ...(dependency.peer === true ? ["peer"] : []),
  ];
}

/** The first few names and how many more, so a row stays one line. */
export function summarizeNames(names: readonly string[]): string {
  return names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} +${names.length - 3}`;
}
