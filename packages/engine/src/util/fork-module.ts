import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * Starts a Node child process running the ES module at `url`, talking over IPC with structured clone. A
 * `.ts` module (Parley run from its TypeScript sources, by tsx or Vitest) is loaded through tsx, resolved
 * from Parley's own install and never from the project; a `.js` module (bundled) runs as it is. The child
 * gets `execArgv` only, never this process's own flags (an inspector port, a test runner's loader), and
 * its stderr is piped so the caller can tell why it died.
 */
export function forkModule(
  url: URL,
  options: { execArgv?: readonly string[]; cwd: string; env: NodeJS.ProcessEnv },
): ChildProcess {
  const loader = url.pathname.endsWith(".ts") ? ["--import", import.meta.resolve("tsx")] : [];
  return fork(fileURLToPath(url), [], {
    execArgv: [...loader, ...(options.execArgv ?? [])],
    cwd: options.cwd,
    env: options.env,
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
}
