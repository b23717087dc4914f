import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { EngineMessage, ToolContext } from "../src/index.ts";

/**
 * A temporary project folder with real files, next to a sibling whose name starts with the project's
 * (`proj` and `proj-evil`), which holds a secret no tool may reach.
 */
export interface ProjectFixture {
  /** The project root (canonical). */
  root: string;
  /** The sibling folder `<root>-evil` (canonical), holding `secret.txt`. */
  outside: string;
  /** Writes files relative to the root, creating folders. */
  write(files: Record<string, string>): Promise<void>;
  /** Reads a file relative to the root. */
  read(path: string): Promise<string>;
  remove(): Promise<void>;
}

/** The secret kept outside the project. */
export const OUTSIDE_SECRET = "outside secret: must never be read or written";

/** Creates a project folder with `files` and its prefix-sharing sibling. */
export async function createProject(files: Record<string, string> = {}): Promise<ProjectFixture> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "parley-tools-")));
  const root = join(base, "proj");
  const outside = join(base, "proj-evil");
  await mkdir(root);
  await mkdir(outside);
  await writeFile(join(outside, "secret.txt"), OUTSIDE_SECRET);
  const fixture: ProjectFixture = {
    root,
    outside,
    async write(more) {
      for (const [path, content] of Object.entries(more)) {
        await mkdir(dirname(join(root, path)), { recursive: true });
        await writeFile(join(root, path), content);
      }
    },
    read: (path) => readFile(join(root, path), "utf8"),
    remove: () => rm(base, { recursive: true, force: true }),
  };
  await fixture.write(files);
  return fixture;
}

/** Makes a FIFO (named pipe) at `path`. */
export function makeFifo(path: string): void {
  execFileSync("mkfifo", [path]);
}

/**
 * Whether process `pid` is still running: a process that is gone, or a zombie waiting to be reaped
 * (it has exited), is not.
 */
export async function isRunning(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

/** A `ToolContext` for calling a tool directly, with what it emitted collected. */
export function toolContext(
  cwd: string,
  overrides: Partial<ToolContext> = {},
): ToolContext & { progress: { line: string; stream: string }[]; emitted: EngineMessage[] } {
  const progress: { line: string; stream: string }[] = [];
  const emitted: EngineMessage[] = [];
  let next = 0;
  return {
    signal: new AbortController().signal,
    cwd,
    toolUseId: "toolu_direct",
    onProgress: (line, stream = "stdout") => progress.push({ line, stream }),
    emit: (message) => emitted.push(message),
    turn: {
      sessionId: "session-direct",
      depth: 0,
      tools: [],
      newUuid: () => `00000000-0000-4000-8000-${String(++next).padStart(12, "0")}`,
      runSubagent: () => {
        throw new Error("no subagents in a direct tool call");
      },
    },
    progress,
    emitted,
    ...overrides,
  };
}
