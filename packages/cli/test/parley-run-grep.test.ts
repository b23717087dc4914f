import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anthropicEnv, runParley } from "./support/run-parley.ts";

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "parley-cli-grep-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("Grep in the built parley", () => {
  it("matches in its worker thread and the process exits once the answer is printed", async () => {
    const project = join(scratch, "project");
    await mkdir(join(project, "src"), { recursive: true });
    await writeFile(join(project, "src/a.txt"), "hay\nneedle here\nhay\n");
    const server = await startFakeModelServer();
    try {
      server.script(
        reply().toolCall(
          "Grep",
          { pattern: "NEEDLE", "-i": true, output_mode: "content" },
          { id: "call_grep" },
        ),
        reply().text("Found it."),
      );

      // The worker is unref'd while idle: were it not, this run would never end.
      const run = await runParley(scratch, ["-p", "find the needle", "--cwd", project], {
        env: anthropicEnv(server),
      });

      expect(run).toMatchObject({ code: 0, stdout: "Found it.\n" });
      expect(JSON.stringify(server.requests[1]?.body)).toContain("src/a.txt:2:needle here");
    } finally {
      await server.close();
    }
  });
});
