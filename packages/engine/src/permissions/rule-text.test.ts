import { describe, expect, it } from "vitest";
import { parseRuleList, parseRuleText } from "./rule-text.ts";

describe("rules written as Claude Code writes them", () => {
  it("reads a bare tool and a tool with a pattern", () => {
    expect(parseRuleText("Bash", "allow")).toEqual({ tool: "Bash", behavior: "allow" });
    expect(parseRuleText("Bash(git status:*)", "allow")).toEqual({
      tool: "Bash",
      behavior: "allow",
      pattern: "git status:*",
    });
    expect(parseRuleText("Edit(src/**)", "deny")).toEqual({
      tool: "Edit",
      behavior: "deny",
      pattern: "src/**",
    });
    expect(parseRuleText("mcp__github__search(*)", "allow")).toEqual({
      tool: "mcp__github__search",
      behavior: "allow",
    });
  });

  it("splits a list at commas and spaces, but not inside parentheses", () => {
    expect(parseRuleList(["Read,Edit(src/**)", "Bash(npm run build) Bash(git log:*)"], "allow")).toEqual([
      { tool: "Read", behavior: "allow" },
      { tool: "Edit", behavior: "allow", pattern: "src/**" },
      { tool: "Bash", behavior: "allow", pattern: "npm run build" },
      { tool: "Bash", behavior: "allow", pattern: "git log:*" },
    ]);
  });

  it("names an entry that is not a rule", () => {
    expect(() => parseRuleList(["Bash(ls"], "allow")).toThrow('"Bash(ls" is not a tool rule');
    expect(() => parseRuleText("(ls)", "deny")).toThrow("is not a tool rule");
  });
});
