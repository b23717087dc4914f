import type { CustomCommandView } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { commandSuggestions } from "./slash-commands.ts";

describe("the suggestions after /", () => {
  it("does not offer a repository's skill named like a command Enter runs instead, /exit and /unqueue included", () => {
    const skills = ["exit", "unqueue", "review"].map(
      (name): CustomCommandView => ({
        ...{ name, description: `The ${name} skill`, source: "project", origin: "claude", kind: "skill" },
        path: `.claude/skills/${name}/SKILL.md`,
      }),
    );
    const offered = commandSuggestions("/", [], [], skills);
    expect(offered.filter((command) => command.description.startsWith("skill:"))).toEqual([
      { insert: "/review ", label: "/review", description: "skill: The review skill" },
    ]);
  });
});
