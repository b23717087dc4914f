import type { DirectoryNode } from "@parley/protocol";
import {
  allFolders,
  folderEntryCount,
  formatBytes,
  initiallyOpenFolders,
  plural,
  type TreeRow,
  visibleTreeRows,
} from "@parley/sdk";
import { useMemo, useState } from "react";
import { VirtualRows } from "./virtual-rows.tsx";

const ROW_HEIGHT = 26;

/** A project's directory tree: folders open and close, and only the rows in view are rendered. */
export function ProjectTreeView({ root }: { root: DirectoryNode }) {
  const [open, setOpen] = useState(() => initiallyOpenFolders(root));
  const rows = useMemo(() => visibleTreeRows(root, open), [root, open]);
  const toggle = (path: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });
  return (
    <div className="project-tree">
      <div className="card-actions">
        <button
          type="button"
          className="button button-small"
          data-testid="tree-expand-all"
          onClick={() => setOpen(new Set(allFolders(root)))}
        >
          Expand all
        </button>
        <button
          type="button"
          className="button button-small"
          data-testid="tree-collapse-all"
          onClick={() => setOpen(new Set([root.path]))}
        >
          Collapse all
        </button>
      </div>
      <VirtualRows
        rows={rows}
        rowHeight={ROW_HEIGHT}
        maxHeight={360}
        testId="project-tree"
        label="Project tree"
        rowKey={(row) =>
          row.kind === "folder"
            ? `d:${row.node.path}`
            : row.kind === "file"
              ? `f:${row.file.path}`
              : `o:${row.path}`
        }
        renderRow={(row) => <TreeRowView row={row} open={open} onToggle={toggle} />}
      />
    </div>
  );
}

function TreeRowView({
  row,
  open,
  onToggle,
}: {
  row: TreeRow;
  open: ReadonlySet<string>;
  onToggle: (path: string) => void;
}) {
  const indent = { paddingLeft: row.depth * 16 };
  if (row.kind === "folder") {
    const expanded = open.has(row.node.path);
    const count = folderEntryCount(row.node);
    return (
      <button
        type="button"
        className="tree-row tree-folder"
        data-testid="tree-folder"
        data-path={row.node.path}
        aria-expanded={expanded}
        style={indent}
        onClick={() => onToggle(row.node.path)}
      >
        <span aria-hidden="true">{expanded ? "▾" : "▸"}</span> {row.node.name}/
        <span className="tree-meta">{plural(count, "entry", "entries")}</span>
      </button>
    );
  }
  if (row.kind === "omitted") {
    return (
      <div className="tree-row tree-omitted" data-testid="tree-omitted" style={indent}>
        … {row.count} more entries left out by the limits
      </div>
    );
  }
  const name = row.file.path.slice(row.file.path.lastIndexOf("/") + 1);
  const symlink = row.file.mime_type === "inode/symlink";
  return (
    <div className="tree-row tree-file" data-testid="tree-file" data-path={row.file.path} style={indent}>
      {name}
      <span className="tree-meta">
        {symlink
          ? "symlink (not followed)"
          : [formatBytes(row.file.size), row.file.language].filter(Boolean).join(" · ")}
      </span>
    </div>
  );
}
