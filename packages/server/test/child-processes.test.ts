import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { WorkflowExecutionView } from "@parley/protocol";
import {
  type ChildProcessRecord,
  readChildProcessRecord,
  reply,
  writeRecordingProgram,
} from "@parley/testkit";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventStream } from "./support/event-stream.ts";
import { makeDirectories, startTestServer, type TestServer } from "./support/test-server.ts";
import { waitForWorkflow, writeWorkflow } from "./support/workflows.ts";

/**
 * Every kind of child process the server starts (a Bash command, a workflow shell step, an MCP stdio server,
 * an agent CLI, git) runs in the project, as its cwd and its PWD, with the person's environment minus
 * Parley's secrets. Parley is started the way `npm start -- --project X` starts it: from another folder,
 * with API keys and a token in its environment and a key stored in its settings. Fake programs record how
 * they were started.
 */

const directories = makeDirectories();
const root = join(directories.project, "..");
const bin = join(root, "bin");
/** Where Parley was started (`npm start` in its clone): the PWD it inherits. */
const startedIn = join(root, "parley-clone");
const record = (name: string) => join(root, `${name}.json`);

/** What the person's environment holds when Parley starts: their own variables and Parley's secrets. */
const personal = { PERSON_VARIABLE: "kept", PWD: startedIn, PATH: `${bin}${delimiter}${process.env.PATH}` };
const secrets = {
  PARLEY_TOKEN: "token-from-the-environment-0123456789",
  ANTHROPIC_API_KEY: "sk-ant-person",
  OPENAI_API_KEY: "sk-openai-person",
  PARLEY_WEBHOOK_SECRET: "hush",
  /** The key stored on the Settings page, also exported under a name Parley does not know. */
  COPY_OF_STORED_KEY: "sk-stored-in-settings",
};

let server: TestServer;
let events: EventStream;
let project = "";
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  for (const name of [...Object.keys(personal), ...Object.keys(secrets)]) saved[name] = process.env[name];
  Object.assign(process.env, personal, secrets);
  mkdirSync(bin);
  mkdirSync(startedIn);
  writeRecordingProgram(join(bin, "git"), record("git"), { readsStdin: false });
  writeRecordingProgram(join(bin, "record-shell"), record("shell"));
  writeRecordingProgram(join(bin, "record-workflow"), record("workflow"));
  writeRecordingProgram(join(bin, "claude"), record("claude-code"));
  writeFileSync(
    join(directories.home, "settings.json"),
    JSON.stringify({
      providers: {
        openai_compatible: [
          { id: "stored", base_url: "http://127.0.0.1:9/v1", api_key: "sk-stored-in-settings" },
        ],
      },
    }),
  );
  writeFileSync(
    join(directories.home, "mcp.json"),
    JSON.stringify({
      mcpServers: {
        recorder: {
          command: process.execPath,
          args: [FIXTURE_MCP_SERVER],
          env: { FIXTURE_MCP_RECORD: record("mcp") },
        },
      },
    }),
  );
  server = await startTestServer({ directories, env: { PARLEY_CLAUDE_CODE_COMMAND: join(bin, "claude") } });
  project = realpathSync(directories.project);
  events = await server.events();
  await server.json("POST", "/api/permission-rules", { tool: "Bash", behavior: "allow" });
});
afterAll(async () => {
  await events?.close();
  await server?.dispose();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** The child ran in the project and got the person's variables but none of Parley's secrets. */
function expectInProjectWithoutSecrets(started: ChildProcessRecord | undefined): void {
  expect(started, "the child ran").toBeDefined();
  const { cwd, env } = started as ChildProcessRecord;
  expect(cwd).toBe(project);
  expect(env.PWD).toBe(project);
  expect(env.PERSON_VARIABLE).toBe("kept");
  for (const name of [...Object.keys(secrets), "ANTHROPIC_API_KEY"]) expect(env[name], name).toBeUndefined();
  const values = new Set(Object.values(env));
  for (const secret of [server.server.token, ...Object.values(secrets), "test-key"]) {
    expect(values.has(secret), "no variable holds a secret").toBe(false);
  }
}

async function send(sessionId: string, text: string): Promise<void> {
  const response = await server.request("POST", `/api/sessions/${sessionId}/messages`, { body: { text } });
  expect(response.status).toBe(200);
}

describe("every child process", { timeout: 30_000 }, () => {
  it("a Bash command the agent runs", async () => {
    const session = await server.json<{ id: string }>("POST", "/api/sessions", {});
    server.fake.script(reply().toolCall("Bash", { command: "record-shell" }), reply().text("Ran it."));
    await send(session.id, "Run the recorder");
    expectInProjectWithoutSecrets(readChildProcessRecord(record("shell")));
  });

  it("a workflow's shell step", async () => {
    writeWorkflow(project, "record", "name: record\nsteps:\n  - id: record\n    run: record-workflow\n");
    const started = await server.json<WorkflowExecutionView>("POST", "/api/workflows/record/executions", {});
    await waitForWorkflow(events, started.execution_id, (data) => data.status === "Completed");
    expectInProjectWithoutSecrets(readChildProcessRecord(record("workflow")));
  });

  it("an MCP stdio server of the person's mcp.json", async () => {
    await server.server.context.mcp.settled();
    expectInProjectWithoutSecrets(readChildProcessRecord(record("mcp")));
  });

  it("an agent CLI answering a session, which gets a secret only when the person's settings pass it on", async () => {
    const session = await server.json<{ id: string }>("POST", "/api/sessions", { backend: "claude-code" });
    await send(session.id, "Hello");
    expectInProjectWithoutSecrets(readChildProcessRecord(record("claude-code")));

    await server.json("POST", "/api/settings", {
      agent_clis: { "claude-code": { pass_env: ["ANTHROPIC_API_KEY"] } },
    });
    await send(session.id, "Again");
    const env = readChildProcessRecord(record("claude-code"))?.env ?? {};
    expect(env.ANTHROPIC_API_KEY).toBe("test-key");
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.PARLEY_TOKEN).toBeUndefined();
    expect(env.PWD).toBe(project);
  });

  it("git, asked for the recently changed files", async () => {
    const response = await server.request("GET", "/api/workspace/structure?type=file_list&order=relevance");
    expect(response.status).toBe(200);
    expectInProjectWithoutSecrets(readChildProcessRecord(record("git")));
  });
});
