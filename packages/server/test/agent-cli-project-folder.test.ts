import { existsSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  AgentReplySchema,
  ChatSessionSchema,
  MessagePageSchema,
  SessionSummarySchema,
} from "@parley/protocol";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeResponse } from "./support/api-checks.ts";
import { realCliEnvironment } from "./support/real-agent-clis.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";

/**
 * Each real agent CLI (interop/, offline against the fake model server) answering a session runs its shell
 * tool in the session's project, not in the folder Parley was started from: the model asks for `pwd` and a
 * marker file, `pwd` prints the project and the marker lands there. One scripted turn per CLI, then that
 * CLI's own session for the project is listed and imported into Parley with the call and its output.
 */

const directories = makeDirectories();
const root = realpathSync(join(directories.project, ".."));
/** Where Parley was started (`npm start` in its clone): the PWD its process has. */
const startedIn = join(root, "parley-clone");

let fake: FakeModelServer;
let server: TestServer;
let project = "";

beforeAll(async () => {
  mkdirSync(startedIn);
  fake = await startFakeModelServer();
  // Each CLI's own settings let it run the shell command without asking: this test is about where it runs.
  const cliEnvironment = realCliEnvironment(directories.project, fake, {
    gemini: { tools: { allowed: ["run_shell_command"] } },
  });
  writeFileSync(
    join(cliEnvironment.HOME as string, ".claude", "settings.json"),
    JSON.stringify({ permissions: { allow: ["Bash"] } }),
  );
  // This Claude Code authenticates with ANTHROPIC_API_KEY: Parley passes it on because the person's settings say so.
  writeFileSync(
    join(directories.home, "settings.json"),
    JSON.stringify({ agent_clis: { "claude-code": { pass_env: ["ANTHROPIC_API_KEY"] } } }),
  );
  server = await startTestServer({
    directories,
    fake,
    env: { ...cliEnvironment, PWD: startedIn, OPENCODE_PERMISSION: JSON.stringify({ bash: "allow" }) },
  });
  project = realpathSync(directories.project);
});
afterAll(async () => {
  await server?.dispose();
  await fake?.close();
});

/** Sends one message to a new session and returns its answer and the output of the shell command it ran. */
async function answer(body: Record<string, unknown>): Promise<{ text: string | undefined; output: string }> {
  const session = await decodeResponse(
    await server.request("POST", "/api/sessions", { body }),
    SessionSummarySchema,
    201,
  );
  const agentReply = await decodeResponse(
    await server.request("POST", `/api/sessions/${session.id}/messages`, {
      body: { text: "Where are you?" },
    }),
    AgentReplySchema,
  );
  const page = await decodeResponse(
    await server.request("GET", `/api/sessions/${session.id}/messages`),
    MessagePageSchema,
  );
  const result = page.messages.find((message) => message.rich.kind === "ToolResult");
  const output = (result?.rich.data as { output?: unknown } | undefined)?.output;
  return { text: agentReply.responses?.at(-1)?.text, output: typeof output === "string" ? output : "" };
}

/**
 * The CLI's own session for this project (the one the turn above made) imported into Parley: listed by the
 * CLI, opened with the prompt, the shell call and its output, and the answer.
 */
async function expectImportable(cli: string): Promise<void> {
  const listed = await decodeResponse(
    await server.request("GET", `/api/agent-clis/${cli}/sessions`),
    z.array(ChatSessionSchema),
  );
  expect(listed.length, `${cli} lists its session in the project`).toBeGreaterThan(0);
  const imported = await decodeResponse(
    await server.request("POST", `/api/agent-clis/${cli}/sessions/${listed[0]?.id}/import`, { body: {} }),
    SessionSummarySchema,
    201,
  );
  expect(imported.backend).toBe(cli);
  const page = await decodeResponse(
    await server.request("GET", `/api/sessions/${imported.id}/messages`),
    MessagePageSchema,
  );
  const texts = page.messages.map((message) => JSON.stringify(message.rich.data));
  expect(texts.some((text) => text.includes("Where are you?"))).toBe(true);
  expect(page.messages.some((message) => message.rich.kind === "ToolRequest")).toBe(true);
  expect(texts.some((text) => text.includes(project))).toBe(true);
  expect(texts.at(-1)).toContain("Done.");
}

/** The shell command the model asks each CLI to run: where am I, and a marker file where it ran. */
const whereAmI = (cli: string) => `pwd && touch where-${cli}`;

/** The command ran in the project: `pwd` printed it, and the marker is there, not where Parley started. */
function expectRanInProject(cli: string, ran: { text: string | undefined; output: string }): void {
  expect(ran.text).toBe("Done.");
  expect(ran.output.trim().split("\n")).toContain(project);
  expect(existsSync(join(project, `where-${cli}`)), "the marker is in the project").toBe(true);
  expect(existsSync(join(startedIn, `where-${cli}`)), "nothing lands where Parley started").toBe(false);
}

// Each message starts a real CLI; on a busy machine that takes a while.
describe("an agent CLI answering a session works in the session's project", { timeout: 180_000 }, () => {
  it("Claude Code", async () => {
    fake.script(reply().toolCall("Bash", { command: whereAmI("claude") }), reply().text("Done."));
    expectRanInProject("claude", await answer({ backend: "claude-code", backend_model: "claude-fake-1" }));
    expect(fake.requests.at(-1)?.body).toMatchObject({ model: "claude-fake-1" });
    await expectImportable("claude-code");
  });

  it("Claude Code with one of the project's named agents: its instructions reach the model", async () => {
    mkdirSync(join(project, ".claude", "agents"), { recursive: true });
    writeFileSync(
      join(project, ".claude", "agents", "reviewer.md"),
      "---\nname: reviewer\ndescription: Reviews changes before they land\n---\nYou are the careful reviewer of this project.\n",
    );
    const agents = await decodeResponse(
      await server.request("GET", "/api/agents?backend=claude-code"),
      z.array(z.looseObject({ name: z.string() })),
    );
    expect(agents.map((agent) => agent.name)).toContain("reviewer");

    fake.script(reply().text("Reviewed."));
    const session = await decodeResponse(
      await server.request("POST", "/api/sessions", {
        body: { backend: "claude-code", backend_model: "claude-fake-1", backend_agent: "reviewer" },
      }),
      SessionSummarySchema,
      201,
    );
    expect(session).toMatchObject({ backend: "claude-code", backend_agent: "reviewer" });
    const agentReply = await decodeResponse(
      await server.request("POST", `/api/sessions/${session.id}/messages`, {
        body: { text: "Look it over" },
      }),
      AgentReplySchema,
    );
    expect(agentReply.responses?.at(-1)?.text).toBe("Reviewed.");
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain(
      "You are the careful reviewer of this project.",
    );
  });

  it("OpenCode", async () => {
    fake.when({ bodyIncludes: "title generator" }, reply().text("Fake title"));
    fake.script(
      reply().toolCall("bash", { command: whereAmI("opencode"), description: "Where" }),
      reply().text("Done."),
    );
    const body = { backend: "opencode", backend_model: "fake/fake-model", backend_agent: "build" };
    expectRanInProject("opencode", await answer(body));
    await expectImportable("opencode");
  });

  it("Codex", async () => {
    fake.script(reply().toolCall("exec_command", { cmd: whereAmI("codex") }), reply().text("Done."));
    expectRanInProject("codex", await answer({ backend: "codex" }));
    await expectImportable("codex");
  });

  it("Gemini CLI", async () => {
    fake.script(
      reply().toolCall("run_shell_command", { command: whereAmI("gemini") }),
      reply().text("Done."),
    );
    // A concrete model skips the "auto" router's extra classification request.
    expectRanInProject("gemini", await answer({ backend: "gemini", backend_model: "gemini-2.5-flash" }));
    await expectImportable("gemini");
  });
});
