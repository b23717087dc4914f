import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResponsePart, RunResult } from "@parley/protocol";
import { type FakeModelServer, httpError, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, expect } from "vitest";
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

/** The history every CLI exports for the session these tests build: a tool turn, then a plain follow-up. */
export const TOOL_TURN_THEN_FOLLOW_UP = [
  ["user", "text"],
  ["assistant", "tool_use"],
  ["assistant", "tool"],
  ["assistant", "text"],
  ["user", "text"],
  ["assistant", "text"],
];

/** Runs a follow-up in the session: the CLI keeps the session id and sends the earlier turn to the model. */
export async function expectResumedWithHistory(
  world: RealCliWorld,
  run: AgentRun,
  sessionId: string,
  earlier: readonly string[],
): Promise<void> {
  world.server.script(reply().text("second answer"));
  const { result } = await drain(run);
  expect(result).toMatchObject({ success: true, session_id: sessionId });
  const lastRequest = JSON.stringify(world.server.requests.at(-1)?.body);
  for (const text of earlier) expect(lastRequest).toContain(text);
}

/** A 400 from the model ends the run unsuccessfully, with the model's message in `error_message`. */
export async function expectModelErrorReported(world: RealCliWorld, runFor: (message: string) => AgentRun) {
  world.server.when({ lastUserTextIncludes: "FAIL" }, httpError(400, { message: "fake: bad request" }));
  const { result } = await drain(runFor("FAIL please"));
  expect(result.success).toBe(false);
  expect(result.error_message).toContain("fake: bad request");
}

/** A model stream that never ends is stopped at the adapter's timeout, and the result says so. */
export async function expectHangStopped(
  world: RealCliWorld,
  runFor: (message: string) => AgentRun,
  expected: RegExp,
): Promise<void> {
  world.server.when({ lastUserTextIncludes: "HANG" }, reply().text("never").hang());
  const { result } = await drain(runFor("HANG please"));
  expect(result.success).toBe(false);
  expect(result.error_message).toMatch(expected);
}
