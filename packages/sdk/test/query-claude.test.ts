import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PermissionResult, SDKMessage } from "@parley/protocol";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { query } from "../src/query/index.ts";

/**
 * Parley's `query()` drives the real Claude Code binary (installed into interop/claude-code by `npm test`'s
 * pretest step), offline against the fake model server: the host end of the protocol, proven with a
 * program no one here wrote.
 */

const claude = fileURLToPath(
  new URL(
    "../../../interop/claude-code/node_modules/@anthropic-ai/claude-code/bin/claude.exe",
    import.meta.url,
  ),
);

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "parley-query-claude-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

let server: FakeModelServer;
let project: string;
let home: string;
beforeEach(async () => {
  server = await startFakeModelServer();
  project = await mkdtemp(join(scratch, "project-"));
  home = await mkdtemp(join(scratch, "home-"));
});
afterEach(async () => {
  await server.close();
});

const options = (extra: Record<string, unknown> = {}) => ({
  pathToClaudeCodeExecutable: claude,
  cwd: project,
  env: {
    PATH: process.env.PATH ?? "",
    HOME: home,
    ANTHROPIC_API_KEY: "sk-ant-fake",
    ANTHROPIC_BASE_URL: server.url,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  },
  ...extra,
});

async function collect(messages: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const all: SDKMessage[] = [];
  for await (const message of messages) all.push(message);
  return all;
}

describe("query() driving the real claude binary", () => {
  it("streams a turn with partial messages and ends with Claude Code's result", async () => {
    server.script(reply().text("Hello from ").text("the fake model."));
    const messages = await collect(
      query({ prompt: "Say hello", options: options({ includePartialMessages: true }) }),
    );
    expect(messages[0]).toMatchObject({ type: "system", subtype: "init", cwd: project });
    expect(messages.some((message) => message.type === "stream_event")).toBe(true);
    expect(messages.find((message) => message.type === "result")).toMatchObject({
      subtype: "success",
      result: "Hello from the fake model.",
    });
  });

  it("answers Claude Code's can_use_tool with canUseTool: the edited Write lands", async () => {
    const file = join(project, "hello.txt");
    server.script(
      reply().toolCall("Write", { file_path: file, content: "from the model\n" }),
      reply().text("Written."),
    );
    const asked: string[] = [];
    const canUseTool = async (tool: string, input: Record<string, unknown>): Promise<PermissionResult> => {
      asked.push(tool);
      return { behavior: "allow", updatedInput: { ...input, content: "from the host\n" } };
    };
    const messages = await collect(query({ prompt: "Write hello.txt", options: options({ canUseTool }) }));
    expect(asked).toEqual(["Write"]);
    expect(await readFile(file, "utf8")).toBe("from the host\n");
    expect(messages.find((message) => message.type === "result")).toMatchObject({ subtype: "success" });
  });

  it("calls a PreToolUse hook in the host and Claude Code obeys its block", async () => {
    const marker = join(project, "ran.txt");
    server.script(reply().toolCall("Bash", { command: `touch ${marker}` }), reply().text("Understood."));
    const seen: string[] = [];
    const hooks = {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            async (input: unknown) => {
              seen.push((input as { tool_name: string }).tool_name);
              return { decision: "block" as const, reason: "No shell today." };
            },
          ],
        },
      ],
    };
    await collect(query({ prompt: "Touch it", options: options({ hooks, allowedTools: ["Bash"] }) }));
    expect(seen).toEqual(["Bash"]);
    expect(existsSync(marker)).toBe(false);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("No shell today.");
  });
});
