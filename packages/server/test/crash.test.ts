import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startParleyServer } from "../src/index.ts";
import { EventStream } from "./support/event-stream.ts";
import { useKilledServerBed } from "./support/killed-server.ts";
import { type ServerProcess, spawnServerProcess } from "./support/spawn-server-process.ts";
import { readLog } from "./support/sse-log.ts";
import { makeDirectories, startTestServer } from "./support/test-server.ts";

type StoredMessage = {
  id: string;
  role: string;
  run_id: string | null;
  rich: { kind: string; data: { text?: string } };
};
type Run = { id: string; status: string; error: string | null };

/** Answer text (not thinking) streamed so far for one run. */
const streamedText = (stream: EventStream, runId: string) =>
  stream.frames
    .filter((frame) => {
      const data = frame.message.data as { run_id?: string; thinking?: boolean } | undefined;
      return frame.message.kind === "token" && data?.run_id === runId && data.thinking !== true;
    })
    .map((frame) => frame.message.text ?? "")
    .join("");

const post = async <T>(child: ServerProcess, path: string, body: unknown, status = 200): Promise<T> => {
  const response = await fetch(`${child.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${child.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(status);
  return (await response.json()) as T;
};

describe("a server killed with kill -9 in the middle of a streaming run", () => {
  const bed = useKilledServerBed();

  it("keeps every acknowledged event and message, and records the run as interrupted with its partial text", async () => {
    bed.fake.script(
      reply().text("The first ").text("answer."),
      reply().thinking("Considering.").text("Partial ").text("answer ").gate("crash").text("never sent"),
    );
    const env = {
      PARLEY_MODEL: "anthropic:claude-test-1",
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: bed.fake.url,
    };
    bed.child = await spawnServerProcess({ ...bed.directories, env });
    const stream = await EventStream.open(bed.child.url, bed.child.token, { after: 0 });

    const first = await post<{ session_id: string; message_id: string }>(bed.child, "/api/chat", {
      text: "First question",
    });
    await stream.waitForKind("run", "context_usage");
    const second = await post<{ run_id: string; message_id: string }>(bed.child, "/api/chat", {
      text: "Second question",
      session_id: first.session_id,
    });
    await bed.fake.waitForGate("crash");
    await stream.waitFor(() => streamedText(stream, second.run_id) === "Partial answer ");

    // While it runs, a second server on the same data is refused: two writers would interleave the store.
    await expect(
      startParleyServer({ projectRoot: bed.directories.project, home: bed.directories.home, port: 0, env }),
    ).rejects.toThrow(/already serving this project/);

    const acknowledged = stream.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }));
    process.kill(bed.child.pid, "SIGKILL");
    expect((await bed.child.exited).signal).toBe("SIGKILL");
    await stream.waitForEnd();

    bed.restarted = await startTestServer({ fake: bed.fake, directories: bed.directories });
    const log = readLog(bed.restarted.server);
    // Persist-before-emit: every event a client saw is in the log, with the same seq and the same bytes.
    expect(log.slice(0, acknowledged.length)).toEqual(acknowledged);

    // The client resumes from its cursor and learns how the run ended.
    const resumed = await bed.restarted.events({ lastEventId: String(acknowledged.at(-1)?.seq) });
    await resumed.waitForKind("run", "outcome");
    const outcome = resumed.frames.find((frame) => frame.message.phase === "outcome");
    expect(outcome?.message.data).toMatchObject({ outcome: "interrupted", run_id: second.run_id });
    expect(outcome?.message.seq).toBeGreaterThan(acknowledged.at(-1)?.seq ?? 0);
    await resumed.close();

    const state = await bed.restarted.json<{ messages: StoredMessage[]; agents: { processing: boolean }[] }>(
      "GET",
      `/api/sessions/${first.session_id}/state`,
    );
    expect(state.messages.map((message) => [message.role, message.rich.data.text])).toEqual([
      ["user", "First question"],
      ["assistant", "The first answer."],
      ["user", "Second question"],
      ["assistant", "Partial answer "],
    ]);
    expect(state.messages.map((message) => message.id)).toEqual(
      expect.arrayContaining([first.message_id, second.message_id]),
    );
    expect(state.agents.every((agent) => !agent.processing)).toBe(true);
    const runs = await bed.restarted.json<{ runs: Run[] }>(
      "GET",
      `/api/agent-runs?session_id=${first.session_id}`,
    );
    expect(runs.runs.map((run) => run.status)).toEqual(["completed", "interrupted"]);

    // Nothing was generated again on its own: the model saw exactly the two requests made before the kill.
    expect(bed.fake.requests).toHaveLength(2);
    // The server's own output never contained the token.
    expect(bed.child.output()).not.toContain(bed.child.token);
  }, 30_000);

  it("still reports the files a killed run changed, once the server is back", async () => {
    writeFileSync(join(bed.directories.project, "app.ts"), "one\ntwo\n");
    bed.fake.script(
      reply()
        .toolCall("Edit", { file_path: "app.ts", old_string: "two", new_string: "TWO" })
        .toolCall("Write", { file_path: "notes.md", content: "# Notes\n" }),
      reply().text("Both files ").gate("crash").text("are done."),
    );
    bed.child = await spawnServerProcess({
      ...bed.directories,
      env: {
        PARLEY_MODEL: "anthropic:claude-test-1",
        ANTHROPIC_API_KEY: "test-key",
        ANTHROPIC_BASE_URL: bed.fake.url,
      },
    });
    const session = await post<{ id: string }>(bed.child, "/api/sessions", {}, 201);
    await post(bed.child, `/api/sessions/${session.id}/mode`, { permission_mode: "acceptEdits" });
    const chat = await post<{ run_id: string }>(bed.child, "/api/chat", {
      session_id: session.id,
      text: "Edit both",
    });
    await bed.fake.waitForGate("crash");
    expect(readFileSync(join(bed.directories.project, "app.ts"), "utf8")).toBe("one\nTWO\n");
    process.kill(bed.child.pid, "SIGKILL");
    await bed.child.exited;

    bed.restarted = await startTestServer({ fake: bed.fake, directories: bed.directories });
    const stream = await bed.restarted.events({ after: 0 });
    await stream.waitForKind("run", "change_report");
    const report = stream.frames.find((frame) => frame.message.phase === "change_report");
    expect(report?.message.data).toMatchObject({
      run_id: chat.run_id,
      truncated_count: 0,
      files: [
        { path: "app.ts", change: "modified", diff: expect.stringContaining("-two\n+TWO") },
        { path: "notes.md", change: "added", diff: expect.stringContaining("+# Notes") },
      ],
    });
    await stream.close();
    const runs = await bed.restarted.json<{ runs: Run[] }>("GET", `/api/agent-runs?session_id=${session.id}`);
    expect(runs.runs.map((run) => run.status)).toEqual(["interrupted"]);
    // The baselines stay as the run's checkpoint, ending with what the files held when it was reported.
    expect(bed.restarted.server.context.store.changeBaselines.list(chat.run_id)).toEqual([
      {
        path: "app.ts",
        before: { kind: "text", text: "one\ntwo\n" },
        after: { kind: "text", text: "one\nTWO\n" },
      },
      { path: "notes.md", before: { kind: "absent" }, after: { kind: "text", text: "# Notes\n" } },
    ]);
  }, 30_000);
});

describe("the data directory lock", () => {
  let directories: { project: string; home: string };
  beforeEach(() => {
    directories = makeDirectories();
  });
  afterEach(() => {
    rmSync(join(directories.project, ".."), { recursive: true, force: true });
  });
  const options = () => ({ projectRoot: directories.project, home: directories.home, port: 0, env: {} });

  it("refuses a second server on the same data in the same process, and frees the data when the first stops", async () => {
    const first = await startParleyServer(options());
    await expect(startParleyServer(options())).rejects.toThrow(/already serving this project/);
    await first.close();
    const second = await startParleyServer(options());
    await second.close();
  });

  it("a server that fails to start leaves nothing running and the data free", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as { port: number }).port;
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      await expect(startParleyServer({ ...options(), port })).rejects.toThrow(/EADDRINUSE/);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      taken.close();
    }
    const server = await startParleyServer(options());
    await server.close();
  });

  /** The data directory `startParleyServer` picks for the project (there is one per project). */
  const lockFile = () => {
    const projects = join(directories.home, "projects");
    return join(projects, readdirSync(projects)[0] as string, "server.lock");
  };

  /**
   * A process whose child has exited and is never reaped (its parent never waits): a zombie, as a
   * `kill -9`ed server is until its supervisor reaps it. The parent prints the child's pid.
   */
  const processWithZombieChild = async () => {
    const program =
      "import os, sys, time\npid = os.fork()\nif pid == 0:\n    os._exit(0)\nprint(pid, flush=True)\ntime.sleep(30)\n";
    const parent = spawn("python3", ["-c", program], { stdio: ["ignore", "pipe", "ignore"] });
    const zombie = await new Promise<number>((resolve) =>
      parent.stdout.once("data", (data) => resolve(Number(String(data).trim()))),
    );
    while (!readFileSync(`/proc/${zombie}/stat`, "utf8").includes(") Z ")) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { parent, zombie };
  };

  it.runIf(process.platform === "linux")(
    "a server started right after a kill -9, before the old process is reaped, takes the data over",
    async () => {
      const first = await startParleyServer(options());
      await first.close();
      const { parent, zombie } = await processWithZombieChild();
      try {
        writeFileSync(lockFile(), JSON.stringify({ pid: zombie }));
        const server = await startParleyServer(options());
        expect(JSON.parse(readFileSync(lockFile(), "utf8")).pid).toBe(process.pid);
        await server.close();
      } finally {
        parent.kill("SIGKILL");
      }
    },
  );

  it.runIf(process.platform === "linux")(
    "a lock whose pid now belongs to another program is taken over; a live server's lock is not",
    async () => {
      const first = await startParleyServer(options());
      const own = JSON.parse(readFileSync(lockFile(), "utf8")) as { pid: number; started: string };
      expect(own).toMatchObject({ pid: process.pid, started: expect.stringMatching(/^\d+$/) });
      await expect(startParleyServer(options())).rejects.toThrow(/already serving this project/);
      await first.close();

      const other = spawn("sleep", ["30"], { stdio: "ignore" });
      try {
        // The lock names a running process, but one that started at another time than the lock's owner.
        writeFileSync(lockFile(), JSON.stringify({ pid: other.pid, started: "1" }));
        const server = await startParleyServer(options());
        await server.close();
      } finally {
        other.kill("SIGKILL");
      }
    },
  );
});
