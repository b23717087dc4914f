/**
 * One measurement of each start the start bench compares: a server to its first healthy answer (and its RSS
 * once idle), a command to its exit, a command to its first byte of output.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** A program to start: the bench spawns it fresh for every measurement. */
export interface Launch {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** Milliseconds per start, and the server's idle RSS. */
export type StartFigures<T = Launch> = { serve: T; help: T; run: T } & (T extends number
  ? { serveRssMb: number }
  : unknown);

/** How long a server sits idle before its RSS is read. */
const IDLE_MS = 2000;

/** Measures each of `launches` once, in order. */
export async function measure(launches: StartFigures, cwd: string): Promise<StartFigures<number>> {
  const serve = await timeToHealthy(launches.serve, cwd);
  return {
    serve: serve.ms,
    serveRssMb: serve.rssMb,
    help: await timeTo("exit", launches.help, cwd),
    run: await timeTo("first-output", launches.run, cwd),
  };
}

async function timeToHealthy(launch: Launch, cwd: string): Promise<{ ms: number; rssMb: number }> {
  const started = performance.now();
  const child = start(launch, cwd);
  try {
    const api = await announcedApi(child);
    while ((await fetch(`${api}/health`).catch(() => undefined))?.status !== 200) await sleep(1);
    const ms = performance.now() - started;
    await sleep(IDLE_MS);
    return { ms, rssMb: residentMb(child) };
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
  }
}

async function timeTo(event: "exit" | "first-output", launch: Launch, cwd: string): Promise<number> {
  const started = performance.now();
  const child = start(launch, cwd);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, "exit");
  if (event === "first-output") {
    await Promise.race([once(child.stdout as NodeJS.ReadableStream, "data"), exited]);
    const ms = performance.now() - started;
    await exited;
    if (child.exitCode !== 0) throw new Error(`${launch.args.join(" ")} failed: ${stderr}`);
    return ms;
  }
  child.stdout?.resume();
  await exited;
  if (child.exitCode !== 0) throw new Error(`${launch.args.join(" ")} failed: ${stderr}`);
  return performance.now() - started;
}

function start(launch: Launch, cwd: string): ChildProcess {
  return spawn(launch.command, launch.args, { cwd, env: launch.env, stdio: ["ignore", "pipe", "pipe"] });
}

/** The API address a server prints (`API:   http://127.0.0.1:PORT/api`). */
function announcedApi(child: ChildProcess): Promise<string> {
  let output = "";
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /API:\s+(http:\/\/\S+\/api)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", () =>
      reject(new Error(`the server exited without announcing its address: ${errors}`)),
    );
  });
}

function residentMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kilobytes / 1024;
}
