// Files that configure what runs on the user's machine (hooks, MCP servers, editor and agent settings,
// secrets). Writing one is how a prompt injection turns into code execution (CVE-2025-53773: an agent set
// VS Code's auto-approve; CVE-2025-54135: an agent *created* `.cursor/mcp.json`), so creating or changing
// one always needs a person, whatever the mode or rules say.

/** Folders protected wherever they appear in the path (nested repos and workspaces count too). */
const PROTECTED_FOLDERS: ReadonlyMap<string, string> = new Map([
  [".parley", "Parley's own configuration"],
  [".git", "git internals (hooks and config run code)"],
  [".husky", "git hooks"],
  [".githooks", "git hooks"],
  [".vscode", "editor configuration (VS Code settings, tasks and MCP servers)"],
  [".idea", "editor configuration (JetBrains)"],
  [".zed", "editor configuration (Zed)"],
  [".cursor", "editor and agent configuration (Cursor, including its MCP servers)"],
  [".claude", "agent configuration (Claude Code settings, hooks and MCP servers)"],
  [".gemini", "agent configuration (Gemini CLI settings and MCP servers)"],
  [".codex", "agent configuration (Codex)"],
  [".windsurf", "editor and agent configuration (Windsurf)"],
]);

/** File names protected in any folder. */
const PROTECTED_FILES: ReadonlyMap<string, string> = new Map([
  [".mcp.json", "MCP server configuration (it starts programs)"],
  ["mcp.json", "MCP server configuration (it starts programs)"],
  [".editorconfig", "editor configuration"],
  [".gitmodules", "git submodule configuration"],
  [".npmrc", "package manager configuration (it can run code)"],
  [".yarnrc.yml", "package manager configuration (it loads plugins that run code)"],
  [".pre-commit-config.yaml", "git hook configuration"],
  ["lefthook.yml", "git hook configuration"],
]);

/**
 * Why writing `relativePath` (project-relative, `/` or `\` separators) needs a person even when everything
 * else is auto-approved, or `undefined` when it is an ordinary file. Matching ignores case, as macOS and
 * Windows file systems do.
 */
export function protectedPathReason(relativePath: string): string | undefined {
  const segments = relativePath
    .toLowerCase()
    .split(/[\\/]/)
    .filter((segment) => segment !== "" && segment !== ".");
  for (const segment of segments) {
    const folder = PROTECTED_FOLDERS.get(segment);
    if (folder) return folder;
  }
  const name = segments.at(-1);
  if (name === undefined) return undefined;
  const file = PROTECTED_FILES.get(name);
  if (file) return file;
  if (name.startsWith(".env")) return "environment files (secrets; direnv runs .envrc)";
  if (name.endsWith(".code-workspace")) return "editor configuration (VS Code workspace settings)";
  return undefined;
}
