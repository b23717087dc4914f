import { type ChildProcess, fork } from "node:child_process";
import { bundledScript } from "./bench-bundle.ts";

/** BENCH_CPU_PROFILE_INTERVAL (µs, default V8's 1,000) samples more often: a streamed token costs well under 1 ms. */
const profileArguments = (directory: string | undefined, interval: string | undefined) =>
  directory
    ? ["--cpu-prof", `--cpu-prof-dir=${directory}`, ...(interval ? [`--cpu-prof-interval=${interval}`] : [])]
    : [];

/** A child process spoken to with request/response messages over IPC, running its script's bundle. */
export class Child<Command, Reply extends { type: string }> {
  readonly process: ChildProcess;
  readonly #waiting: { type: string; resolve: (reply: Reply) => void }[] = [];
  readonly #early: Reply[] = [];

  constructor(script: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
    this.process = fork(bundledScript(script), args, {
      // BENCH_CPU_PROFILE_DIR: every child writes a V8 CPU profile there when it exits (`node --cpu-prof`).
      execArgv: [
        "--expose-gc",
        ...profileArguments(process.env.BENCH_CPU_PROFILE_DIR, process.env.BENCH_CPU_PROFILE_INTERVAL),
      ],
      env,
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.process.on("message", (reply: Reply) => {
      const index = this.#waiting.findIndex((waiter) => waiter.type === reply.type);
      if (index === -1) this.#early.push(reply);
      else this.#waiting.splice(index, 1)[0]?.resolve(reply);
    });
  }

  /** Resolves with the next reply of this type (one that already arrived counts). */
  next<Type extends Reply["type"]>(type: Type): Promise<Extract<Reply, { type: Type }>> {
    const index = this.#early.findIndex((reply) => reply.type === type);
    if (index !== -1)
      return Promise.resolve(this.#early.splice(index, 1)[0] as Extract<Reply, { type: Type }>);
    return new Promise((resolve) => this.#waiting.push({ type, resolve: resolve as (reply: Reply) => void }));
  }

  send(command: Command): void {
    this.process.send(command as object);
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.process.once("exit", resolve));
    this.process.disconnect();
    await exited;
  }
}
