import type { ProjectStructureData } from "@parley/protocol";
import { sampleStructureFields as common, sampleProjectTree as tree } from "@parley/testkit";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderTurns, turnWith } from "./support/card-fixtures.tsx";

function renderStructure(data: ProjectStructureData | Record<string, unknown>) {
  return renderTurns([turnWith([{ id: "msg_structure", rich: { kind: "ProjectStructure", data } }])]);
}

describe("the ProjectStructure card in the chat", () => {
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
