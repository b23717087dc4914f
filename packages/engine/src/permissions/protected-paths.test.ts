import { describe, expect, it } from "vitest";
import { protectedPathReason } from "./protected-paths.ts";
import { suggestAllowRule } from "./suggest-rule.ts";

describe("protectedPathReason", () => {
  it.each([
    ".parley/settings.json",
    ".mcp.json",
    "packages/app/.mcp.json",
    ".cursor/mcp.json",
    ".vscode/mcp.json",
    ".vscode/settings.json",
    ".git/hooks/pre-commit",
    ".git/config",
    "vendor/lib/.git/hooks/post-checkout",
    ".idea/workspace.xml",
    ".zed/settings.json",
    ".editorconfig",
    ".env",
    ".env.local",
    ".envrc",
    ".claude/settings.json",
    ".husky/pre-commit",
    "app.code-workspace",
    ".GIT/HOOKS/pre-commit",
    ".VSCode\\settings.json",
  ])("protects %s", (path) => {
    expect(protectedPathReason(path)).toEqual(expect.any(String));
  });

  it.each(["src/index.ts", "README.md", "docs/git/hooks.md", "environment.ts", "gitignore.txt", ""])(
    "leaves %j alone",
    (path) => {
      expect(protectedPathReason(path)).toBeUndefined();
    },
  );
});

describe("suggestAllowRule", () => {
  it.each([
    ["git status --short", "git status"],
    ["npm test", "npm test"],
    ["npm run build -- --watch", "npm run build"],
    ["go test ./...", "go test"],
    ["ls -la src", "ls -la src"],
    ["rm -rf build", "rm -rf build"],
    ["echo 'it'\\''s here'", "echo 'it'\\''s here'"],
  ])("offers %j as the command prefix %j", (command, pattern) => {
    expect(suggestAllowRule("Bash", { kind: "execute", command })).toEqual({
      tool: "Bash",
      pattern,
      behavior: "allow",
    });
  });

  it.each(["git status; rm -rf x", "echo $(id)", "rg --pre=sh x", "git -c core.pager=sh log"])(
    "offers no rule for %j, which no rule could safely cover",
    (command) => {
      expect(suggestAllowRule("Bash", { kind: "execute", command })).toBeUndefined();
    },
  );

  it("offers a file's folder, the file itself at the root, and nothing for protected files", () => {
    expect(suggestAllowRule("Edit", { kind: "write", path: "src/app/main.ts" })).toEqual({
      tool: "Edit",
      pattern: "src/app/**",
      behavior: "allow",
    });
    expect(suggestAllowRule("Write", { kind: "write", path: "notes[1].md" })).toEqual({
      tool: "Write",
      pattern: "notes\\[1\\].md",
      behavior: "allow",
    });
    expect(suggestAllowRule("Write", { kind: "write", path: ".vscode/settings.json" })).toBeUndefined();
  });

  it("offers the bare tool for tools that say nothing about what they touch", () => {
    expect(suggestAllowRule("mcp__db__query", undefined)).toEqual({
      tool: "mcp__db__query",
      behavior: "allow",
    });
  });
});
