import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { decodeSdkMessage } from "@parley/protocol";
import type { FakeModelServer } from "@parley/testkit";

const bin = fileURLToPath(new URL("../../bin/parley.js", import.meta.url));

/** How a `parley` process ended. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts the real `parley` binary in `scratch` (or `cwd`) with only the environment given (no keys leak in
 * from the test runner); `HOME` and `PARLEY_HOME` are fresh unless `env` names them.
 */
export async function runParley(
  scratch: string,
  args: string[],
  options: { env?: Record<string, string>; stdin?: string; cwd?: string } = {},
): Promise<Run> {
  const home = await mkdtemp(join(scratch, "home-"));
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? scratch,
    env: { PATH: process.env.PATH ?? "", HOME: home, PARLEY_HOME: join(home, ".parley"), ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.end(options.stdin ?? "");
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout, stderr };
}

/** The environment that points `parley run` at the fake model server as Anthropic's API. */
export const anthropicEnv = (server: FakeModelServer) => ({
  ANTHROPIC_API_KEY: "sk-ant-fake",
  ANTHROPIC_BASE_URL: server.url,
});

/** A `parley run` environment of its own: a fresh home, and the fake model server as Anthropic's API. */
export const fakeAnthropicHome = (server: FakeModelServer, home: string) => ({
  ...anthropicEnv(server),
  HOME: home,
  PARLEY_HOME: join(home, ".parley"),
  PARLEY_MODEL: "anthropic:claude-fake-1",
});

/** Every stdout line decoded as an SDK message. */
export function decodeLines(stdout: string) {
  return stdout
    .trimEnd()
    .split("\n")
    .map((line) => decodeSdkMessage(line));
}
