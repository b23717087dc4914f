import type { FileInfo } from "@parley/protocol";
import { type FileSortKey, formatBytes, sortFiles } from "@parley/sdk";
import { useMemo, useState } from "react";
import { VirtualRows } from "./virtual-rows.tsx";

const COLUMNS: { key: Exclude<FileSortKey, "given">; label: string }[] = [
  { key: "path", label: "Path" },
  { key: "size", label: "Size" },
  { key: "language", label: "Language" },
  { key: "mime_type", label: "Type" },
];

/** A project's files as a table sorted by any column (click again to reverse), rendered rows in view only. */
export function ProjectFileTable({ files }: { files: readonly FileInfo[] }) {
  const [sort, setSort] = useState<{ key: FileSortKey; descending: boolean }>({
    key: "given",
    descending: false,
  });
  const rows = useMemo(() => sortFiles(files, sort.key, sort.descending), [files, sort]);
  const choose = (key: Exclude<FileSortKey, "given">) =>
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
