import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PermissionResult } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { query } from "../src/query/index.ts";
import { collect, useCliSession } from "./support/cli-session.ts";

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

const session = useCliSession("query-claude");

const options = (extra: Record<string, unknown> = {}) => ({
  pathToClaudeCodeExecutable: claude,
  cwd: session.project,
  env: session.env({ CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1" }),
  ...extra,
});

describe("query() driving the real claude binary", () => {
  it("streams a turn with partial messages and ends with Claude Code's result", async () => {
    session.server.script(reply().text("Hello from ").text("the fake model."));
    const messages = await collect(
      query({ prompt: "Say hello", options: options({ includePartialMessages: true }) }),
    );
    expect(messages[0]).toMatchObject({ type: "system", subtype: "init", cwd: session.project });
    expect(messages.some((message) => message.type === "stream_event")).toBe(true);
    expect(messages.find((message) => message.type === "result")).toMatchObject({
      subtype: "success",
      result: "Hello from the fake model.",
    });
  });

  it("answers Claude Code's can_use_tool with canUseTool: the edited Write lands", async () => {
    const file = join(session.project, "hello.txt");
    session.server.script(
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
    const marker = join(session.project, "ran.txt");
    session.server.script(
      reply().toolCall("Bash", { command: `touch ${marker}` }),
      reply().text("Understood."),
    );
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
    expect(JSON.stringify(session.server.requests[1]?.body)).toContain("No shell today.");
  });
});
