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
  const config =
    (await runGit(
      root,
      ["config", "-z", "--includes", "--name-only", "--get-regexp", "^filter\\."],
      env,
      signal,
    )) ?? "";
  const safeEnv = withoutRepositoryPrograms(env, filterDrivers(config));
  const git = (args: string[]) => runGit(root, args, safeEnv, signal);
  // The project may be a folder inside a larger repository: status paths are relative to the repository.
  const prefix = (await git(["rev-parse", "--show-prefix"]))?.trim();
  if (prefix === undefined) return undefined;
  const status = await git([
    "--no-optional-locks",
    "status",
    "--porcelain=v1",
    "-z",
    "--untracked-files=all",
    "--ignore-submodules=all",
    "--",
    ".",
  ]);
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

/** The names of the filter drivers git's configuration defines (`filter.<name>.<key>` keys, NUL-ended). */
function filterDrivers(keys: string): Set<string> {
  const names = new Set<string>();
  for (const key of keys.split("\0")) {
    const name = key.slice("filter.".length, key.lastIndexOf("."));
    if (key.startsWith("filter.") && name !== "") names.add(name);
  }
  return names;
}

/**
 * `env` with configuration that keeps git from starting a program the repository names. A project's `.git`
 * may come from anywhere (an archive, another tool), and `git status` runs a filter driver's `clean` or
 * `process` command on any file whose index entry it must compare by content (a file written in the same
 * second as the index is enough), and the `post-index-change` hook when it refreshes the index. Each driver
 * gets empty commands (git then passes content through) and is not required; hooks are looked for where
 * there are none. Set through `GIT_CONFIG_KEY_n` rather than `-c`, so a driver named with a `=` is covered too.
 */
function withoutRepositoryPrograms(env: EnvironmentVariables, drivers: Set<string>): EnvironmentVariables {
  const settings: [string, string][] = [["core.hooksPath", "/dev/null"]];
  for (const name of drivers)
    for (const [key, value] of [
      ["clean", ""],
      ["smudge", ""],
      ["process", ""],
      ["required", "false"],
    ] as const)
      settings.push([`filter.${name}.${key}`, value]);
  // After any the person set the same way (later entries win).
  const first = Number.parseInt(env.GIT_CONFIG_COUNT ?? "0", 10) || 0;
  const result: Record<string, string | undefined> = {
    ...env,
    GIT_CONFIG_COUNT: String(first + settings.length),
  };
  for (const [index, [key, value]] of settings.entries()) {
    result[`GIT_CONFIG_KEY_${first + index}`] = key;
    result[`GIT_CONFIG_VALUE_${first + index}`] = value;
  }
  return result;
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
      // A repository's own config could name programs for git to run: a file monitor, a signature checker,
      // and through a partial clone's lazy fetch of a missing object, an ssh command or upload-pack program.
      [
        "-c",
        "core.quotepath=off",
        "-c",
        "core.fsmonitor=false",
        "-c",
        "log.showSignature=false",
        "-c",
        "protocol.allow=never",
        ...args,
      ],
      {
        cwd,
        // The environment's protocol list beats any config (a repository's `protocol.ssh.allow=always` too).
        env: { ...withWorkingDirectory(env, cwd), GIT_ALLOW_PROTOCOL: "", GIT_NO_LAZY_FETCH: "1" },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 30_000,
        ...(signal && { signal }),
      },
      (error, stdout) => resolve(error ? undefined : stdout),
    );
  });
}
