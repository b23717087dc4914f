import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ApiErrorBody,
  ChangeReportBlockSchema,
  decodeWith,
  type RewindResponse,
  type SessionState,
  type StoredMessage,
} from "@parley/protocol";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { startChat } from "./support/interactions.ts";
import { eventsOfType, waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { startTestServer } from "./support/test-server.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("rewinding the files a run changed", () => {
  const server = useTestServer();
  const events = useServerEvents(server);

  const project = (path: string) => join(server.directories.project, path);
  const read = (path: string) => readFileSync(project(path), "utf8");

  async function newSession(): Promise<string> {
    const { id } = await server.json<{ id: string }>("POST", "/api/sessions", {});
    await server.json("POST", `/api/sessions/${id}/mode`, { permission_mode: "acceptEdits" });
    return id;
  }

  /** Runs one scripted turn of tool calls to its end; returns its run id. */
  async function run(sessionId: string, calls: ReturnType<typeof reply>): Promise<string> {
    server.fake.script(calls, reply().text("Done."));
    const chat = await startChat(server, { session_id: sessionId, text: "Change files" });
    await waitForOutcome(events, chat.run_id);
    return chat.run_id;
  }

  const edit = (file: string, from: string, to: string) =>
    reply().toolCall("Edit", { file_path: file, old_string: from, new_string: to });

  function rewind(sessionId: string, runId: string, dryRun: boolean): Promise<RewindResponse> {
    return server.json<RewindResponse>("POST", `/api/sessions/${sessionId}/rewind`, {
      run_id: runId,
      dry_run: dryRun,
    });
  }

  it("puts a modified file back, deletes the file the run added, and reports it as a rewind to every client", async () => {
    writeFileSync(project("one.txt"), "alpha\nbeta\n");
    const session = await newSession();
    const runId = await run(
      session,
      edit("one.txt", "beta", "BETA").toolCall("Write", { file_path: "docs/added.md", content: "# Added\n" }),
    );
    expect(read("one.txt")).toBe("alpha\nBETA\n");

    const rewound = await rewind(session, runId, false);

    expect(rewound).toEqual({
      session_id: session,
      run_id: runId,
      dry_run: false,
      message_id: expect.any(String),
      files: [
        { path: "one.txt", outcome: "restored", additions: 1, deletions: 1, changed_since_agent: false },
        { path: "docs/added.md", outcome: "deleted", additions: 0, deletions: 1, changed_since_agent: false },
      ],
    });
    expect(read("one.txt")).toBe("alpha\nbeta\n");
    expect(existsSync(project("docs/added.md"))).toBe(false);
    const report = await waitForEvent(
      events,
      "ChangeReport",
      (event) => event.message_id === rewound.message_id,
    );
    expect(report).toMatchObject({ rewind: { run_id: runId } });
    expect(report?.run_id).toBeUndefined();
    expect(report?.files.map((file) => [file.path, file.change])).toEqual([
      ["one.txt", "modified"],
      ["docs/added.md", "deleted"],
    ]);
    expect(report?.files[0]?.diff).toContain("-BETA\n+beta");
  });

  it("puts a file changed by several runs back as it was before the first of them", async () => {
    writeFileSync(project("shared.txt"), "v0\n");
    const session = await newSession();
    const first = await run(session, edit("shared.txt", "v0", "v1"));
    const second = await run(
      session,
      edit("shared.txt", "v1", "v2").toolCall("Write", { file_path: "later.txt", content: "later\n" }),
    );
    expect(read("shared.txt")).toBe("v2\n");

    const fromSecond = await rewind(session, second, true);
    expect(fromSecond.files.map((file) => [file.path, file.outcome])).toEqual([
      ["shared.txt", "restored"],
      ["later.txt", "deleted"],
    ]);
    const rewound = await rewind(session, first, false);

    expect(rewound.files.map((file) => [file.path, file.outcome])).toEqual([
      ["shared.txt", "restored"],
      ["later.txt", "deleted"],
    ]);
    expect(read("shared.txt")).toBe("v0\n");
    expect(existsSync(project("later.txt"))).toBe(false);
  });

  it("brings back a file deleted since the agent changed it, and the dry run says the person changed it", async () => {
    writeFileSync(project("gone.txt"), "kept\n");
    const session = await newSession();
    const runId = await run(session, edit("gone.txt", "kept", "edited"));
    unlinkSync(project("gone.txt"));

    const dry = await rewind(session, runId, true);
    expect(dry.files).toEqual([
      { path: "gone.txt", outcome: "restored", additions: 1, deletions: 0, changed_since_agent: true },
    ]);
    expect(existsSync(project("gone.txt"))).toBe(false);
    await rewind(session, runId, false);
    expect(read("gone.txt")).toBe("kept\n");
  });

  it("changes nothing and publishes nothing on a dry run", async () => {
    writeFileSync(project("dry.txt"), "before\n");
    const session = await newSession();
    const runId = await run(session, edit("dry.txt", "before", "after"));
    writeFileSync(project("dry.txt"), "after\nand the person's line\n");
    const reports = eventsOfType(events.frames, "ChangeReport").length;

    const dry = await rewind(session, runId, true);

    expect(dry).toEqual({
      session_id: session,
      run_id: runId,
      dry_run: true,
      files: [
        { path: "dry.txt", outcome: "restored", additions: 1, deletions: 2, changed_since_agent: true },
      ],
    });
    expect(read("dry.txt")).toBe("after\nand the person's line\n");
    expect(eventsOfType(events.frames, "ChangeReport")).toHaveLength(reports);
  });

  it("reports a file too large to have been kept as not restorable and leaves it", async () => {
    const large = `${"x".repeat(1024 * 1024)}\nend\n`;
    writeFileSync(project("large.txt"), large);
    const session = await newSession();
    const runId = await run(session, edit("large.txt", "end", "END"));

    const rewound = await rewind(session, runId, false);

    expect(rewound.files).toEqual([
      { path: "large.txt", outcome: "not_restorable", reason: expect.stringContaining("larger than 1 MiB") },
    ]);
    expect(read("large.txt").endsWith("END\n")).toBe(true);
    const report = await waitForEvent(
      events,
      "ChangeReport",
      (event) => event.message_id === rewound.message_id,
    );
    expect(report?.rewind?.not_restored).toEqual([{ path: "large.txt", reason: expect.any(String) }]);
  });

  it("does not put back text that is not UTF-8 as other bytes: it was not kept, and is left", async () => {
    writeFileSync(project("latin1.txt"), Buffer.from("caf\xe9\n", "latin1"));
    const session = await newSession();
    const runId = await run(
      session,
      reply().toolCall("Write", { file_path: "latin1.txt", content: "café\n" }),
    );

    const rewound = await rewind(session, runId, false);

    expect(rewound.files).toEqual([
      { path: "latin1.txt", outcome: "not_restorable", reason: expect.stringContaining("not UTF-8 text") },
    ]);
    expect(read("latin1.txt")).toBe("café\n");
  });

  it("leaves a file the person replaced with one it cannot read (binary), where it would have deleted it", async () => {
    const session = await newSession();
    const runId = await run(
      session,
      reply().toolCall("Write", { file_path: "made.txt", content: "by the agent\n" }),
    );
    writeFileSync(project("made.txt"), Buffer.from([0, 1, 2, 3]));

    const rewound = await rewind(session, runId, false);

    expect(rewound.files).toEqual([
      { path: "made.txt", outcome: "not_restorable", reason: expect.stringContaining("it is now binary") },
    ]);
    expect(readFileSync(project("made.txt"))).toEqual(Buffer.from([0, 1, 2, 3]));
  });

  it("does not write through a path that became a symlink out of the project, or a FIFO", async () => {
    const outside = mkdtempSync(join(tmpdir(), "parley-rewind-outside-"));
    try {
      writeFileSync(join(outside, "secret.txt"), "outside\n");
      writeFileSync(project("escape.txt"), "inside\n");
      writeFileSync(project("pipe.txt"), "plain\n");
      const session = await newSession();
      const runId = await run(
        session,
        edit("escape.txt", "inside", "changed").toolCall("Edit", {
          file_path: "pipe.txt",
          old_string: "plain",
          new_string: "piped",
        }),
      );
      unlinkSync(project("escape.txt"));
      symlinkSync(join(outside, "secret.txt"), project("escape.txt"));
      unlinkSync(project("pipe.txt"));
      execFileSync("mkfifo", [project("pipe.txt")]);

      const rewound = await rewind(session, runId, false);

      expect(rewound.files).toEqual([
        { path: "escape.txt", outcome: "not_restorable", reason: expect.stringContaining("symlink-outside") },
        { path: "pipe.txt", outcome: "not_restorable", reason: expect.stringContaining("special-file") },
      ]);
      expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("outside\n");
    } finally {
      rmSync(project("escape.txt"), { force: true });
      rmSync(project("pipe.txt"), { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("is refused while a run of the session is running, and names a run of another session as the wrong one", async () => {
    writeFileSync(project("busy.txt"), "idle\n");
    const session = await newSession();
    const runId = await run(session, edit("busy.txt", "idle", "busy"));
    server.fake.script(reply().text("Working ").gate("busy").text("on it."));
    const going = await startChat(server, { session_id: session, text: "Keep going" });
    await server.fake.waitForGate("busy");

    const refused = await server.request("POST", `/api/sessions/${session}/rewind`, {
      body: { run_id: runId, dry_run: true },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ApiErrorBody).error.message).toContain(
      `run ${going.run_id} of this session is running`,
    );
    await server.fake.release("busy");
    await waitForOutcome(events, going.run_id);

    const other = await newSession();
    const wrong = await server.request("POST", `/api/sessions/${other}/rewind`, {
      body: { run_id: runId, dry_run: true },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ApiErrorBody).error.issues).toEqual([
      { path: "body.run_id", message: `run "${runId}" is not a run of session "${other}"` },
    ]);
    expect(read("busy.txt")).toBe("busy\n");
  });
});

describe("a rewind after a restart", () => {
  it("is still possible, and its report is still in the chat after the next restart", async () => {
    let server = await startTestServer();
    const { directories, fake } = server;
    try {
      writeFileSync(join(directories.project, "restart.txt"), "first\n");
      const { id: session } = await server.json<{ id: string }>("POST", "/api/sessions", {});
      await server.json("POST", `/api/sessions/${session}/mode`, { permission_mode: "acceptEdits" });
      fake.script(
        reply().toolCall("Edit", { file_path: "restart.txt", old_string: "first", new_string: "second" }),
        reply().text("Done."),
      );
      const events = await server.events();
      const chat = await startChat(server, { session_id: session, text: "Edit" });
      await waitForOutcome(events, chat.run_id);
      await events.close();
      await server.close();

      server = await startTestServer({ directories, fake });
      const rewound = await server.json<RewindResponse>("POST", `/api/sessions/${session}/rewind`, {
        run_id: chat.run_id,
        dry_run: false,
      });
      expect(rewound.files).toMatchObject([{ path: "restart.txt", outcome: "restored" }]);
      await server.close();

      server = await startTestServer({ directories, fake });
      const state = await server.json<SessionState>("GET", `/api/sessions/${session}/state`);
      const message = state.messages.find((stored: StoredMessage) => stored.id === rewound.message_id);
      const text = String((message?.rich.data as { text?: string } | undefined)?.text);
      const block = decodeWith(ChangeReportBlockSchema, JSON.parse(text));
      expect(block.success && block.value).toMatchObject({
        type: "change_report",
        summary: "1 file rewound",
        rewind: { run_id: chat.run_id },
        files: [{ path: "restart.txt", change: "modified" }],
      });
      expect(readFileSync(join(directories.project, "restart.txt"), "utf8")).toBe("first\n");
    } finally {
      await server.close();
      await fake.close();
      rmSync(join(directories.project, ".."), { recursive: true, force: true });
    }
  }, 30_000);
});
