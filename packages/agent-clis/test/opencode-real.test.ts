import { openCodeConfig, reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { OpenCodeCli } from "../src/index.ts";
import {
  drain,
  expectHangStopped,
  expectModelErrorReported,
  expectResumedWithHistory,
  interopPath,
  TOOL_TURN_THEN_FOLLOW_UP,
  useRealCliWorld,
} from "./support/real-cli.ts";

/** The real OpenCode binary (interop/opencode), offline against the fake model server's Chat Completions. */

const world = useRealCliWorld("opencode");

const cli = (timeoutMs = 60_000) =>
  new OpenCodeCli({
    command: interopPath("opencode"),
    timeoutMs,
    protocol: "stream-json",
    env: {
      ...world.baseEnv(),
      OPENCODE_CONFIG_CONTENT: JSON.stringify(openCodeConfig(world.server.openaiBaseUrl)),
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    },
  });

describe("OpenCode, the real binary", () => {
  let sessionId = "";

  it("streams thinking, a bash call and the answer, with OpenCode's part and call ids", async () => {
    world.server.when({ bodyIncludes: "title generator" }, reply().text("Fake title"));
    world.server.script(
      reply().thinking("Let me check.").toolCall("bash", { command: "echo tool-ok", description: "Echo" }),
      reply().text("tool said ok"),
    );
    const { streamed, result } = await drain(cli().runAgent({ message: "Run the tool", cwd: world.project }));
    expect(result).toMatchObject({ success: true, error_message: null });
    expect(result.session_id).toMatch(/^ses_/);
    expect(streamed.map((part) => part.part_type)).toEqual(["thinking", "tool", "final"]);
    expect(streamed[0]?.text).toBe("Let me check.");
    expect(streamed[1]).toMatchObject({
      call_id: "call_fake_0002_0",
      tool: { name: "bash", status: "completed", output: "tool-ok\n" },
    });
    expect(streamed[2]?.text).toBe("tool said ok");
    expect(streamed.every((part) => part.part_id?.startsWith("prt_"))).toBe(true);
    sessionId = result.session_id ?? "";
  });

  it("continues the session with its history", async () => {
    const run = cli().runAgent({ message: "And now?", sessionId, cwd: world.project });
    await expectResumedWithHistory(world, run, sessionId, ["Run the tool", "tool said ok"]);
  });

  it("exports the session: prompts, the tool call and its output, the answers", async () => {
    const exported = await cli().exportSession(sessionId, world.project);
    expect(exported.success).toBe(true);
    expect(exported.messages.map((message) => [message.role, message.content_type])).toEqual(
      TOOL_TURN_THEN_FOLLOW_UP,
    );
    expect(exported.messages[0]?.content).toBe("Run the tool");
  });

  it("lists the session for this project and OpenCode's agents", async () => {
    const listed = await cli().listSessions(world.project);
    expect(listed).toMatchObject({
      success: true,
      sessions: [{ session_id: sessionId, title: "Fake title" }],
    });
    const agents = await cli().listAgents(world.project);
    expect(agents.success).toBe(true);
    expect(agents.agents).toContainEqual(expect.objectContaining({ name: "build", agent_type: "primary" }));
  });

  it("reports an error from the model with OpenCode's message", async () => {
    await expectModelErrorReported(world, (message) => cli().runAgent({ message, cwd: world.project }));
  });

  it("stops a run whose model hangs at the timeout", async () => {
    await expectHangStopped(
      world,
      (message) => cli(8_000).runAgent({ message, cwd: world.project }),
      /^OpenCode did not finish within 8 s and was stopped/,
    );
  });

  it("says OpenCode is not installed when its command is missing", async () => {
    const missing = new OpenCodeCli({ command: "/nonexistent/opencode", env: world.baseEnv() });
    expect((await missing.runAgent({ message: "hi", cwd: world.project }).result).error_message).toBe(
      'OpenCode is not installed: the command "/nonexistent/opencode" was not found',
    );
    expect(await missing.discover()).toMatchObject({ availability: "missing" });
  });
});
