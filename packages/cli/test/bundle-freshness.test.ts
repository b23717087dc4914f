import { spawnSync } from "node:child_process";
import { readFileSync, statSync, utimesSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../bin/parley.js", import.meta.url));
const manifest = fileURLToPath(new URL("../dist/manifest.json", import.meta.url));
const source = fileURLToPath(new URL("../src/usage-error.ts", import.meta.url));

const currentBuild = () => (JSON.parse(readFileSync(manifest, "utf8")) as { build: string }).build;
const parleyHelp = () => spawnSync(process.execPath, [bin, "--help"], { encoding: "utf8" });

describe("the bundle parley runs", () => {
  // A rebuild takes seconds on shared cores.
  it("is rebuilt before a start when a source changed since the build, and reused when nothing did", {
    timeout: 120_000,
  }, () => {
    expect(parleyHelp().status).toBe(0);
    const built = currentBuild();
    expect(parleyHelp().status).toBe(0);
    expect(currentBuild()).toBe(built);

    // Touched, as an editor's save does: the next start must not run the bundle built before it.
    const { atime } = statSync(source);
    utimesSync(source, atime, new Date());
    const help = parleyHelp();

    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Usage: parley <command>");
    expect(currentBuild()).not.toBe(built);
  });
});
