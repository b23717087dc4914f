import type { DependencyGraphBuilder } from "./dependency-graph-builder.ts";
import type { ManifestFolder } from "./manifest-folder.ts";

/**
 * Reads a Go module: go.mod's `require` lines are direct, except those marked `// indirect`, which are
 * transitive; go.sum adds the other modules whose source it checks (their newest listed version). Go records
 * no module-to-module edges in these files, and has no dev dependencies.
 */
export async function readGoDependencies(
  folder: ManifestFolder,
  builder: DependencyGraphBuilder,
): Promise<void> {
  const text = await folder.read("go.mod");
  if (text === undefined) return;
  const path = folder.pathOf("go.mod");
  const module = /^module\s+(\S+)/m.exec(text)?.[1];
  builder.addManifest({ path, ecosystem: "go", ...(module !== undefined && { name: module }) });
  const required = new Set<string>();
  let inBlock = false;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (/^require\s*\($/.test(line)) inBlock = true;
    else if (inBlock && line === ")") inBlock = false;
    else if (inBlock || line.startsWith("require ")) {
      // `s`: a stray `\r` inside the line would otherwise make `(.*)$` backtrack quadratically.
      const match = /^(?:require\s+)?(\S+)\s+(v\S+)(.*)$/s.exec(line);
      if (match === null) continue;
      const [, name = "", version = "", rest = ""] = match;
      required.add(name);
      const indirect = /\/\/\s*indirect/.test(rest);
      builder.add({
        ecosystem: "go",
        name,
        version,
        dev: false,
        ...(indirect ? {} : { direct: true, manifest: path }),
      });
    }
  }
  const sums = (await folder.read("go.sum")) ?? "";
  const newest = new Map<string, string>();
  for (const line of sums.split("\n")) {
    const [name, version] = line.split(" ");
    if (name === undefined || version === undefined || version.endsWith("/go.mod") || required.has(name))
      continue;
    newest.set(name, version);
  }
  for (const [name, version] of newest) builder.add({ ecosystem: "go", name, version, dev: false });
}
