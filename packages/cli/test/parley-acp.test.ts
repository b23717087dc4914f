import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AcpEditor, type EditorHandlers } from "./support/acp-editor.ts";

/** `parley acp` driven by the official ACP SDK's client side, as an editor drives it, against the fake model. */

const bin = fileURLToPath(new URL("../bin/parley.js", import.meta.url));
let scratch: string;
let server: FakeModelServer;
let project: string;
let env: Record<string, string>;
const editors: AcpEditor[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "parley-acp-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});
beforeEach(async () => {
  server = await startFakeModelServer();
  project = await realpath(await mkdtemp(join(scratch, "project-")));
  const home = await mkdtemp(join(scratch, "home-"));
  env = {
    HOME: home,
    PARLEY_HOME: join(home, ".parley"),
    PARLEY_MODEL: "anthropic:claude-fake-1",
    ANTHROPIC_API_KEY: "sk-ant-fake",
    ANTHROPIC_BASE_URL: server.url,
  };
});
afterEach(async () => {
  await Promise.all(editors.splice(0).map((editor) => editor.close()));
  await server.close();
});

function editor(handlers?: EditorHandlers): AcpEditor {
  const started = new AcpEditor({ cwd: project, env, ...(handlers && { handlers }) });
  editors.push(started);
  return started;
}

const chunks = (
  updates: SessionUpdate[],
  kind: "agent_message_chunk" | "agent_thought_chunk" | "user_message_chunk",
) =>
  updates.flatMap((update) =>
    update.sessionUpdate === kind && update.content.type === "text" ? [update.content.text] : [],
  );

describe("parley acp, as an editor uses it", () => {
  it("introduces itself with its capabilities and no sign-in, and streams an answer with its thinking", async () => {
    server.script(reply().thinking("Let me think.").text("Hello ").text("from Parley."));
    const zed = editor();
    const init = await zed.initialize();
    expect(init.authMethods).toEqual([]);
    expect(init.agentCapabilities).toMatchObject({
      loadSession: true,
      promptCapabilities: { embeddedContext: true },
    });
    const session = await zed.agent.request("session/new", { cwd: project, mcpServers: [] });
    expect(session.modes?.currentModeId).toBe("default");
    expect(session.modes?.availableModes.map((mode) => mode.id)).toContain("acceptEdits");
    const answer = await zed.agent.request("session/prompt", {
      sessionId: session.sessionId,
      prompt: [{ type: "text", text: "Say hello" }],
    });
    expect(answer.stopReason).toBe("end_turn");
    const updates = zed.updatesOf(session.sessionId);
    expect(chunks(updates, "agent_thought_chunk").join("")).toBe("Let me think.");
    expect(chunks(updates, "agent_message_chunk")).toEqual(["Hello ", "from Parley."]);
  });

  it("asks the editor before a write: allow writes the file, reject leaves it unwritten, always adds Parley's rule", async () => {
    const write = (name: string) =>
      reply().toolCall("Write", { file_path: name, content: `${name} body` }, { id: `call-${name}` });
    server.script(
      write("allowed.txt"),
      reply().text("Wrote it."),
      write("rejected.txt"),
      reply().text("Did not write it."),
      write("always.txt"),
      reply().text("Wrote it."),
      write("always.txt"),
      reply().text("Wrote that too."),
    );
    const answers = ["allow", "reject", "always"];
    const zed = editor({
      "session/request_permission": ({ params }) => {
        const optionId = answers.shift() as string;
        expect(params.options.map((option) => option.optionId)).toContain(optionId);
        return { outcome: { outcome: "selected", optionId } };
      },
    });
    await zed.initialize();
    const { sessionId } = await zed.agent.request("session/new", { cwd: project, mcpServers: [] });
    const prompt = (text: string) =>
      zed.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text }] });

    await prompt("Write allowed.txt");
    expect(await readFile(join(project, "allowed.txt"), "utf8")).toBe("allowed.txt body");
    const call = zed.updatesOf(sessionId).find((update) => update.sessionUpdate === "tool_call");
    expect(call).toMatchObject({
      toolCallId: "call-allowed.txt",
      kind: "edit",
      status: "pending",
      locations: [{ path: join(project, "allowed.txt") }],
      content: [
        { type: "diff", path: join(project, "allowed.txt"), oldText: null, newText: "allowed.txt body" },
      ],
    });
    const finals = () =>
      zed
        .updatesOf(sessionId)
        .filter((update) => update.sessionUpdate === "tool_call_update" && update.status !== "in_progress");
    expect(finals().at(-1)).toMatchObject({ toolCallId: "call-allowed.txt", status: "completed" });

    await prompt("Write rejected.txt");
    expect(existsSync(join(project, "rejected.txt"))).toBe(false);
    expect(finals().at(-1)).toMatchObject({ toolCallId: "call-rejected.txt", status: "failed" });

    await prompt("Write always.txt");
    await prompt("Write always.txt again");
    expect(finals().at(-1)).toMatchObject({ toolCallId: "call-always.txt", status: "completed" });
    // Three questions for four writes: "always" answered the fourth.
    expect(zed.asked.filter((request) => request.method === "session/request_permission")).toHaveLength(3);
    expect(answers).toEqual([]);
  });

  it("stops a turn mid-answer on session/cancel and says it was cancelled", async () => {
    server.script(reply().text("Starting a long answer").hang());
    const zed = editor();
    await zed.initialize();
    const { sessionId } = await zed.agent.request("session/new", { cwd: project, mcpServers: [] });
    const answer = zed.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "Go on" }],
    });
    await zed.until(() =>
      chunks(zed.updatesOf(sessionId), "agent_message_chunk").length > 0 ? true : undefined,
    );
    await zed.agent.notify("session/cancel", { sessionId });
    expect((await answer).stopReason).toBe("cancelled");
    expect(chunks(zed.updatesOf(sessionId), "agent_message_chunk")).toEqual(["Starting a long answer"]);
  });

  it("loads an earlier session, replaying it, and continues the same conversation", async () => {
    server.script(reply().text("The launch is on Tuesday."), reply().text("Still Tuesday."));
    const first = editor();
    await first.initialize();
    const { sessionId } = await first.agent.request("session/new", { cwd: project, mcpServers: [] });
    await first.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "When is the launch?" }],
    });
    await first.close();

    const second = editor();
    await second.initialize();
    await second.agent.request("session/load", { sessionId, cwd: project, mcpServers: [] });
    const replayed = second.updatesOf(sessionId);
    expect(chunks(replayed, "user_message_chunk")).toEqual(["When is the launch?"]);
    expect(chunks(replayed, "agent_message_chunk")).toEqual(["The launch is on Tuesday."]);
    await second.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "Sure?" }] });
    expect(JSON.stringify(server.requests.at(-1)?.body)).toContain("The launch is on Tuesday.");
  });

  it("reads and writes through the editor's buffers and runs commands in its terminal", async () => {
    await writeFile(join(project, "notes.txt"), "saved text\n");
    server.script(
      reply().toolCall("Read", { file_path: "notes.txt" }, { id: "read-1" }),
      reply().toolCall("Write", { file_path: "notes.txt", content: "new text" }, { id: "write-1" }),
      reply().toolCall(
        "Edit",
        { file_path: "notes.txt", old_string: "unsaved", new_string: "edited" },
        { id: "edit-1" },
      ),
      reply().toolCall("Bash", { command: "npm test" }, { id: "bash-1" }),
      reply().text("Done."),
    );
    const written: string[] = [];
    const zed = editor({
      "session/request_permission": () => ({ outcome: { outcome: "selected", optionId: "allow" } }),
      "fs/read_text_file": ({ params }) => {
        expect(params.path).toBe(join(project, "notes.txt"));
        return { content: "unsaved text in the editor\n" };
      },
      "fs/write_text_file": ({ params }) => {
        written.push(`${params.path}: ${params.content}`);
        return {};
      },
      "terminal/create": ({ params }) => {
        expect(params).toMatchObject({ command: "/bin/sh", args: ["-c", "npm test"], cwd: project });
        return { terminalId: "term-1" };
      },
      "terminal/wait_for_exit": () => ({ exitCode: 0 }),
      "terminal/output": () => ({
        output: "all 12 tests pass\n",
        truncated: false,
        exitStatus: { exitCode: 0 },
      }),
      "terminal/release": () => ({}),
    });
    await zed.initialize({ fs: { readTextFile: true, writeTextFile: true }, terminal: true });
    const { sessionId } = await zed.agent.request("session/new", { cwd: project, mcpServers: [] });
    await zed.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "Update notes, test" }],
    });

    const toModel = JSON.stringify(server.requests.map((request) => request.body));
    expect(toModel).toContain("unsaved text in the editor");
    expect(toModel).toContain("all 12 tests pass");
    expect(written).toEqual([
      `${join(project, "notes.txt")}: new text`,
      `${join(project, "notes.txt")}: edited text in the editor\n`,
    ]);
    expect(await readFile(join(project, "notes.txt"), "utf8")).toBe("saved text\n");
    expect(zed.updatesOf(sessionId)).toContainEqual(
      expect.objectContaining({
        toolCallId: "bash-1",
        content: [{ type: "terminal", terminalId: "term-1" }],
      }),
    );
  });
});

describe("parley acp, given bad input", () => {
  it("answers unknown methods, another session's id and a relative cwd with JSON-RPC errors", async () => {
    const zed = editor();
    await zed.initialize();
    await expect(zed.agent.request("session/teleport", {})).rejects.toMatchObject({ code: -32601 });
    await expect(
      zed.agent.request("session/prompt", { sessionId: "not-mine", prompt: [{ type: "text", text: "hi" }] }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/not found/i) });
    await expect(
      zed.agent.request("session/new", { cwd: "relative/dir", mcpServers: [] }),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("cwd must be an absolute path"),
    });
    await expect(
      zed.agent.request("session/load", { sessionId: "../../etc/passwd", cwd: project, mcpServers: [] }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/not found/i) });
  });

  it("will not load a session of another project", async () => {
    server.script(reply().text("Secret plans."));
    const first = editor();
    await first.initialize();
    const { sessionId } = await first.agent.request("session/new", { cwd: project, mcpServers: [] });
    await first.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "Plans?" }] });
    const elsewhere = await realpath(await mkdtemp(join(scratch, "other-")));
    const second = editor();
    await second.initialize();
    await expect(
      second.agent.request("session/load", { sessionId, cwd: elsewhere, mcpServers: [] }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/not found/i) });
    expect(second.updates).toEqual([]);
  });

  it("never asks the editor to write a path outside the project, and nothing is written", async () => {
    server.script(
      reply().toolCall("Write", { file_path: "../outside.txt", content: "escape" }, { id: "w-out" }),
      reply().text("Could not."),
    );
    const zed = editor({
      "session/request_permission": () => ({ outcome: { outcome: "selected", optionId: "allow" } }),
      "fs/write_text_file": () => ({}),
    });
    await zed.initialize({ fs: { readTextFile: false, writeTextFile: true } });
    const { sessionId } = await zed.agent.request("session/new", { cwd: project, mcpServers: [] });
    await zed.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "Escape" }] });
    expect(zed.asked.map((request) => request.method)).not.toContain("fs/write_text_file");
    expect(existsSync(join(project, "..", "outside.txt"))).toBe(false);
    expect(zed.updatesOf(sessionId)).toContainEqual(
      expect.objectContaining({ toolCallId: "w-out", status: "failed" }),
    );
  });

  it("answers malformed JSON-RPC with parse and invalid-params errors and keeps serving", async () => {
    const child = spawn(process.execPath, [bin, "acp"], {
      cwd: project,
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await lines.next()).value as string) as Record<string, unknown>;
    const send = (line: string) => child.stdin.write(`${line}\n`);
    send("this is not json");
    expect(await next()).toMatchObject({ id: null, error: { code: -32700 } });
    send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } }));
    expect(await next()).toMatchObject({ id: 1, result: { protocolVersion: 1 } });
    send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "session/new", params: { cwd: 42 } }));
    expect(await next()).toMatchObject({ id: 2, error: { code: -32602 } });
    send(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 3,
        method: "session/new",
        params: { cwd: project, mcpServers: [] },
      }),
    );
    expect(await next()).toMatchObject({ id: 3, result: { sessionId: expect.any(String) } });
    child.stdin.end();
    expect(await new Promise((resolve) => child.once("close", resolve))).toBe(0);
  });
});
