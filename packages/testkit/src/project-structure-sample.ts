import type { DirectoryNode } from "@parley/protocol";

/** The fields every ProjectStructure card's data carries, for a project at /work/demo. */
export const sampleStructureFields = {
  root_path: "/work/demo",
  generated_at: "2026-11-25T12:00:00.000Z",
  excluded_patterns: [".git", "node_modules"],
};

/** A file entry as the structure lists it (TypeScript files with their language). */
export const structureFile = (path: string, size: number, language?: string) => ({
  path,
  size,
  mime_type: language === "TypeScript" ? "text/typescript" : "text/plain",
  ...(language && { language }),
});

/** A small project tree: a README, a symlink, and src/ with a nested lib/ and 7 entries left out. */
export const sampleProjectTree: DirectoryNode = {
  name: "demo",
  path: "",
  files: [structureFile("README.md", 12), { path: "escape", size: 0, mime_type: "inode/symlink" }],
  directories: [
    {
      name: "src",
      path: "src",
      files: [structureFile("src/main.ts", 2048, "TypeScript")],
      directories: [
        {
          name: "lib",
          path: "src/lib",
          files: [structureFile("src/lib/util.ts", 10, "TypeScript")],
          directories: [],
        },
      ],
      omitted_entries: 7,
    },
  ],
};
