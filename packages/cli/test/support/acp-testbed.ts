import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { AcpEditor, type EditorHandlers } from "./acp-editor.ts";

/** What each `parley acp` test gets fresh: the fake model, a project, a home, and test editors. */
export interface AcpTestbed {
  scratch: string;
  server: FakeModelServer;
  project: string;
  env: Record<string, string>;
  /** Starts `parley acp` in the project, as an editor answering `handlers`; it is closed after the test. */
  editor(handlers?: EditorHandlers): AcpEditor;
}

/** Registers the hooks that give every test of the file a fresh testbed. */
export function useAcpTestbed(): AcpTestbed {
  const editors: AcpEditor[] = [];
  const bed = {
    editor(handlers?: EditorHandlers) {
      const started = new AcpEditor({ cwd: bed.project, env: bed.env, ...(handlers && { handlers }) });
      editors.push(started);
      return started;
    },
  } as AcpTestbed;
  beforeAll(async () => {
    bed.scratch = await mkdtemp(join(tmpdir(), "parley-acp-"));
  });
  afterAll(async () => {
    await rm(bed.scratch, { recursive: true, force: true });
  });
  beforeEach(async () => {
    bed.server = await startFakeModelServer();
    bed.project = await realpath(await mkdtemp(join(bed.scratch, "project-")));
    const home = await mkdtemp(join(bed.scratch, "home-"));
    bed.env = {
      HOME: home,
      PARLEY_HOME: join(home, ".parley"),
      PARLEY_MODEL: "anthropic:claude-fake-1",
      ANTHROPIC_API_KEY: "sk-ant-fake",
      ANTHROPIC_BASE_URL: bed.server.url,
    };
  });
  afterEach(async () => {
    await Promise.all(editors.splice(0).map((editor) => editor.close()));
    await bed.server.close();
  });
  return bed;
}

/** The texts of one kind of chunk among a session's updates, in order. */
export function chunks(
  updates: SessionUpdate[],
  kind: "agent_message_chunk" | "agent_thought_chunk" | "user_message_chunk",
): string[] {
  return updates.flatMap((update) =>
    update.sessionUpdate === kind && update.content.type === "text" ? [update.content.text] : [],
  );
}
