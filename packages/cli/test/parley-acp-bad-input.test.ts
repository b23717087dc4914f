import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, realpath } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { useAcpTestbed } from "./support/acp-testbed.ts";

/** `parley acp` fed what a broken or hostile editor sends: each gets a JSON-RPC error and nothing is written. */

const bin = fileURLToPath(new URL("../bin/parley.js", import.meta.url));
const bed = useAcpTestbed();

describe("parley acp, given bad input", () => {
  it("answers unknown methods, another session's id and a relative cwd with JSON-RPC errors", async () => {
    const zed = bed.editor();
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
      zed.agent.request("session/load", { sessionId: "../../etc/passwd", cwd: bed.project, mcpServers: [] }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/not found/i) });
  });

  it("will not load a session of another project", async () => {
    bed.server.script(reply().text("Secret plans."));
    const first = bed.editor();
    await first.initialize();
    const { sessionId } = await first.agent.request("session/new", { cwd: bed.project, mcpServers: [] });
    await first.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "Plans?" }] });
    const elsewhere = await realpath(await mkdtemp(join(bed.scratch, "other-")));
    const second = bed.editor();
    await second.initialize();
    await expect(
      second.agent.request("session/load", { sessionId, cwd: elsewhere, mcpServers: [] }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/not found/i) });
    expect(second.updates).toEqual([]);
  });

  it("never asks the editor to write a path outside the project, and nothing is written", async () => {
    bed.server.script(
      reply().toolCall("Write", { file_path: "../outside.txt", content: "escape" }, { id: "w-out" }),
      reply().text("Could not."),
    );
    const zed = bed.editor({
      "session/request_permission": () => ({ outcome: { outcome: "selected", optionId: "allow" } }),
      "fs/write_text_file": () => ({}),
    });
    await zed.initialize({ fs: { readTextFile: false, writeTextFile: true } });
    const { sessionId } = await zed.agent.request("session/new", { cwd: bed.project, mcpServers: [] });
    await zed.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "Escape" }] });
    expect(zed.asked.map((request) => request.method)).not.toContain("fs/write_text_file");
    expect(existsSync(join(bed.project, "..", "outside.txt"))).toBe(false);
    expect(zed.updatesOf(sessionId)).toContainEqual(
      expect.objectContaining({ toolCallId: "w-out", status: "failed" }),
    );
  });

  it("answers malformed JSON-RPC with parse and invalid-params errors and keeps serving", async () => {
    const child = spawn(process.execPath, [bin, "acp"], {
      cwd: bed.project,
      env: { PATH: process.env.PATH ?? "", ...bed.env },
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
        params: { cwd: bed.project, mcpServers: [] },
      }),
    );
    expect(await next()).toMatchObject({ id: 3, result: { sessionId: expect.any(String) } });
    child.stdin.end();
    expect(await new Promise((resolve) => child.once("close", resolve))).toBe(0);
  });
});
