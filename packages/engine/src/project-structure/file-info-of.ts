import type { FileInfo } from "@parley/protocol";
import { languageOf, mimeTypeOf } from "./file-kind.ts";
import type { ProjectWalkEntry } from "./walk-project-files.ts";

/** A walked file (or symlink, shown as `inode/symlink` and never followed) as seed 001's FileInfo. */
export function fileInfoOf(entry: Extract<ProjectWalkEntry, { kind: "file" | "symlink" }>): FileInfo {
  if (entry.kind === "symlink") return { path: entry.path, size: 0, mime_type: "inode/symlink" };
  const language = languageOf(entry.path);
  return {
    path: entry.path,
    size: entry.size,
    mime_type: mimeTypeOf(entry.path, language),
    ...(language !== undefined && { language }),
  };
}
