import { dependentNames, type ProjectStructureData } from "@parley/protocol";
import {
  dependencyTags,
  folderEntryCount,
  formatBytes,
  initiallyOpenFolders,
  plural,
  STRUCTURE_TITLES,
  safeText,
  summarizeNames,
  type TreeRow,
  visibleTreeRows,
} from "@parley/sdk";
import { Box, Text } from "ink";
import { useDisplay } from "../theme/display.ts";
import { useTheme } from "../theme/theme.ts";

/** Rows a structure card shows in the transcript (all with Ctrl-O; `/project` scrolls through it). */
const SHOWN_ROWS = 20;

/** The rows a scrolling view shows: from `offset`, `height` of them. */
export interface StructureWindow {
  offset: number;
  height: number;
}

/** How a browsable tree is drawn: which folders are open, and the marks of open and folded folders. */
export interface TreeFolds {
  open: ReadonlySet<string>;
  marks: { open: string; closed: string };
}

/** Where a browsable view's cursor is: the row, and the mark drawn before it. */
export interface StructureCursor {
  row: number;
  pointer: string;
}

/**
 * Seed 001's ProjectStructure card: the tree's first two levels, the first files of a file list, or the
 * direct dependencies, with where the project is, when it was read and what a limit cut. Given a `window`
 * (the Project view), only the rows in the window are drawn, with the tree's `folds` and the `cursor`.
 */
export function ProjectStructureView({
  structure,
  window,
  folds,
  cursor,
}: {
  structure: ProjectStructureData;
  window?: StructureWindow;
  folds?: TreeFolds;
  cursor?: StructureCursor;
}) {
  const theme = useTheme();
  const { expandTools } = useDisplay();
  const lines = structureLines(structure, folds);
  const start = window === undefined ? 0 : clampOffset(window, lines.length);
  const limit = window?.height ?? (expandTools ? Number.POSITIVE_INFINITY : SHOWN_ROWS);
  const omitted = typeof structure.omitted_count === "number" ? structure.omitted_count : 0;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.muted} paddingX={1}>
      <Text>
        <Text bold>{STRUCTURE_TITLES[structure.structure_type]}</Text>
        <Text dimColor>{` ${safeText(structure.root_path)}`}</Text>
      </Text>
      <Text dimColor>
        {`Read ${new Date(structure.generated_at).toLocaleString()}`}
        {structure.excluded_patterns.length > 0 &&
          ` · leaves out ${structure.excluded_patterns.map(safeText).join(", ")}`}
      </Text>
      {structure.truncated === true && (
        <Text
          color={theme.warning}
        >{`Cut at the depth or size limits${omitted > 0 ? `: ${omitted} more files not listed` : ""}.`}</Text>
      )}
      {lines.slice(start, start + limit).map((line, index) =>
        cursor === undefined ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows of a fixed structure
          <Text key={start + index}>{line}</Text>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows of a fixed structure
          <Text key={start + index} bold={start + index === cursor.row}>
            {`${start + index === cursor.row ? cursor.pointer : " "} ${line}`}
          </Text>
        ),
      )}
      {window !== undefined ? (
        <Text dimColor>
          {lines.length === 0
            ? "Nothing to show."
            : `Rows ${start + 1}–${Math.min(lines.length, start + limit)} of ${lines.length}`}
        </Text>
      ) : (
        lines.length > limit && (
          <Text dimColor>{`… ${plural(lines.length - limit, "more row")} (Ctrl-O shows all)`}</Text>
        )
      )}
    </Box>
  );
}

/** One row of a tree as text; a folder's mark says whether its entries show when `folds` is given. */
function treeRowLine(row: TreeRow, folds: TreeFolds | undefined): string {
  const indent = "  ".repeat(row.depth);
  if (row.kind === "folder") {
    const mark =
      folds === undefined ? "" : `${folds.open.has(row.node.path) ? folds.marks.open : folds.marks.closed} `;
    return `${indent}${mark}${safeText(row.node.name)}/  (${plural(folderEntryCount(row.node), "entry", "entries")})`;
  }
  if (row.kind === "omitted") return `${indent}… ${row.count} more entries left out by the limits`;
  const name = row.file.path.slice(row.file.path.lastIndexOf("/") + 1);
  return `${indent}${safeText(name)}  ${row.file.mime_type === "inode/symlink" ? "symlink (not followed)" : formatBytes(row.file.size)}`;
}

/** The first row a window may start at, so that it never scrolls past the last row. */
export function clampOffset(window: StructureWindow, rows: number): number {
  return Math.max(0, Math.min(window.offset, rows - window.height));
}

/**
 * The structure as text rows: an indented tree (its first two levels, or as `folds` opens it, each folder
 * marked open or folded), a file table, or dependencies with their links.
 */
export function structureLines(structure: ProjectStructureData, folds?: TreeFolds): string[] {
  if (structure.structure_type === "tree") {
    return visibleTreeRows(structure.content, folds?.open ?? initiallyOpenFolders(structure.content)).map(
      (row) => treeRowLine(row, folds),
    );
  }
  if (structure.structure_type === "file_list") {
    const width = Math.min(60, Math.max(4, ...structure.content.map((file) => file.path.length)));
    return structure.content.map(
      (file) =>
        `${safeText(file.path).padEnd(width)}  ${(file.mime_type === "inode/symlink" ? "—" : formatBytes(file.size)).padStart(8)}  ${safeText(file.language ?? "")}`,
    );
  }
  const graph = structure.content;
  const dependents = dependentNames(graph);
  const names = new Map(graph.dependencies.map((dependency) => [dependency.id, dependency.name]));
  const manifests =
    graph.manifests.length === 0
      ? "No manifests found."
      : `Manifests: ${graph.manifests.map((manifest) => `${manifest.path} (${manifest.ecosystem})`).join(", ")}`;
  const direct = graph.dependencies.filter((dependency) => dependency.direct).length;
  return [
    safeText(manifests),
    `${plural(graph.dependencies.length, "package")}: ${direct} direct, ${graph.dependencies.length - direct} transitive`,
    ...graph.dependencies.map((dependency) => {
      const tags = dependencyTags(dependency).join(", ");
      const requires = dependency.depends_on.map((id) => names.get(id) ?? id);
      const by = dependents.get(dependency.id) ?? [];
      return safeText(
        `${dependency.name} ${dependency.version} [${tags}]${requires.length > 0 ? ` requires ${summarizeNames(requires)}` : ""}${by.length > 0 ? ` · required by ${summarizeNames(by)}` : ""}`,
      );
    }),
  ];
}
