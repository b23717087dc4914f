import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResponsePart, RunResult } from "@parley/protocol";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll } from "vitest";
import type { AgentRun } from "../../src/index.ts";

/** The real CLI binaries `npm test`'s pretest step installs into interop/. */
export const interopBinary = {
  claude: "interop/claude-code/node_modules/@anthropic-ai/claude-code/bin/claude.exe",
  opencode: "interop/opencode/node_modules/opencode-ai/bin/opencode.exe",
  codex: "interop/codex/node_modules/@openai/codex/bin/codex.js",
  gemini: "interop/gemini-cli/node_modules/@google/gemini-cli/bundle/gemini.js",
} as const;

/** The absolute path of an interop binary. */
export function interopPath(name: keyof typeof interopBinary): string {
  return fileURLToPath(new URL(`../../../../${interopBinary[name]}`, import.meta.url));
}

/** One fake model server, an isolated home and a project folder, shared by a test file's real-CLI tests. */
export interface RealCliWorld {
  server: FakeModelServer;
  home: string;
  project: string;
  /** PATH plus an isolated HOME (and XDG dirs), so the user's own config and sessions never leak in. */
  baseEnv(): NodeJS.ProcessEnv;
}

/** Starts the world in `beforeAll` and removes it in `afterAll`. */
export function useRealCliWorld(name: string): RealCliWorld {
  const world = {} as RealCliWorld;
  beforeAll(async () => {
    // CLIs derive project ids from the real path (macOS /var is a symlink); use it everywhere.
    const root = realpathSync(mkdtempSync(join(tmpdir(), `parley-${name}-`)));
    world.home = join(root, "home");
    world.project = join(root, "project");
    mkdirSync(world.home, { recursive: true });
    mkdirSync(world.project, { recursive: true });
    world.server = await startFakeModelServer();
    world.baseEnv = () => ({
      PATH: process.env.PATH,
      HOME: world.home,
      XDG_CONFIG_HOME: join(world.home, ".config"),
      XDG_DATA_HOME: join(world.home, ".local", "share"),
      XDG_CACHE_HOME: join(world.home, ".cache"),
      XDG_STATE_HOME: join(world.home, ".local", "state"),
    });
    afterAll(async () => {
      await world.server.close();
      rmSync(root, { recursive: true, force: true });
    });
  });
  return world;
}

/** Reads a run the way the UI does: every streamed part in order, then the result. */
export async function drain(run: AgentRun): Promise<{ streamed: ResponsePart[]; result: RunResult }> {
  const streamed: ResponsePart[] = [];
  for await (const part of run) streamed.push(part);
  return { streamed, result: await run.result };
}
