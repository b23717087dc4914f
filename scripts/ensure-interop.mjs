#!/usr/bin/env node
// Installs interop/ (the official Claude Agent SDK's type declarations, used only by the type-level
// compatibility test) when interop/node_modules is missing or older than interop/package-lock.json.
// Optional dependencies are omitted, so the SDK's ~380 MB platform CLI binary is never downloaded.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const interop = join(root, "interop");
const lockfile = join(interop, "package-lock.json");
// npm writes this file on every install, so its mtime tells when node_modules was last synced.
const installedMarker = join(interop, "node_modules", ".package-lock.json");

function reasonToInstall() {
  if (!existsSync(installedMarker)) return "interop/node_modules is missing";
  if (statSync(installedMarker).mtimeMs < statSync(lockfile).mtimeMs) {
    return "interop/node_modules is older than interop/package-lock.json";
  }
  return null;
}

const reason = reasonToInstall();
if (reason === null) {
  console.log("ensure-interop: interop/node_modules is up to date");
} else {
  console.log(`ensure-interop: ${reason}; running npm ci --prefix interop --omit=optional`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["ci", "--prefix", interop, "--omit=optional", "--no-audit", "--no-fund"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error(`ensure-interop: npm ci failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  console.log("ensure-interop: installed interop dependencies");
}
