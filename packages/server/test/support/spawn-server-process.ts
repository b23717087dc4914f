import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { testDatabaseEnv } from "./test-database.ts";

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = join(here, "..", "..");

/** A Parley server running in a child process (see server-process.ts). */
export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** Read from the token file, as a local tool would; the process never prints it. */
  token: string;
  tokenFile: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** How the child process ended when it refused to start. */
export interface ServerProcessFailure {
  code: number | null;
  output: string;
}

/** What to start: the data directories, extra environment and extra command-line arguments. */
export interface ServerProcessOptions {
  project: string;
  home: string;
  env?: Record<string, string>;
  args?: string[];
}

/** Starts server-process.ts under `node --import tsx` (so the pid is the server itself, not a wrapper). */
async function launch(options: ServerProcessOptions): Promise<{ child: ChildProcess; output: () => string }> {
  const databaseEnv = await testDatabaseEnv(options.home);
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      join(here, "server-process.ts"),
      "--project",
      options.project,
      "--home",
      options.home,
      ...(options.args ?? []),
    ],
    {
      cwd: packageRoot,
      env: { ...process.env, ...databaseEnv, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  return { child, output: () => output };
}

/** Starts a server process and resolves once it printed its address; rejects if it exits first. */
export async function spawnServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const { child, output } = await launch(options);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const onData = () => {
      const line = output()
        .split("\n")
        .find((candidate) => candidate.startsWith("{"));
      if (line === undefined) return;
      child.stdout?.off("data", onData);
      const address = JSON.parse(line) as { url: string; port: number; pid: number; tokenFile: string };
      const token = readFileSync(address.tokenFile, "utf8").trim();
      resolve({ ...address, token, child, output, exited });
    };
    child.stdout?.on("data", onData);
    void exited.then(({ code, signal }) =>
      reject(new Error(`the server process exited (${code ?? signal}) before listening:\n${output()}`)),
    );
  });
}

/** Starts a server process that is expected to refuse to start; resolves with its exit code and output. */
export async function expectServerProcessToFail(
  options: ServerProcessOptions,
): Promise<ServerProcessFailure> {
  const { child, output } = await launch(options);
  const { code } = await new Promise<{ code: number | null }>((resolve) =>
    child.once("exit", (exitCode) => resolve({ code: exitCode })),
  );
  return { code, output: output() };
}

/** An authenticated JSON POST to a server process that must succeed; returns the parsed body. */
export async function postToProcess<T>(server: ServerProcess, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} → ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
