import { describe, expect, it } from "vitest";
import { parseStructureCommand } from "./structure-command.ts";

describe("parseStructureCommand", () => {
  it("reads the view and the directory a person asks for, the whole tree by default", () => {
    expect(parseStructureCommand("/structure")).toEqual({ type: "tree" });
    expect(parseStructureCommand("  /structure files ")).toEqual({ type: "file_list" });
    expect(parseStructureCommand("/structure deps packages/web")).toEqual({
      type: "dependencies",
      path: "packages/web",
    });
    expect(parseStructureCommand("/structure src/my dir")).toEqual({ type: "tree", path: "src/my dir" });
  });

  it("leaves other lines to be sent as messages", () => {
    expect(parseStructureCommand("/structures")).toBeUndefined();
    expect(parseStructureCommand("show me the /structure")).toBeUndefined();
  });
});
