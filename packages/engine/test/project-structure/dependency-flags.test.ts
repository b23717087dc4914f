import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DependencyGraph, ProjectDependency } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { generateProjectStructure } from "../../src/project-structure/generate-project-structure.ts";
import { STRUCTURE_TEST_TIMEOUT_MS } from "../structure-test-timeout.ts";

/** Peer, dev and optional flags as the dependency view reports them, and "alphabetical" as people read it. */

function project(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), "parley-flags-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), typeof content === "string" ? content : JSON.stringify(content));
  }
  return root;
}

async function graphOf(root: string): Promise<DependencyGraph> {
  const structure = await generateProjectStructure({ root, type: "dependencies" });
  if (structure.structure_type !== "dependencies") throw new Error("expected dependencies");
  return structure.content;
}

function flags(graph: DependencyGraph, name: string): string {
  const found = graph.dependencies.find((dependency) => dependency.name === name) as ProjectDependency;
  expect(found, `${name} is in the graph`).toBeDefined();
  return [
    found.direct ? "direct" : "transitive",
    found.dev ? "dev" : "prod",
    found.optional ? "optional" : "",
    found.peer ? "peer" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

const manifest = {
  name: "widget",
  version: "1.0.0",
  dependencies: { zod: "^4.0.0" },
  devDependencies: { chokidar: "^4.0.0", react: "^19.0.0" },
  peerDependencies: { react: "^19.0.0", "react-dom": "^19.0.0" },
  peerDependenciesMeta: { "react-dom": { optional: true } },
};

describe("dependency flags", { timeout: STRUCTURE_TEST_TIMEOUT_MS }, () => {
  it("package-lock.json: peers are marked, and a package both dev and optional keeps both flags", async () => {
    const root = project({
      "package.json": manifest,
      "package-lock.json": {
        lockfileVersion: 3,
        packages: {
          "": manifest,
          "node_modules/zod": { version: "4.0.0", peerDependencies: { typescript: "*" } },
          "node_modules/typescript": { version: "5.9.0", peer: true },
          "node_modules/chokidar": { version: "4.0.3", dev: true, optionalDependencies: { fsevents: "^2" } },
          "node_modules/fsevents": { version: "2.3.3", dev: true, optional: true },
          "node_modules/react": { version: "19.0.0", dev: true },
          "node_modules/lightningcss": { version: "1.30.0", devOptional: true },
        },
      },
    });
    const graph = await graphOf(root);
    expect(flags(graph, "zod")).toBe("direct prod");
    expect(flags(graph, "typescript")).toBe("transitive prod peer");
    expect(flags(graph, "fsevents")).toBe("transitive dev optional");
    expect(flags(graph, "lightningcss")).toBe("transitive dev optional");
    expect(flags(graph, "react")).toBe("direct prod peer");
  });

  it("package.json alone: peers (an optional one by peerDependenciesMeta) are direct peer dependencies", async () => {
    const graph = await graphOf(project({ "package.json": manifest }));
    expect(flags(graph, "react")).toBe("direct prod peer");
    expect(flags(graph, "react-dom")).toBe("direct prod optional peer");
    expect(flags(graph, "chokidar")).toBe("direct dev");
  });

  it("lists files alphabetically as people read them: case-insensitive, numbers by value", async () => {
    const root = project({
      "b.md": "",
      "README.md": "",
      "a.md": "",
      "src/file-10.ts": "",
      "src/file-2.ts": "",
      "src/File-1.ts": "",
    });
    const list = await generateProjectStructure({ root, type: "file_list" });
    if (list.structure_type !== "file_list") throw new Error("expected a file list");
    expect(list.content.map((file) => file.path)).toEqual([
      "a.md",
      "b.md",
      "README.md",
      "src/File-1.ts",
      "src/file-2.ts",
      "src/file-10.ts",
    ]);
    const tree = await generateProjectStructure({ root, type: "tree" });
    if (tree.structure_type !== "tree") throw new Error("expected a tree");
    const src = tree.content.directories.find((folder) => folder.path === "src");
    expect(tree.content.files.map((file) => file.path)).toEqual(["a.md", "b.md", "README.md"]);
    expect(src?.files.map((file) => file.path)).toEqual(["src/File-1.ts", "src/file-2.ts", "src/file-10.ts"]);
  });
});
