import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunResult } from "@parley/protocol";
import { GEMINI_SETTINGS, openCodeConfig, reply } from "@parley/testkit";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  AcpProcessPool,
  type AgentCli,
  type AgentPermissionAnswer,
  type AgentPermissionRequest,
  GeminiCli,
  OpenCodeCli,
} from "../src/index.ts";
import { drain, interopPath, type RealCliWorld, useRealCliWorld } from "./support/real-cli.ts";

/**
 * Gemini CLI (`gemini --acp`) and OpenCode (`opencode acp`), the real binaries, driven over the Agent Client
 * Protocol offline against the fake model server: their permission requests reach the person (here, a
 * scripted answer), and a file is written only once it is allowed.
 */

interface AcpCase {
  name: string;
  world: RealCliWorld;
  cli(pool?: AcpProcessPool): AgentCli;
  /** The CLI's own tool call that writes `content` to `path`. */
  write(path: string, content: string): ReturnType<typeof reply>;
  model?: string;
  /** The model the CLI reports it answers with. */
  reportedModel: string;
  /** A model it lists in the fake world, and the one it uses by default. */
  listsModel: string;
  defaultModel: string;
  /** Whether the CLI finds a session it recorded over ACP again (Gemini CLI 0.61 often does not). */
  loadsSessions: boolean;
  /** How the refusal reached the agent: each CLI goes on differently. */
  expectTold(result: RunResult): void;
}

const gemini: AcpCase = {
  name: "Gemini CLI",
  world: useRealCliWorld("gemini-acp"),
  cli: (pool) =>
    new GeminiCli({
      command: interopPath("gemini"),
      timeoutMs: 60_000,
      protocol: "acp",
      ...(pool && { acpProcesses: pool }),
      env: {
        ...gemini.world.baseEnv(),
        GEMINI_API_KEY: "fake",
        GOOGLE_GEMINI_BASE_URL: gemini.world.server.url,
      },
    }),
  write: (path, content) => reply().toolCall("write_file", { file_path: path, content }),
  model: "gemini-2.5-flash",
  reportedModel: "gemini-2.5-flash",
  listsModel: "gemini-2.5-pro",
  defaultModel: "auto",
  loadsSessions: false,
  // Gemini CLI tells the model the call was cancelled and the turn goes on.
  expectTold: (result) => {
    expect(JSON.stringify(gemini.world.server.requests.at(-1)?.body)).toContain('"functionResponse"');
    expect(result.response_parts.at(-1)).toMatchObject({ text: "Understood, not written." });
    expect(result.response_parts.some((part) => part.tool?.status === "completed")).toBe(false);
  },
};

const opencode: AcpCase = {
  name: "OpenCode",
  world: useRealCliWorld("opencode-acp"),
  cli: (pool) =>
    new OpenCodeCli({
      command: interopPath("opencode"),
      timeoutMs: 60_000,
      ...(pool && { acpProcesses: pool }),
      env: {
        ...opencode.world.baseEnv(),
        OPENCODE_CONFIG_CONTENT: JSON.stringify(openCodeConfig(opencode.world.server.openaiBaseUrl)),
        OPENCODE_DISABLE_MODELS_FETCH: "1",
        OPENCODE_DISABLE_AUTOUPDATE: "1",
        OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
      },
    }),
  write: (path, content) => reply().toolCall("write", { filePath: path, content }),
  reportedModel: "fake/fake-model",
  listsModel: "fake/fake-model",
  defaultModel: "fake/fake-model",
  loadsSessions: true,
  // OpenCode ends the turn with the call failed by the person's refusal.
  expectTold: (result) => {
    const tool = result.response_parts.find((part) => part.part_type === "tool");
    expect(tool?.tool).toMatchObject({ status: "error", output: expect.stringContaining("rejected") });
  },
};

beforeAll(() => {
  opencode.world.server.when({ bodyIncludes: "title generator" }, reply().text("Fake title"));
  mkdirSync(join(gemini.world.home, ".gemini"), { recursive: true });
  writeFileSync(join(gemini.world.home, ".gemini", "settings.json"), JSON.stringify(GEMINI_SETTINGS));
});

/** An interaction that answers every permission request with `answer` and keeps what it was asked. */
function answering(answer: AgentPermissionAnswer) {
  const asked: AgentPermissionRequest[] = [];
  return {
    asked,
    interaction: {
      askPermission: async (request: AgentPermissionRequest) => {
        asked.push(request);
        return answer;
      },
    },
  };
}

/**
 * Two messages of one session through `pool`: "Remember <marker>", then (after `between`) a follow-up that
 * must continue the session, the model seeing the first message again. Returns the session id.
 */
async function rememberThenAsk(
  acp: AcpCase,
  pool: AcpProcessPool,
  marker: string,
  between: () => Promise<void>,
): Promise<string> {
  const { world } = acp;
  const options = { cwd: world.project, model: acp.model };
  world.server.script(reply().text(`before ${marker}`));
  const first = await drain(acp.cli(pool).runAgent({ message: `Remember ${marker}`, ...options }));
  expect(first.result).toMatchObject({ success: true, error_message: null });
  await between();
  world.server.script(reply().text(`after ${marker}`));
  const sessionId = first.result.session_id ?? "";
  const second = await drain(acp.cli(pool).runAgent({ message: "And now?", sessionId, ...options }));
  expect(second.result).toMatchObject({ success: true, session_id: sessionId });
  expect(second.result.response_parts.map((part) => part.text)).toEqual([`after ${marker}`]);
  expect(JSON.stringify(world.server.requests.at(-1)?.body)).toContain(`Remember ${marker}`);
  return sessionId;
}

describe.each([gemini, opencode])("$name over ACP, the real binary", (acp) => {
  let sessionId = "";

  it("asks before writing a file; allowed, it writes it and streams the answer", async () => {
    const { world } = acp;
    const file = join(world.project, "allowed.txt");
    world.server.script(acp.write(file, "hello\n"), reply().text("Wrote ").text("the file."));
    const { asked, interaction } = answering("allow_once");
    const { streamed, result } = await drain(
      acp.cli().runAgent({ message: "Write allowed.txt", cwd: world.project, interaction, model: acp.model }),
    );
    expect(result).toMatchObject({ success: true, error_message: null });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      kind: "edit",
      offers: expect.arrayContaining(["allow_once", "reject_once"]),
    });
    expect(JSON.stringify(asked[0]?.input)).toContain("allowed.txt");
    expect(readFileSync(file, "utf8")).toBe("hello\n");
    const tool = result.response_parts.find((part) => part.part_type === "tool");
    expect(tool?.tool?.status).toBe("completed");
    expect(result.response_parts.at(-1)).toMatchObject({ part_type: "final", text: "Wrote the file." });
    // The answer streamed as it grew: one version per chunk.
    expect(streamed.filter((part) => part.part_type === "final").map((part) => part.text)).toEqual([
      "Wrote ",
      "Wrote the file.",
    ]);
    sessionId = result.session_id ?? "";
    expect(sessionId).not.toBe("");
    // The model the CLI says it answered with, for the chat header.
    expect(result.model).toBe(acp.reportedModel);
  });

  it("lists the models it offers in the project, and the one it uses by default", async () => {
    const sessionsBefore = (await acp.cli().listSessions(acp.world.project)).sessions.length;
    const listed = await acp.cli().listModels(acp.world.project);
    expect(listed.error_message ?? null).toBeNull();
    expect(listed.success).toBe(true);
    // `opencode models` leaves no session behind in OpenCode's own list. Gemini CLI's ACP session/new, opened
    // only to ask, may (known gap, see the ACP decision).
    if (acp.name === "OpenCode")
      expect((await acp.cli().listSessions(acp.world.project)).sessions).toHaveLength(sessionsBefore);
    expect(listed.models.map((model) => model.id)).toContain(acp.listsModel);
    if (acp.name === "Gemini CLI") expect(listed.current_model).toBe(acp.defaultModel);
  });

  it("keeps one agent per session between messages: the next one continues without a restart", async () => {
    const pool = new AcpProcessPool();
    try {
      const sessionId = await rememberThenAsk(acp, pool, "KEPT-1", async () => {
        expect(pool.size).toBe(1);
      });
      expect(pool.size).toBe(1);
      // Closing the session's agent (the Parley session was deleted) leaves nothing running.
      await pool.closeSession(sessionId);
      expect(pool.size).toBe(0);
    } finally {
      await pool.closeAll();
    }
  });

  it.runIf(acp.loadsSessions)("continues the session: the model gets the earlier turn", async () => {
    const { world } = acp;
    world.server.script(reply().text("second answer"));
    const { result } = await drain(
      acp.cli().runAgent({ message: "And now?", sessionId, cwd: world.project, model: acp.model }),
    );
    expect(result).toMatchObject({ success: true, session_id: sessionId });
    expect(result.response_parts.map((part) => part.text)).toEqual(["second answer"]);
    expect(JSON.stringify(world.server.requests.at(-1)?.body)).toContain("Write allowed.txt");
  });

  it.runIf(acp.loadsSessions)(
    "closes an agent left idle, and the next message loads the session in a new one",
    async () => {
      const pool = new AcpProcessPool({ idleMs: 1 });
      try {
        await rememberThenAsk(acp, pool, "IDLE-3", async () => {
          await vi.waitFor(() => expect(pool.size).toBe(0), { timeout: 15_000 });
        });
      } finally {
        await pool.closeAll();
      }
    },
    // Two cold starts of the CLI: OpenCode's takes over 40 s on these shared cores at a load of 10.
    180_000,
  );

  it("writes nothing when the person rejects the call, and the agent is told", async () => {
    const { world } = acp;
    const file = join(world.project, "rejected.txt");
    world.server.script(acp.write(file, "no\n"), reply().text("Understood, not written."));
    const { asked, interaction } = answering("reject_once");
    const { result } = await drain(
      acp
        .cli()
        .runAgent({ message: "Write rejected.txt", cwd: world.project, interaction, model: acp.model }),
    );
    expect(asked).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
    acp.expectTold(result);
  });

  it("stops at a cancel while the model streams", async () => {
    const { world } = acp;
    world.server.when({ lastUserTextIncludes: "HANG" }, reply().text("never").hang());
    const controller = new AbortController();
    const run = acp.cli().runAgent({
      message: "HANG please",
      cwd: world.project,
      signal: controller.signal,
      model: acp.model,
    });
    await world.server.waitForEvent((event) => event.type === "gate");
    controller.abort();
    const { result } = await drain(run);
    expect(result).toMatchObject({ success: false, error_message: `${acp.name} was cancelled` });
  });
});
