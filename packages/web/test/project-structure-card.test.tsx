import type { DirectoryNode, ProjectStructureData } from "@parley/protocol";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderTurns, turnWith } from "./card-fixtures.tsx";

const common = {
  root_path: "/work/demo",
  generated_at: "2026-11-25T12:00:00.000Z",
  excluded_patterns: [".git", "node_modules"],
};

function renderStructure(data: ProjectStructureData | Record<string, unknown>) {
  return renderTurns([turnWith([{ id: "msg_structure", rich: { kind: "ProjectStructure", data } }])]);
}

const file = (path: string, size: number, language?: string) => ({
  path,
  size,
  mime_type: language === "TypeScript" ? "text/typescript" : "text/plain",
  ...(language && { language }),
});

const tree: DirectoryNode = {
  name: "demo",
  path: "",
  files: [file("README.md", 12), { path: "escape", size: 0, mime_type: "inode/symlink" }],
  directories: [
    {
      name: "src",
      path: "src",
      files: [file("src/main.ts", 2048, "TypeScript")],
      directories: [
        { name: "lib", path: "src/lib", files: [file("src/lib/util.ts", 10, "TypeScript")], directories: [] },
      ],
      omitted_entries: 7,
    },
  ],
};

describe("the ProjectStructure card", () => {
  it("shows a ProjectStructure message in the chat as the structure card from @parley/react", () => {
    renderStructure({ ...common, structure_type: "tree", content: tree });
    const card = screen.getByTestId("rich-card");
    expect(card.dataset).toMatchObject({ kind: "ProjectStructure", messageId: "msg_structure" });
    expect(within(card).getByText("/work/demo")).toBeDefined();
    expect(screen.getAllByTestId("tree-file").map((row) => row.dataset.path)).toEqual([
      "src/main.ts",
      "README.md",
      "escape",
    ]);
  });

  it("shows data that does not fit the schema as text, with a warning", () => {
    const { warnings } = renderStructure({ ...common, structure_type: "tree" });
    expect(screen.queryByTestId("rich-card")).toBeNull();
    expect(screen.getByTestId("text-card")).toBeDefined();
    expect(warnings).toEqual([expect.stringContaining("its ProjectStructure data does not fit the schema")]);
  });
});
