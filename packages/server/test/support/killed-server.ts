import { rmSync } from "node:fs";
import { join } from "node:path";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";
import { afterEach, beforeEach } from "vitest";
import type { ServerProcess } from "./spawn-server-process.ts";
import { makeDirectories, type TestServer } from "./test-server.ts";

/** What a test that kills a server process and starts it again works with; each test gets its own. */
export interface KilledServerBed {
  fake: FakeModelServer;
  directories: { project: string; home: string };
  /** The server process the test kills (killed again after the test, in case it did not). */
  child: ServerProcess | undefined;
  /** The server started again on the killed one's data. */
  restarted: TestServer | undefined;
}

/**
 * A fake model and fresh folders before each test, and after it: the process killed, the restarted server
 * closed, the fake stopped and the folders removed.
 */
export function useKilledServerBed(): KilledServerBed {
  const bed = { child: undefined, restarted: undefined } as KilledServerBed;
  beforeEach(async () => {
    bed.fake = await startFakeModelServer();
    bed.directories = makeDirectories();
  });
  afterEach(async () => {
    bed.child?.child.kill("SIGKILL");
    await bed.child?.exited;
    await bed.restarted?.close();
    bed.child = undefined;
    bed.restarted = undefined;
    await bed.fake.close();
    rmSync(join(bed.directories.project, ".."), { recursive: true, force: true });
  });
  return bed;
}
