import { execFile } from "node:child_process";
import { childEnvironment, withWorkingDirectory } from "../children/child-environment.ts";
import type { EnvironmentVariables } from "../config/resolve-model-config.ts";

/** Commits read for "recently changed" (newest first). */
const COMMITS_READ = 300;

/**
 * Ranks a git project's files by how recently they changed: uncommitted changes first, then files by
 * their newest commit among the last few hundred. Undefined when the folder is not a git work tree or
 * git is not installed. Rank 0 is the most recent. Git starts from `env` (default: this process's environment
 * minus Parley's secrets) in `root`.
 */
export async function gitRecentFiles(
  root: string,
  signal?: AbortSignal,
  env: EnvironmentVariables = childEnvironment(process.env).env,
): Promise<Map<string, number> | undefined> {
  const git = (args: string[]) => runGit(root, args, env, signal);
  // The project may be a folder inside a larger repository: status paths are relative to the repository.
  const prefix = (await git(["rev-parse", "--show-prefix"]))?.trim();
  if (prefix === undefined) return undefined;
  const status = await git(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", "."]);
  if (status === undefined) return undefined;
  const ranks = new Map<string, number>();
  const entries = status.split("\0");
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as string;
    // A rename's entry is followed by its old path, which is no longer in the tree.
    if (entry[0] === "R" || entry[0] === "C") index++;
    if (entry.length < 4 || !entry.slice(3).startsWith(prefix)) continue;
    ranks.set(entry.slice(3 + prefix.length), 0);
  }
  const log = await git([
    "log",
    `-n${COMMITS_READ}`,
    "--no-renames",
    "--name-only",
    "--relative",
    "--format=%x00",
  ]);
  let commit = 0;
  for (const line of (log ?? "").split("\n")) {
    if (line.includes("\0")) commit++;
    else if (line !== "" && !ranks.has(line)) ranks.set(line, commit);
  }
  return ranks;
}

function runGit(
  cwd: string,
  args: string[],
  env: EnvironmentVariables,
  signal?: AbortSignal,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      "git",
      // A repository's own config could name programs for git to run: a file monitor, a signature checker.
      ["-c", "core.quotepath=off", "-c", "core.fsmonitor=false", "-c", "log.showSignature=false", ...args],
      {
        cwd,
        env: withWorkingDirectory(env, cwd),
        maxBuffer: 64 * 1024 * 1024,
        timeout: 30_000,
        ...(signal && { signal }),
      },
      (error, stdout) => resolve(error ? undefined : stdout),
    );
  });
}
