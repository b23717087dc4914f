#!/usr/bin/env node
// Installs the third-party programs Parley's tests run against, each into its own folder under interop/
// when its node_modules is missing or older than its package-lock.json:
// - interop/: the official Claude Agent SDK (its declarations for the type-level compatibility test, and its
//   query() for the tests where it drives `parley run`), with --omit=optional so its ~380 MB platform CLI
//   binary is never downloaded;
// - interop/claude-code/: the real Claude Code CLI that Parley's query() drives, with its optional platform
//   package (the native binary) and its postinstall, which links that binary into place.
// - interop/opencode/, interop/codex/, interop/gemini-cli/: the real agent CLIs @parley/agent-clis drives.
//   Everything comes from the npm registry: OpenCode's and Codex's native binaries are optional platform
//   packages (OpenCode's postinstall hard-links its into bin/, downloading nothing); Gemini CLI is plain
//   JavaScript, installed without scripts so its optional node-pty is not compiled (node-gyp would fetch
//   Node's headers from outside npm, and headless runs do not need a terminal).
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Why `folder` needs `npm ci`, or null when its node_modules matches its lockfile. */
function reasonToInstall(folder) {
  // npm writes this file on every install, so its mtime tells when node_modules was last synced.
  const installedMarker = join(folder, "node_modules", ".package-lock.json");
  if (!existsSync(installedMarker)) return "node_modules is missing";
  if (statSync(installedMarker).mtimeMs < statSync(join(folder, "package-lock.json")).mtimeMs) {
    return "node_modules is older than package-lock.json";
  }
  return null;
}

/**
 * Installs `name` unless its node_modules matches its lockfile. `npm ci` by default; `install` for a package
 * whose lockfile cannot list every platform's optional binary (npm then records only those the registry
 * resolved for this platform, and `npm ci` refuses the lock): `npm install --no-save` follows the same lock
 * and leaves it untouched.
 */
function ensure(name, extraArgs, command = "ci") {
  const folder = join(root, name);
  const reason = reasonToInstall(folder);
  if (reason === null) {
    console.log(`ensure-interop: ${name}/node_modules is up to date`);
    return;
  }
  const args = command === "ci" ? ["ci"] : ["install", "--no-save"];
  console.log(`ensure-interop: ${name}: ${reason}; running npm ${args.join(" ")} ${extraArgs.join(" ")}`);
  const result = spawnSync(npm, [...args, "--prefix", folder, ...extraArgs, "--no-audit", "--no-fund"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error(
      `ensure-interop: npm ${args[0]} in ${name} failed (exit ${result.status ?? result.signal})`,
    );
    process.exit(result.status ?? 1);
  }
  console.log(`ensure-interop: installed ${name}`);
}

ensure("interop", ["--omit=optional"]);
// The binary's postinstall must run: without it bin/claude.exe is a stub that prints an error.
ensure("interop/claude-code", ["--foreground-scripts"]);
// OpenCode's lockfile holds only the platform packages the registry resolved here (see `ensure`).
ensure("interop/opencode", ["--foreground-scripts"], "install");
ensure("interop/codex", ["--ignore-scripts"]);
ensure("interop/gemini-cli", ["--ignore-scripts"]);
