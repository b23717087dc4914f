import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import type { AgentCliName, AgentCliStatus } from "@parley/protocol";
import { captureCli } from "./run-cli.ts";

/** What discovery needs to know about one CLI. */
export interface DiscoveryTarget {
  name: AgentCliName;
  label: string;
  command: string;
  env: NodeJS.ProcessEnv;
  /** The oldest version whose output formats the adapter was tested against. */
  minimumVersion: string;
  /** Where to install it from, for the message shown when it is missing. */
  installHint: string;
}

/**
 * Finds the CLI (a configured path, or on the PATH of its environment), runs `--version` and compares the
 * version with the oldest supported one. Never throws: every problem is a status with a message.
 */
export async function discoverCli(target: DiscoveryTarget): Promise<AgentCliStatus> {
  const base = {
    name: target.name,
    label: target.label,
    command: target.command,
    minimumVersion: target.minimumVersion,
  };
  const path = findExecutable(target.command, target.env);
  if (path === null) {
    return {
      ...base,
      availability: "missing",
      path: null,
      version: null,
      message: `${target.label} was not found (${target.command}); install it with ${target.installHint} or set its path.`,
    };
  }
  const { stdout, failure } = await captureCli(target.label, {
    command: path,
    args: ["--version"],
    cwd: process.cwd(),
    env: target.env,
    timeoutMs: 30_000,
  });
  const version = /\d+\.\d+\.\d+/.exec(stdout)?.[0] ?? null;
  if (failure !== null || version === null) {
    const why = failure ?? `its --version printed no version (${stdout.trim().slice(0, 200)})`;
    return {
      ...base,
      availability: "broken",
      path,
      version,
      message: `${target.label} does not run: ${why}`,
    };
  }
  if (compareVersions(version, target.minimumVersion) < 0) {
    return {
      ...base,
      availability: "too_old",
      path,
      version,
      message: `${target.label} ${version} is older than ${target.minimumVersion}, the oldest version Parley supports; update it.`,
    };
  }
  return { ...base, availability: "installed", path, version, message: `${target.label} ${version}` };
}

/** The executable a command names: a path (relative ones against the current directory) or a PATH lookup. */
export function findExecutable(command: string, env: NodeJS.ProcessEnv): string | null {
  if (command.includes("/")) {
    const path = isAbsolute(command) ? command : resolve(command);
    return isExecutableFile(path) ? path : null;
  }
  for (const directory of (env.PATH ?? "").split(delimiter)) {
    if (directory === "") continue;
    const path = join(directory, command);
    if (isExecutableFile(path)) return path;
  }
  return null;
}

/** Compares dotted numeric versions: negative when `a` is older than `b`, 0 when equal. */
export function compareVersions(a: string, b: string): number {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
