import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { ClaudeCodeCli } from "../src/index.ts";
import {
  drain,
  expectHangStopped,
  expectModelErrorReported,
  expectResumedWithHistory,
  interopPath,
  TOOL_TURN_THEN_FOLLOW_UP,
  useRealCliWorld,
} from "./support/real-cli.ts";

/** The real Claude Code binary (interop/claude-code), offline against the fake model server's Messages API. */

const world = useRealCliWorld("claude-code");

const cli = (timeoutMs = 60_000) =>
  new ClaudeCodeCli({
    command: interopPath("claude"),
    timeoutMs,
    // Claude Code's own permission system decides; this project lets it run Bash.
    extraArgs: ["--allowedTools", "Bash"],
    env: {
      ...world.baseEnv(),
      ANTHROPIC_BASE_URL: world.server.url,
      ANTHROPIC_API_KEY: "fake",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    },
  });

describe("Claude Code, the real binary", () => {
  let sessionId = "";

  it("lists the models it offers (its answer to initialize), without starting a session", async () => {
    const listed = await cli().listModels(world.project);
    expect(listed.error_message ?? null).toBeNull();
    expect(listed.models.map((model) => model.id)).toEqual(expect.arrayContaining(["default", "sonnet"]));
    expect(listed.models.find((model) => model.id === "sonnet")?.name).toBe("Sonnet");
    expect((await cli().listSessions(world.project)).sessions).toEqual([]);
  });

  it("streams thinking, a Bash call and the answer, with Claude Code's tool use id", async () => {
    world.server.script(
      reply().thinking("Let me run it.").toolCall("Bash", { command: "echo tool-ok" }, { id: "toolu_1" }),
      reply().text("done: tool-ok"),
    );
    const { streamed, result } = await drain(cli().runAgent({ message: "Run the tool", cwd: world.project }));
    expect(result).toMatchObject({ success: true, error_message: null });
    // The model Claude Code chose itself (none was named), as its system/init says.
    expect(result.model).toBe("claude-opus-5-5");
    expect(result.response_parts.map((part) => part.part_type)).toEqual(["thinking", "tool", "final"]);
    expect(result.response_parts[0]?.text).toBe("Let me run it.");
    expect(result.response_parts[1]).toMatchObject({
      part_id: "toolu_1",
      call_id: "toolu_1",
      tool: { name: "Bash", input: { command: "echo tool-ok" }, status: "completed", output: "tool-ok" },
    });
    expect(result.response_parts[2]?.text).toBe("done: tool-ok");
    expect(streamed.filter((part) => part.call_id === "toolu_1").map((part) => part.tool?.status)).toEqual([
      "running",
      "completed",
    ]);
    sessionId = result.session_id ?? "";
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("resumes the session with its history", async () => {
    await expectResumedWithHistory(
      world,
      cli().runAgent({ message: "And now?", sessionId, cwd: world.project }),
      sessionId,
      ["Run the tool", "done: tool-ok"],
    );
  });

  it("exports the session from its transcript, lists it, and lists the agents", async () => {
    const exported = await cli().exportSession(sessionId, world.project);
    expect(exported.success).toBe(true);
    expect(exported.messages.map((message) => [message.role, message.content_type])).toEqual(
      TOOL_TURN_THEN_FOLLOW_UP,
    );
    const listed = await cli().listSessions(world.project);
    expect(listed).toMatchObject({
      success: true,
      sessions: [{ session_id: sessionId, title: "Run the tool" }],
    });
    mkdirSync(join(world.project, ".claude", "agents"), { recursive: true });
    writeFileSync(
      join(world.project, ".claude", "agents", "reviewer.md"),
      "---\nname: reviewer\ndescription: Reviews diffs\n---\nReview the diff.\n",
    );
    expect((await cli().listAgents(world.project)).agents).toContainEqual({
      name: "reviewer",
      agent_type: "project",
      details: ["Reviews diffs"],
    });
  });

  it("reports an error from the model", async () => {
    await expectModelErrorReported(world, (message) => cli().runAgent({ message, cwd: world.project }));
  });

  it("stops a run whose model hangs at the timeout", async () => {
    await expectHangStopped(
      world,
      (message) => cli(4_000).runAgent({ message, cwd: world.project }),
      /^Claude Code did not finish within 4 s and was stopped/,
    );
  });

  it("says Claude Code is not installed when its command is missing", async () => {
    const missing = new ClaudeCodeCli({ command: "/nonexistent/claude", env: world.baseEnv() });
    expect((await missing.runAgent({ message: "hi", cwd: world.project }).result).error_message).toBe(
      'Claude Code is not installed: the command "/nonexistent/claude" was not found',
    );
  });
});
