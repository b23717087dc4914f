import type { FileInfo } from "@parley/protocol";
import { useMemo, useState } from "react";
import { formatBytes } from "../../../lib/format.ts";
import { VirtualRows } from "./virtual-rows.tsx";

/** The columns a file list sorts by; `given` keeps the generator's order (by relevance when asked for). */
type SortKey = "given" | "path" | "size" | "language" | "mime_type";

const COLUMNS: { key: Exclude<SortKey, "given">; label: string }[] = [
  { key: "path", label: "Path" },
  { key: "size", label: "Size" },
  { key: "language", label: "Language" },
  { key: "mime_type", label: "Type" },
];

function compare(left: FileInfo, right: FileInfo, key: Exclude<SortKey, "given">): number {
  if (key === "size") return left.size - right.size;
  const a = left[key] ?? "";
  const b = right[key] ?? "";
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A project's files as a table sorted by any column (click again to reverse), rendered rows in view only. */
export function ProjectFileTable({ files }: { files: readonly FileInfo[] }) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: "given",
    descending: false,
  });
  const rows = useMemo(() => {
    if (sort.key === "given") return files;
    const key = sort.key;
    const sorted = [...files].sort(
      (left, right) => compare(left, right, key) || compare(left, right, "path"),
    );
    return sort.descending ? sorted.reverse() : sorted;
  }, [files, sort]);
  const choose = (key: Exclude<SortKey, "given">) =>
    setSort((current) => ({ key, descending: current.key === key ? !current.descending : key === "size" }));
  return (
    <div className="project-file-table">
      <div className="file-table-header">
        {COLUMNS.map((column) => {
          const active = sort.key === column.key;
          return (
            <button
              key={column.key}
              type="button"
              className={`file-table-column file-column-${column.key}`}
              data-testid={`file-sort-${column.key}`}
              data-sort={active ? (sort.descending ? "descending" : "ascending") : "none"}
              aria-label={`Sort by ${column.label.toLowerCase()}${active ? (sort.descending ? ", now descending" : ", now ascending") : ""}`}
              onClick={() => choose(column.key)}
            >
              {column.label}
              {active && <span aria-hidden="true">{sort.descending ? " ▾" : " ▴"}</span>}
            </button>
          );
        })}
      </div>
      <VirtualRows
        rows={rows}
        rowHeight={26}
        maxHeight={360}
        testId="project-files"
        label="Project files"
        rowKey={(file) => file.path}
        renderRow={(file) => (
          <div className="file-table-row" data-testid="file-row" data-path={file.path}>
            <span className="file-column-path" title={file.path}>
              {file.path}
            </span>
            <span className="file-column-size">
              {file.mime_type === "inode/symlink" ? "—" : formatBytes(file.size)}
            </span>
            <span className="file-column-language">{file.language ?? ""}</span>
            <span className="file-column-mime_type">{file.mime_type}</span>
          </div>
        )}
      />
    </div>
  );
}
