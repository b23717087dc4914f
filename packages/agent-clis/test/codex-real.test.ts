import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codexConfigToml, reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { CodexCli } from "../src/index.ts";
import {
  drain,
  expectHangStopped,
  expectModelErrorReported,
  expectResumedWithHistory,
  interopPath,
  TOOL_TURN_THEN_FOLLOW_UP,
  useRealCliWorld,
} from "./support/real-cli.ts";

/** The real Codex binary (interop/codex), offline against the fake model server's Responses API. */

const world = useRealCliWorld("codex");
const codexHome = () => join(world.home, ".codex");

beforeAll(() => {
  mkdirSync(codexHome(), { recursive: true });
  // Codex speaks only the Responses API; a custom provider uses plain HTTP SSE at once.
  writeFileSync(join(codexHome(), "config.toml"), codexConfigToml(world.server.openaiBaseUrl));
});

const cli = (timeoutMs = 60_000) =>
  new CodexCli({
    command: interopPath("codex"),
    timeoutMs,
    env: { ...world.baseEnv(), CODEX_HOME: codexHome(), FAKE_API_KEY: "sk-fake" },
  });

describe("Codex, the real binary", () => {
  let sessionId = "";

  it("offers the model its config.toml names first, as its default, then the models Codex's own picker lists", async () => {
    const listed = await cli().listModels(world.project);
    expect(listed).toMatchObject({ success: true, current_model: "fake-model" });
    expect(listed.models[0]).toEqual({ id: "fake-model" });
    // The rest come from `codex app-server`'s model/list, with the names and descriptions Codex shows.
    expect(listed.models.length).toBeGreaterThan(1);
    for (const model of listed.models.slice(1)) {
      expect(model).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    }
  });

  it("streams reasoning, a command and the answer", async () => {
    world.server.script(
      reply().thinking("Thinking it over.").toolCall("exec_command", { cmd: "echo tool-ok" }),
      reply().text("tool said ok"),
    );
    const { streamed, result } = await drain(cli().runAgent({ message: "Run the tool", cwd: world.project }));
    expect(result).toMatchObject({ success: true, error_message: null });
    expect(result.session_id).toMatch(/^[0-9a-f-]{36}$/);
    // Its `exec --json` output names no model; its rollout's turn context does.
    expect(result.model).toBe("fake-model");
    expect(result.response_parts.map((part) => part.part_type)).toEqual(["thinking", "tool", "final"]);
    expect(result.response_parts[0]?.text).toContain("Thinking it over.");
    expect(result.response_parts[1]).toMatchObject({
      tool: { name: "shell", status: "completed", output: expect.stringContaining("tool-ok") },
    });
    expect(result.response_parts[2]?.text).toBe("tool said ok");
    // The command streamed twice: running, then completed, under one part id.
    const toolUpdates = streamed.filter((part) => part.part_type === "tool");
    expect(toolUpdates.map((part) => part.tool?.status)).toEqual(["running", "completed"]);
    expect(new Set(toolUpdates.map((part) => part.part_id)).size).toBe(1);
    sessionId = result.session_id ?? "";
  });

  it("resumes the thread with its history", async () => {
    await expectResumedWithHistory(
      world,
      cli().runAgent({ message: "And now?", sessionId, cwd: world.project }),
      sessionId,
      ["Run the tool", "tool said ok"],
    );
  });

  it("exports the thread from its rollout file and lists it for this project", async () => {
    const exported = await cli().exportSession(sessionId);
    expect(exported.success).toBe(true);
    expect(exported.messages.map((message) => [message.role, message.content_type])).toEqual(
      TOOL_TURN_THEN_FOLLOW_UP,
    );
    expect(exported.messages[0]?.content).toBe("Run the tool");
    const listed = await cli().listSessions(world.project);
    expect(listed).toMatchObject({
      success: true,
      sessions: [{ session_id: sessionId, title: "Run the tool" }],
    });
    expect((await cli().listSessions("/elsewhere")).sessions).toEqual([]);
    expect((await cli().listAgents()).agents.map((agent) => agent.name)).toEqual(["default"]);
  });

  it("reports an error from the model", async () => {
    await expectModelErrorReported(world, (message) => cli().runAgent({ message, cwd: world.project }));
  });

  it("stops a run whose model hangs at the timeout", async () => {
    await expectHangStopped(
      world,
      (message) => cli(3_000).runAgent({ message, cwd: world.project }),
      /^Codex did not finish within 3 s and was stopped/,
    );
  });

  it("says Codex is not installed when its command is missing", async () => {
    const missing = new CodexCli({ command: "/nonexistent/codex", env: world.baseEnv() });
    expect((await missing.runAgent({ message: "hi", cwd: world.project }).result).error_message).toBe(
      'Codex is not installed: the command "/nonexistent/codex" was not found',
    );
  });
});
