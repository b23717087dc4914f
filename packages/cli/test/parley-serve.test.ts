import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../bin/parley.js", import.meta.url));

let scratch: string | undefined;
let server: ChildProcess | undefined;

afterEach(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill("SIGTERM");
    await once(server, "exit");
  }
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Starts `parley serve` on a free port and returns the API address and token it announces, and its banner. */
async function serve(
  project: string,
  home: string,
): Promise<{ api: string; token: string; banner: () => string }> {
  server = spawn(process.execPath, [bin, "serve", "--project", project, "--port", "0"], {
    env: { PATH: process.env.PATH, HOME: home, PARLEY_HOME: home },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const announced = await new Promise<RegExpExecArray>((resolve, reject) => {
    server?.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /API:\s+(http:\/\/\S+\/api) \(bearer token in (.+)\)/.exec(output);
      if (match && output.includes("Idle prompts:")) resolve(match);
    });
    server?.once("exit", () => reject(new Error(`parley serve exited: ${errors}`)));
  });
  const [, api = "", tokenFile = ""] = announced;
  return { api, token: (await readFile(tokenFile, "utf8")).trim(), banner: () => output };
}

describe("parley serve", () => {
  it("answers health and the project's structure, built by its worker process, and stops on SIGTERM", async () => {
    scratch = await mkdtemp(join(tmpdir(), "parley-serve-"));
    const project = join(scratch, "project");
    await mkdir(join(project, "src"), { recursive: true });
    await writeFile(join(project, "src", "index.ts"), "export const answer = 42;\n");
    const { api, token, banner } = await serve(project, join(scratch, "home"));
    // The banner says whether idle prompts are on, and where that was chosen.
    expect(banner()).toMatch(/^\s*Idle prompts: off \(default; turn on in Settings\)$/m);

    expect(await (await fetch(`${api}/health`)).json()).toEqual({ ok: true, database: "sqlite" });
    const response = await fetch(`${api}/workspace/structure?type=file_list`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const structure = (await response.json()) as {
      data: { content: { path: string }[]; problems?: unknown };
    };
    expect(response.status).toBe(200);
    expect(structure.data.content.map((file) => file.path)).toEqual(["src/index.ts"]);
    expect(structure.data.problems).toBeUndefined();

    server?.kill("SIGTERM");
    const [code] = await once(server as ChildProcess, "exit");
    expect(code).toBe(0);
  });
});
