import { PassThrough, Readable } from "node:stream";
import type { CliIo } from "../../src/cli-io.ts";
import { main } from "../../src/main.ts";

/** How an in-process `parley …` ended, with what it wrote. */
export interface MainResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `parley …` in-process (`main`, no child process) with captured output, an empty stdin and only the
 * environment given: no keys leak in from the test runner.
 */
export async function runMain(argv: string[], env: Record<string, string>): Promise<MainResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks = { stdout: "", stderr: "" };
  stdout.on("data", (chunk: Buffer) => {
    chunks.stdout += chunk.toString();
  });
  stderr.on("data", (chunk: Buffer) => {
    chunks.stderr += chunk.toString();
  });
  const io: CliIo = { stdout, stderr, stdin: Readable.from([]), env, cwd: "/", onInterrupt: () => () => {} };
  const code = await main(argv, io);
  return { code, ...chunks };
}
