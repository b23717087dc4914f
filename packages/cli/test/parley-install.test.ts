import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const cliPackage = fileURLToPath(new URL("..", import.meta.url));

describe("parley on the PATH, as the README installs it", { timeout: 180_000 }, () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), "parley-install-"));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it("npm install -g ./packages/cli gives a parley command that runs from any folder", async () => {
    const prefix = join(scratch, "prefix");
    // What the README says, into a prefix of its own instead of the person's global one; nothing is fetched.
    await run(
      "npm",
      ["install", "-g", "--prefix", prefix, "--offline", "--no-audit", "--no-fund", cliPackage],
      {
        cwd: scratch,
      },
    );
    const elsewhere = await mkdtemp(join(scratch, "project-"));
    const env = { PATH: `${join(prefix, "bin")}:${process.env.PATH ?? ""}`, HOME: elsewhere };

    const version = await run("parley", ["--version"], { cwd: elsewhere, env });
    expect(version.stdout).toBe("0.1.0\n");
    const help = await run("parley", ["--help"], { cwd: elsewhere, env });
    expect(help.stdout).toMatch(/^ {2}open +Open the web UI/m);
    expect(help.stdout).toMatch(/^ {2}login +Print a fresh sign-in link/m);
  });
});
