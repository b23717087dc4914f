import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Type-level compatibility with the official @anthropic-ai/claude-agent-sdk declarations: the files in
// compat/ assign each of our types to the SDK's type of the same name, and the native compiler checks
// them. The SDK lives in interop/ (installed by scripts/ensure-interop.mjs, the root `pretest`).
const root = join(import.meta.dirname, "..", "..", "..", "..");
const sdkDeclarations = join(
  root,
  "interop",
  "node_modules",
  "@anthropic-ai",
  "claude-agent-sdk",
  "sdk.d.ts",
);
const tsc = join(root, "node_modules", ".bin", "tsc");
const project = join(import.meta.dirname, "compat", "tsconfig.json");

describe("type compatibility with @anthropic-ai/claude-agent-sdk 0.3.330", () => {
  it("has the official declarations installed in interop/", () => {
    expect(
      existsSync(sdkDeclarations),
      "run `node scripts/ensure-interop.mjs` (npm test does it first)",
    ).toBe(true);
  });

  it("makes every SDK message, block, control frame and QueryOptions assignable to the official type", () => {
    const result = spawnSync(tsc, ["-p", project, "--pretty", "false"], { cwd: root, encoding: "utf8" });
    const diagnostics = `${result.stdout}${result.stderr}`.trim();
    expect(diagnostics).toBe("");
    expect(result.status).toBe(0);
  }, 60_000);
});
