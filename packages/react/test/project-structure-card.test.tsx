import type { ProjectStructureData } from "@parley/protocol";
import {
  sampleStructureFields as common,
  structureFile as file,
  sampleProjectTree as tree,
} from "@parley/testkit";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ProjectStructureCard } from "../src/project-structure/project-structure-card.tsx";

/** The card on its own, as an embedding app or the web UI's Project view draws it. */
function renderStructure(data: ProjectStructureData | Record<string, unknown>) {
  return render(<ProjectStructureCard structure={data as ProjectStructureData} />);
}

const paths = (testId: string) => screen.queryAllByTestId(testId).map((row) => row.dataset.path);

describe("the ProjectStructure card", () => {
  it("shows a collapsible tree: top folders open, symlinks marked as not followed, and what the limits left out", async () => {
    renderStructure({ ...common, structure_type: "tree", content: tree, truncated: true });
    const card = screen.getByTestId("rich-card");
    expect(card.dataset).toMatchObject({ kind: "ProjectStructure", structureType: "tree" });
    expect(within(card).getByText("/work/demo")).toBeDefined();
    expect(screen.getByTestId("structure-about").textContent).toContain("leaves out .git, node_modules");
    expect(screen.getByTestId("structure-truncated")).toBeDefined();
    expect(paths("tree-folder")).toEqual(["", "src", "src/lib"]);
    expect(paths("tree-file")).toEqual(["src/main.ts", "README.md", "escape"]);
    expect(screen.getAllByTestId("tree-file")[2]?.textContent).toContain("symlink (not followed)");
    expect(screen.getByTestId("tree-omitted").textContent).toContain("7 more entries");

    const src = screen.getAllByTestId("tree-folder")[1] as HTMLElement;
    expect(src.getAttribute("aria-expanded")).toBe("true");
    await userEvent.click(src);
    expect(src.getAttribute("aria-expanded")).toBe("false");
    expect(paths("tree-file")).toEqual(["README.md", "escape"]);
    await userEvent.click(screen.getByTestId("tree-expand-all"));
    expect(paths("tree-file")).toEqual(["src/lib/util.ts", "src/main.ts", "README.md", "escape"]);
    await userEvent.click(screen.getByTestId("tree-collapse-all"));
    expect(paths("tree-folder")).toEqual(["", "src"]);
    expect(paths("tree-file")).toEqual(["README.md", "escape"]);
  });

  it("renders only the rows in view of a tree with thousands of files", () => {
    const files = Array.from({ length: 5_000 }, (_, index) => file(`file-${index}.ts`, index, "TypeScript"));
    renderStructure({
      ...common,
      structure_type: "tree",
      content: { name: "big", path: "", files, directories: [] },
    });
    expect(screen.getByTestId("project-tree").dataset.rowCount).toBe("5001");
    const rendered = screen.getAllByTestId("tree-file").length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
  });

  it("sorts the file table by any column, again to reverse, keeping the generator's order until asked", async () => {
    const files = [file("b.ts", 300, "TypeScript"), file("a.md", 5_000), file("c.ts", 10, "TypeScript")];
    renderStructure({
      ...common,
      structure_type: "file_list",
      content: files,
      truncated: true,
      omitted_count: 42,
    });
    expect(paths("file-row")).toEqual(["b.ts", "a.md", "c.ts"]);
    expect(screen.getByTestId("structure-truncated").textContent).toContain("42 more files");
    await userEvent.click(screen.getByTestId("file-sort-size"));
    expect(screen.getByTestId("file-sort-size").dataset.sort).toBe("descending");
    expect(paths("file-row")).toEqual(["a.md", "b.ts", "c.ts"]);
    await userEvent.click(screen.getByTestId("file-sort-size"));
    expect(paths("file-row")).toEqual(["c.ts", "b.ts", "a.md"]);
    await userEvent.click(screen.getByTestId("file-sort-path"));
    expect(paths("file-row")).toEqual(["a.md", "b.ts", "c.ts"]);
    await userEvent.click(screen.getByTestId("file-sort-language"));
    expect(paths("file-row")).toEqual(["a.md", "b.ts", "c.ts"]);
    expect(screen.getAllByTestId("file-row")[0]?.textContent).toContain("4.9 KB");
  });

  it("searches the dependencies by name and filters direct from transitive ones", async () => {
    renderStructure({
      ...common,
      structure_type: "dependencies",
      content: {
        manifests: [{ path: "package.json", ecosystem: "npm" }],
        dependencies: [
          {
            id: "npm:react@18.3.1",
            name: "react",
            version: "18.3.1",
            ecosystem: "npm",
            dev: false,
            direct: true,
            manifest: "package.json",
            depends_on: ["npm:loose-envify@1.4.0"],
          },
          {
            id: "npm:vitest@4.1.12",
            name: "vitest",
            version: "4.1.12",
            ecosystem: "npm",
            dev: true,
            direct: true,
            depends_on: [],
          },
          {
            id: "npm:loose-envify@1.4.0",
            name: "loose-envify",
            version: "1.4.0",
            ecosystem: "npm",
            dev: false,
            optional: true,
            direct: false,
            depends_on: [],
          },
        ],
      },
    });
    const names = () => screen.queryAllByTestId("dependency-row").map((row) => row.dataset.name);
    expect(screen.getByTestId("dependency-manifests").textContent).toBe("Manifests: package.json (npm)");
    expect(names()).toEqual(["react", "vitest", "loose-envify"]);
    const envify = screen.getAllByTestId("dependency-row")[2] as HTMLElement;
    expect(
      within(envify)
        .getAllByTestId("dependency-tag")
        .map((tag) => tag.textContent),
    ).toEqual(["transitive", "optional"]);
    expect(envify.textContent).toContain("required by react");

    await userEvent.selectOptions(screen.getByTestId("dependency-scope"), "direct");
    expect(names()).toEqual(["react", "vitest"]);
    await userEvent.type(screen.getByTestId("dependency-search"), "VIT");
    expect(names()).toEqual(["vitest"]);
    expect(screen.getByTestId("dependency-count").textContent).toBe("1 of 3 packages");
    await userEvent.clear(screen.getByTestId("dependency-search"));
    await userEvent.selectOptions(screen.getByTestId("dependency-scope"), "transitive");
    expect(names()).toEqual(["loose-envify"]);
  });

  it("lists the files that could not be used, with why, so a graph missing them does not look complete", () => {
    renderStructure({
      ...common,
      structure_type: "dependencies",
      content: { manifests: [{ path: "package.json", ecosystem: "npm" }], dependencies: [] },
      problems: [
        {
          path: "package-lock.json",
          reason: "too_large",
          message: "is 70.0 MiB; files over 64.0 MiB are not read.",
        },
        {
          path: "",
          reason: "timed_out",
          message: "Reading the project took longer than the 30 s time budget.",
        },
      ],
      omitted_problem_count: 2,
    });
    const problems = screen.getByTestId("structure-problems");
    expect(problems.getAttribute("role")).toBe("note");
    expect(within(problems).getByText("4 files could not be used")).toBeDefined();
    const items = screen.getAllByTestId("structure-problem");
    expect(items.map((item) => [item.dataset.reason, item.textContent])).toEqual([
      ["too_large", "package-lock.json is 70.0 MiB; files over 64.0 MiB are not read."],
      ["timed_out", "(project) Reading the project took longer than the 30 s time budget."],
    ]);
    expect(problems.textContent).toContain("… and 2 more.");
  });

  it("shows no problem list when every file was used", () => {
    renderStructure({ ...common, structure_type: "tree", content: tree });
    expect(screen.queryByTestId("structure-problems")).toBeNull();
  });
});
