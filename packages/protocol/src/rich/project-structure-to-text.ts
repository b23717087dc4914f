import { dependentNames } from "./dependency-dependents.ts";
import type { DependencyGraph } from "./dependency-graph.ts";
import type { DirectoryNode } from "./directory-node.ts";
import type { FileInfo } from "./file-info.ts";
import type { ProjectStructureData } from "./project-structure.ts";

/**
 * Renders a project structure for a model: a header, then an indented tree, a file list or the
 * dependency graph. At most `maxEntries` lines of entries are listed; a marker counts the rest.
 */
export function projectStructureToText(structure: ProjectStructureData, maxEntries: number): string {
  const excluded = structure.excluded_patterns.length
    ? `; excluded: ${structure.excluded_patterns.join(", ")}`
    : "";
  const truncated = structure.truncated === true ? "; truncated by the generator's limits" : "";
  const about = `${structure.structure_type}; generated ${structure.generated_at}${excluded}${truncated}`;
  const header = `Project structure of ${structure.root_path} (${about})`;
  const lines = new EntryLines(maxEntries);
  problemLines(structure, lines);
  switch (structure.structure_type) {
    case "tree":
      treeLines(structure.content, 0, lines);
      break;
    case "file_list":
      lines.add(`${structure.content.length} files:`);
      for (const file of structure.content) lines.add(`- ${file.path} (${fileDetails(file)})`);
      if (structure.omitted_count)
        lines.add(`… ${structure.omitted_count} more files left out by the generator`);
      break;
    case "dependencies":
      dependencyLines(structure.content, lines);
      break;
  }
  return [header, ...lines.finish()].join("\n");
}

/** Collects entry lines up to a limit and counts the ones it had to leave out. */
class EntryLines {
  private readonly lines: string[] = [];
  private omitted = 0;
  constructor(private readonly limit: number) {}

  add(line: string): void {
    if (this.lines.length < this.limit) this.lines.push(line);
    else this.omitted++;
  }

  finish(): string[] {
    return this.omitted ? [...this.lines, `… ${this.omitted} more entries not shown`] : this.lines;
  }
}

/** Files the generator could not use come first, so a cut hides entries before it hides them. */
function problemLines(structure: ProjectStructureData, lines: EntryLines): void {
  const problems = structure.problems ?? [];
  const more = structure.omitted_problem_count ?? 0;
  if (problems.length === 0 && more === 0) return;
  lines.add(`Files the generator could not use (${problems.length + more}):`);
  for (const problem of problems)
    lines.add(`- ${problem.path === "" ? "(project)" : problem.path}: ${problem.message}`);
  if (more > 0) lines.add(`… ${more} more problems`);
}

function treeLines(node: DirectoryNode, depth: number, lines: EntryLines): void {
  const indent = "  ".repeat(depth);
  lines.add(`${indent}${node.name}/`);
  for (const directory of node.directories) treeLines(directory, depth + 1, lines);
  for (const file of node.files) lines.add(`${indent}  ${baseName(file.path)} (${fileDetails(file)})`);
  if (node.omitted_entries)
    lines.add(`${indent}  … ${node.omitted_entries} entries left out by the generator`);
}

function dependencyLines(graph: DependencyGraph, lines: EntryLines): void {
  const manifests = graph.manifests.map((manifest) => `${manifest.path} (${manifest.ecosystem})`);
  lines.add(`Manifests: ${manifests.join(", ") || "none"}`);
  const names = new Map(graph.dependencies.map((dependency) => [dependency.id, dependency.name]));
  const dependents = dependentNames(graph);
  const direct = graph.dependencies.filter((dependency) => dependency.direct);
  const transitive = graph.dependencies.filter((dependency) => !dependency.direct);
  lines.add(`Direct dependencies (${direct.length}):`);
  for (const dependency of direct) {
    const uses = dependency.depends_on.map((id) => names.get(id) ?? id);
    const suffix = uses.length ? ` → ${uses.join(", ")}` : "";
    lines.add(`- ${dependency.name} ${dependency.version} [${tags(dependency)}]${suffix}`);
  }
  lines.add(`Transitive dependencies (${transitive.length}):`);
  for (const dependency of transitive) {
    const requiredBy = dependents.get(dependency.id) ?? [];
    const suffix = requiredBy.length ? ` ← ${requiredBy.join(", ")}` : "";
    lines.add(`- ${dependency.name} ${dependency.version} [${tags(dependency)}]${suffix}`);
  }
  if (graph.omitted_count) {
    lines.add(`… ${graph.omitted_count} more dependencies left out by the generator`);
  }
}

function tags(dependency: {
  ecosystem: string;
  dev: boolean;
  optional?: boolean | undefined;
  peer?: boolean | undefined;
}): string {
  return [
    dependency.ecosystem,
    dependency.dev && "dev",
    dependency.optional && "optional",
    dependency.peer && "peer",
  ]
    .filter(Boolean)
    .join(", ");
}

function fileDetails(file: FileInfo): string {
  return [formatBytes(file.size), file.language ?? file.mime_type].join(", ");
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Sizes as people write them: `512 B`, `1.2 KB`, `3.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
