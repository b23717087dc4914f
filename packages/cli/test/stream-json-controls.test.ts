import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { beforeEach, describe, expect, it } from "vitest";
import { Cli, type Frame, responseTo, useStreamJsonProject } from "./support/stream-json-cli.ts";

/** The SDK's `Query` controls spoken to `parley run` frame by frame, with the exact answers a host reads. */

const project = useStreamJsonProject("stream-json-controls");
let scratch: string;
let cwd: string;
let env: Record<string, string>;
beforeEach(() => {
  ({ scratch, cwd, env } = project);
});

/** Sends one control request and waits for its answer's `response`. */
async function ask(cli: Cli, id: string, request: Record<string, unknown>): Promise<Frame["response"]> {
  cli.send({ type: "control_request", request_id: id, request });
  return (await cli.frame(responseTo(id))).response;
}

/**
 * What Claude Code answered to a control request subtype it does not know, as captured from the real CLI
 * (reference sample claude-raw-stdio-replay-unknown-subtype.jsonl), for request `req-2`.
 */
const CLAUDE_CODE_UNSUPPORTED = {
  type: "control_response",
  response: {
    subtype: "error",
    request_id: "req-2",
    error: "Unsupported control request subtype: no_such_subtype",
    error_code: "unsupported_request",
  },
};

describe("parley run's answers to the SDK's Query controls", () => {
  it("answers each control it cannot honour exactly as Claude Code answers a subtype it does not know", async () => {
    const cli = new Cli([], env, cwd);
    const requests: Record<string, unknown>[] = [
      { subtype: "apply_flag_settings", settings: { model: "claude-fake-2" } },
      { subtype: "update_settings", source: "localSettings", settings: { outputStyle: "x" } },
      { subtype: "reload_plugins" },
      { subtype: "reload_skills" },
      { subtype: "reload_output_styles" },
      { subtype: "background_tasks" },
      { subtype: "set_mcp_permission_mode_override", serverName: "files", mode: "default" },
      { subtype: "get_usage" },
    ];
    for (const request of requests) {
      const expected = structuredClone(CLAUDE_CODE_UNSUPPORTED);
      expected.response.error = expected.response.error.replace("no_such_subtype", String(request.subtype));
      cli.send({ type: "control_request", request_id: "req-2", request });
      const frame = await cli.frame(responseTo("req-2"));
      cli.frames.splice(cli.frames.indexOf(frame), 1);
      expect(frame).toEqual(expected);
    }
    cli.end();
    expect(await cli.exited).toBe(0);
  });

  it("keeps a checkpoint under each user message's replayed uuid and rewinds to it, naming what it left without a repository's escape sequences", async () => {
    await writeFile(join(cwd, "a.txt"), "before\n");
    const hostile = "evil\u001b]0;pwned\u0007.txt";
    project.server.script(
      reply().toolCall("Write", { file_path: "a.txt", content: "after\n" }),
      reply().toolCall("Write", { file_path: hostile, content: "made\n" }),
      reply().text("Done."),
    );
    const cli = new Cli(
      ["--replay-user-messages", "--permission-mode", "acceptEdits"],
      {
        ...env,
        CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: "true",
      },
      cwd,
    );
    cli.send({
      type: "user",
      message: { role: "user", content: "Change things" },
      parent_tool_use_id: null,
      session_id: "",
    });
    const result = await cli.frame((frame) => frame.type === "result");
    // The message comes back right after the turn's system/init, with the uuid Parley gave it, exactly as
    // Claude Code's replay reads (reference sample claude-raw-stdio-replay-unknown-subtype.jsonl).
    const init = cli.frames.findIndex((frame) => frame.type === "system" && frame.subtype === "init");
    const replay = cli.frames[init + 1] as Frame;
    expect(Object.keys(replay)).toEqual([
      "type",
      "message",
      "session_id",
      "parent_tool_use_id",
      "uuid",
      "timestamp",
      "isReplay",
    ]);
    expect(replay).toEqual({
      type: "user",
      message: { role: "user", content: "Change things" },
      session_id: result.session_id,
      parent_tool_use_id: null,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      isReplay: true,
    });
    // The created file is swapped for a symlink out of the project before the rewind.
    await rm(join(cwd, hostile));
    await symlink(join(scratch, "outside-target.txt"), join(cwd, hostile));
    await writeFile(join(scratch, "outside-target.txt"), "not the project's\n");

    expect(await ask(cli, "w1", { subtype: "rewind_files", user_message_id: replay.uuid })).toEqual({
      subtype: "success",
      request_id: "w1",
      response: { canRewind: true, filesChanged: ["a.txt"], insertions: 1, deletions: 1, skippedLinks: 1 },
    });
    expect(await readFile(join(cwd, "a.txt"), "utf8")).toBe("before\n");
    expect(await readFile(join(scratch, "outside-target.txt"), "utf8")).toBe("not the project's\n");
    expect(cli.stderr).toContain("the rewind left evil\uFFFD]0;pwned\uFFFD.txt as it is:");
    expect(cli.stderr).not.toContain("\u001b");
    cli.end();
    expect(await cli.exited).toBe(0);
  });

  it("does not take a conversation's checkpoints into another project when it is resumed there", async () => {
    await writeFile(join(cwd, "a.txt"), "before\n");
    project.server.script(
      reply().toolCall("Write", { file_path: "a.txt", content: "after\n" }),
      reply().text("Done."),
    );
    const checkpointing = { ...env, CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: "true" };
    const first = new Cli(["--permission-mode", "acceptEdits"], checkpointing, cwd);
    const uuid = "22222222-2222-4222-8222-222222222222";
    first.send({
      type: "user",
      uuid,
      message: { role: "user", content: "Change a.txt" },
      parent_tool_use_id: null,
      session_id: "",
    });
    const result = await first.frame((frame) => frame.type === "result");
    first.end();
    expect(await first.exited).toBe(0);

    const other = await mkdtemp(join(scratch, "other-project-"));
    await writeFile(join(other, "a.txt"), "another project's file\n");
    const resumed = new Cli(["--resume", String(result.session_id)], checkpointing, other);
    expect(
      await ask(resumed, "r1", { subtype: "rewind_files", user_message_id: uuid, dry_run: true }),
    ).toMatchObject({
      response: { canRewind: false, error: "No file checkpoint found for this message." },
    });
    resumed.end();
    expect(await resumed.exited).toBe(0);
    expect(await readFile(join(other, "a.txt"), "utf8")).toBe("another project's file\n");
    // In its own project the resumed conversation still rewinds.
    const home = new Cli(["--resume", String(result.session_id)], checkpointing, cwd);
    expect(await ask(home, "r2", { subtype: "rewind_files", user_message_id: uuid })).toMatchObject({
      response: { canRewind: true, filesChanged: ["a.txt"] },
    });
    home.end();
    expect(await home.exited).toBe(0);
    expect(await readFile(join(cwd, "a.txt"), "utf8")).toBe("before\n");
  });

  it("answers rewind_files without checkpointing as Claude Code does: a dry run says so, a rewind is refused", async () => {
    const cli = new Cli([], env, cwd);
    const id = "11111111-1111-4111-8111-111111111111";
    expect(await ask(cli, "d1", { subtype: "rewind_files", user_message_id: id, dry_run: true })).toEqual({
      subtype: "success",
      request_id: "d1",
      response: { canRewind: false, error: "File rewinding is not enabled." },
    });
    expect(await ask(cli, "d2", { subtype: "rewind_files", user_message_id: id })).toMatchObject({
      subtype: "error",
      error: "File rewinding is not enabled.",
    });
    cli.end();
    expect(await cli.exited).toBe(0);
  });

  it("reads a project file for the host, cut at max_bytes or as base64, and refuses paths outside or denied by a Read rule", async () => {
    await writeFile(join(cwd, "notes.txt"), "the project's notes\n");
    await writeFile(join(cwd, "secret.txt"), "do not show\n");
    await writeFile(join(scratch, "outside.txt"), "not the project's\n");
    const cli = new Cli(["--disallowedTools", "Read(secret.txt)"], env, cwd);
    expect(await ask(cli, "r1", { subtype: "read_file", path: "notes.txt", max_bytes: 3 })).toMatchObject({
      subtype: "success",
      response: { contents: "the", truncated: true, lossy: false },
    });
    expect(
      await ask(cli, "r2", { subtype: "read_file", path: "notes.txt", encoding: "base64" }),
    ).toMatchObject({
      subtype: "success",
      response: { contents: Buffer.from("the project's notes\n").toString("base64"), encoding: "base64" },
    });
    for (const [id, path] of [
      ["r3", "../outside.txt"],
      ["r4", join(scratch, "outside.txt")],
      ["r5", "secret.txt"],
      ["r6", "missing.txt"],
    ] as const) {
      const answer = (await ask(cli, id, { subtype: "read_file", path })) as Record<string, unknown>;
      expect(answer).toMatchObject({ subtype: "error", request_id: id });
      expect(JSON.stringify(answer)).not.toContain("do not show");
    }
    cli.end();
    expect(await cli.exited).toBe(0);
  });

  it("says what it could not do with MCP servers: an unknown name, an SDK-hosted server set mid-session", async () => {
    const cli = new Cli([], env, cwd);
    expect(await ask(cli, "t1", { subtype: "mcp_toggle", serverName: "nowhere", enabled: false })).toEqual({
      subtype: "error",
      request_id: "t1",
      error: "no MCP server named nowhere",
    });
    const fixture = { command: process.execPath, args: [FIXTURE_MCP_SERVER] };
    expect(
      await ask(cli, "s1", {
        subtype: "mcp_set_servers",
        servers: {
          hosted: { type: "sdk", name: "hosted" },
          fixture,
          broken: { command: "/nonexistent/server" },
        },
      }),
    ).toMatchObject({
      subtype: "success",
      response: {
        added: ["fixture", "broken"],
        removed: [],
        errors: {
          hosted: expect.stringContaining("mcpServers option"),
          broken: expect.any(String),
        },
      },
    });
    // The same set again changes nothing; a set without them removes them.
    expect(await ask(cli, "s2", { subtype: "mcp_set_servers", servers: { fixture } })).toMatchObject({
      response: { added: [], removed: ["broken"], errors: {} },
    });
    expect(await ask(cli, "s3", { subtype: "mcp_set_servers", servers: {} })).toMatchObject({
      response: { added: [], removed: ["fixture"], errors: {} },
    });
    expect(await ask(cli, "st", { subtype: "mcp_status" })).toMatchObject({ response: { mcpServers: [] } });
    cli.end();
    expect(await cli.exited).toBe(0);
  });

  it("lists the host's named subagents, and names on stderr what of one it cannot honour", async () => {
    const cli = new Cli([], env, cwd);
    const answer = await ask(cli, "init", {
      subtype: "initialize",
      agents: {
        planner: { description: "Plans", prompt: "You plan.", model: "opus", skills: ["deploy"] },
        helper: { description: "Helps", prompt: "You help.", model: "inherit", maxTurns: 3 },
      },
    });
    expect((answer as { response: { agents: unknown } }).response.agents).toEqual([
      { name: "general-purpose", description: expect.any(String) },
      { name: "planner", description: "Plans" },
      { name: "helper", description: "Helps" },
    ]);
    cli.end();
    expect(await cli.exited).toBe(0);
    expect(cli.stderr).toContain("agents.planner: model, skills not supported yet");
    expect(cli.stderr).not.toContain("agents.helper");
    expect(cli.stderr).not.toContain("initialize: agents is not supported");
  });
});
