import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GEMINI_SETTINGS, reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { GeminiCli } from "../src/index.ts";
import {
  drain,
  expectHangStopped,
  expectModelErrorReported,
  expectResumedWithHistory,
  interopPath,
  useRealCliWorld,
} from "./support/real-cli.ts";

/** The real Gemini CLI (interop/gemini-cli), offline against the fake model server's Gemini API. */

const world = useRealCliWorld("gemini");

beforeAll(() => {
  mkdirSync(join(world.home, ".gemini"), { recursive: true });
  // An API key auth type is what makes Gemini CLI use GOOGLE_GEMINI_BASE_URL without a login.
  writeFileSync(join(world.home, ".gemini", "settings.json"), JSON.stringify(GEMINI_SETTINGS));
});

const cli = (timeoutMs = 60_000) =>
  new GeminiCli({
    command: interopPath("gemini"),
    timeoutMs,
    protocol: "stream-json",
    env: { ...world.baseEnv(), GEMINI_API_KEY: "fake", GOOGLE_GEMINI_BASE_URL: world.server.url },
  });

// A concrete model skips the "auto" router's extra classification request.
const model = "gemini-2.5-flash";

describe("Gemini CLI, the real binary", () => {
  let sessionId = "";

  it("streams a tool call and the answer as it arrives", async () => {
    writeFileSync(join(world.project, "notes.txt"), "remember the milk\n");
    world.server.script(
      reply().toolCall("read_file", { file_path: join(world.project, "notes.txt") }),
      reply().text("The notes say ").text("remember the milk."),
    );
    const { streamed, result } = await drain(
      cli().runAgent({ message: "Read my notes", model, cwd: world.project }),
    );
    expect(result).toMatchObject({ success: true, error_message: null });
    expect(result.model).toBe(model);
    expect(result.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.response_parts.map((part) => part.part_type)).toEqual(["tool", "final"]);
    expect(result.response_parts[0]).toMatchObject({ tool: { name: "read_file", status: "completed" } });
    expect(result.response_parts[1]?.text).toBe("The notes say remember the milk.");
    expect(streamed.filter((part) => part.part_type === "final").length).toBeGreaterThanOrEqual(1);
    sessionId = result.session_id ?? "";
  });

  it("resumes the session by id with its history", async () => {
    await expectResumedWithHistory(
      world,
      cli().runAgent({ message: "And now?", sessionId, model, cwd: world.project }),
      sessionId,
      ["Read my notes", "remember the milk."],
    );
  });

  it("exports the session from its chat file and lists it for this project", async () => {
    const exported = await cli().exportSession(sessionId, world.project);
    expect(exported.success).toBe(true);
    expect(
      exported.messages
        .filter((message) => message.content_type === "text")
        .map((message) => message.content),
    ).toEqual(["Read my notes", "The notes say remember the milk.", "And now?", "second answer"]);
    expect(exported.messages.some((message) => message.content_type === "tool_use")).toBe(true);
    const listed = await cli().listSessions(world.project);
    expect(listed).toMatchObject({
      success: true,
      sessions: [{ session_id: sessionId, title: "Read my notes" }],
    });
    expect((await cli().listAgents()).agents.map((agent) => agent.name)).toEqual(["default"]);
  });

  it("reports an error from the model", async () => {
    await expectModelErrorReported(world, (message) =>
      cli().runAgent({ message, model, cwd: world.project }),
    );
  });

  it("stops a run whose model hangs at the timeout", async () => {
    await expectHangStopped(
      world,
      (message) => cli(8_000).runAgent({ message, model, cwd: world.project }),
      /^Gemini CLI did not finish within 8 s and was stopped/,
    );
  });

  it("says Gemini CLI is not installed when its command is missing", async () => {
    const missing = new GeminiCli({ command: "/nonexistent/gemini", env: world.baseEnv() });
    expect((await missing.runAgent({ message: "hi", cwd: world.project }).result).error_message).toBe(
      'Gemini CLI is not installed: the command "/nonexistent/gemini" was not found',
    );
  });
});
