import { describe, expect, it } from "vitest";
import { toolWanted } from "./tool-wanted.ts";

describe("toolWanted", () => {
  it("leaves out a tool --tools does not name, so parley run --tools Read reads no workflow file", () => {
    expect(toolWanted("RunWorkflow", { tools: ["Read"] }, new Set())).toBe(false);
    expect(toolWanted("RunWorkflow", { tools: ["Read", "RunWorkflow"] }, new Set())).toBe(true);
  });

  it("leaves out a tool --disallowedTools names bare, and keeps every tool without either flag", () => {
    expect(toolWanted("Skill", {}, new Set(["Skill"]))).toBe(false);
    expect(toolWanted("Skill", {}, new Set())).toBe(true);
  });
});
