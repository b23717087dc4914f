import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SDKMessage } from "@parley/protocol";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/** What a test of `query()` against a real CLI works with, fresh for each test. */
export interface CliSession {
  /** A scratch folder for the whole file (scripts, homes). */
  scratch: string;
  server: FakeModelServer;
  /** The project the CLI works in. */
  project: string;
  /** The CLI's HOME (and PARLEY_HOME below it). */
  home: string;
  /** The environment the CLI gets: nothing of the test runner's but PATH, the model pointed at `server`. */
  env(extra?: Record<string, string>): Record<string, string>;
}

/**
 * Registers the hooks that give each test a fake model server, a project and a home, and returns the
 * session they fill in (read its fields inside tests).
 */
export function useCliSession(name: string): CliSession {
  const session = {} as CliSession;
  beforeAll(async () => {
    session.scratch = await mkdtemp(join(tmpdir(), `parley-${name}-`));
  });
  afterAll(async () => {
    await rm(session.scratch, { recursive: true, force: true });
  });
  beforeEach(async () => {
    session.server = await startFakeModelServer();
    session.project = await mkdtemp(join(session.scratch, "project-"));
    session.home = await mkdtemp(join(session.scratch, "home-"));
  });
  afterEach(async () => {
    await session.server.close();
  });
  session.env = (extra = {}) => ({
    PATH: process.env.PATH ?? "",
    HOME: session.home,
    ANTHROPIC_API_KEY: "sk-ant-fake",
    ANTHROPIC_BASE_URL: session.server.url,
    ...extra,
  });
  return session;
}

/** Every message a query yields, in order. */
export async function collect(messages: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const all: SDKMessage[] = [];
  for await (const message of messages) all.push(message);
  return all;
}
