import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

const bin = fileURLToPath(new URL("../../bin/parley.js", import.meta.url));

/** One NDJSON line `parley run` printed. */
export type Frame = Record<string, unknown> & { type: string };

/** A `parley run` process with stream-json on both ends; `next` waits for the next stdout frame matching. */
export class Cli {
  readonly frames: Frame[] = [];
  stderr = "";
  readonly exited: Promise<number | null>;
  readonly #child: ChildProcessWithoutNullStreams;
  #buffer = "";
  #waiters: (() => void)[] = [];

  constructor(args: string[], env: Record<string, string>, cwd: string) {
    this.#child = spawn(
      process.execPath,
      [bin, "run", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose", ...args],
      { cwd, env: { PATH: process.env.PATH ?? "", ...env } },
    );
    this.#child.stdout.on("data", (chunk: Buffer) => {
      this.#buffer += chunk.toString("utf8");
      for (let end = this.#buffer.indexOf("\n"); end !== -1; end = this.#buffer.indexOf("\n")) {
        this.frames.push(JSON.parse(this.#buffer.slice(0, end)) as Frame);
        this.#buffer = this.#buffer.slice(end + 1);
      }
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.#child.stderr.on("data", (chunk: Buffer) => {
      this.stderr += chunk.toString("utf8");
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.exited = new Promise((resolve) => this.#child.on("close", resolve));
  }

  send(line: string | object): void {
    this.#child.stdin.write(`${typeof line === "string" ? line : JSON.stringify(line)}\n`);
  }

  user(text: string): void {
    this.send({
      type: "user",
      session_id: "",
      message: { role: "user", content: text },
      parent_tool_use_id: null,
    });
  }

  end(): void {
    this.#child.stdin.end();
  }

  async until<T>(find: () => T | undefined): Promise<T> {
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  frame(predicate: (frame: Frame) => boolean): Promise<Frame> {
    return this.until(() => this.frames.find(predicate));
  }
}

/** Matches the `control_response` to the request `id`. */
export const responseTo = (id: string) => (frame: Frame) =>
  frame.type === "control_response" && (frame.response as { request_id: string }).request_id === id;

/** What a test of `parley run`'s stream-json mode works with, fresh for each test. */
export interface StreamJsonProject {
  /** A scratch folder for the whole file. */
  scratch: string;
  server: FakeModelServer;
  /** The project `parley run` works in. */
  cwd: string;
  /** Its environment: a home of its own, the model pointed at `server`. */
  env: Record<string, string>;
}

/** Registers the hooks that give each test a fake model server, a project and a home (read fields in tests). */
export function useStreamJsonProject(name: string): StreamJsonProject {
  const project = {} as StreamJsonProject;
  beforeAll(async () => {
    project.scratch = await mkdtemp(join(tmpdir(), `parley-${name}-`));
  });
  afterAll(async () => {
    await rm(project.scratch, { recursive: true, force: true });
  });
  beforeEach(async () => {
    project.server = await startFakeModelServer();
    project.cwd = await mkdtemp(join(project.scratch, "project-"));
    const home = await mkdtemp(join(project.scratch, "home-"));
    project.env = {
      HOME: home,
      PARLEY_HOME: join(home, ".parley"),
      PARLEY_MODEL: "anthropic:claude-fake-1",
      ANTHROPIC_API_KEY: "sk-ant-fake",
      ANTHROPIC_BASE_URL: project.server.url,
    };
  });
  afterEach(async () => {
    await project.server.close();
  });
  return project;
}
