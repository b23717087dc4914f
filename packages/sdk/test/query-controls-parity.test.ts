import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { reply } from "@parley/testkit";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { beforeAll, describe, expect, it } from "vitest";
import * as parley from "../src/query/index.ts";
import { useCliSession } from "./support/cli-session.ts";

/**
 * One program, two hosts, one CLI: the official Claude Agent SDK's `query()` and Parley's drive `parley run`
 * with the same `Query` controls, and what each control does (the next turn's tools, the status, the
 * answers) must be the same.
 */

const bin = fileURLToPath(new URL("../../cli/bin/parley.js", import.meta.url));
const officialModule = fileURLToPath(
  new URL("../../../interop/node_modules/@anthropic-ai/claude-agent-sdk/sdk.mjs", import.meta.url),
);

type Message = { type: string; subtype?: string; [key: string]: unknown };
type UserMessage = {
  type: "user";
  session_id: string;
  message: { role: "user"; content: { type: "text"; text: string }[] };
  parent_tool_use_id: null;
};
/** The controls both `Query`s offer, as the official d.ts declares them. */
interface Query extends AsyncGenerator<Message, void> {
  setMcpServers(servers: Record<string, unknown>): Promise<unknown>;
  toggleMcpServer(name: string, enabled: boolean): Promise<void>;
  reconnectMcpServer(name: string): Promise<void>;
  readMcpResource(name: string, uri: string): Promise<unknown>;
  mcpServerStatus(): Promise<{ name: string; status: string }[]>;
  supportedAgents(): Promise<unknown>;
  initializationResult(): Promise<Record<string, unknown>>;
  reinitialize(): Promise<Record<string, unknown>>;
  accountInfo(): Promise<unknown>;
  readFile(path: string, options?: { maxBytes?: number }): Promise<unknown>;
  seedReadState(path: string, mtime: number): Promise<void>;
  streamInput(stream: AsyncIterable<UserMessage>): Promise<void>;
  rewindFiles(id: string, options?: { dryRun?: boolean }): Promise<unknown>;
  applyFlagSettings(settings: Record<string, unknown>): Promise<void>;
  updateSettings(source: "localSettings", settings: Record<string, unknown>): Promise<void>;
  reloadPlugins(): Promise<unknown>;
  reloadSkills(): Promise<unknown>;
  reloadOutputStyles(): Promise<unknown>;
  stopTask(taskId: string): Promise<void>;
  backgroundTasks(toolUseId?: string): Promise<boolean>;
  setMcpPermissionModeOverride(name: string, mode: "default"): Promise<unknown>;
  usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(): Promise<unknown>;
}
type QueryFunction = (input: {
  prompt: AsyncIterable<UserMessage>;
  options: Record<string, unknown>;
}) => Query;

const session = useCliSession("query-controls");
let hosts: Record<"official" | "parley", QueryFunction>;
let executable: string;
beforeAll(async () => {
  const official = await import(pathToFileURL(officialModule).href);
  hosts = { official: official.query, parley: parley.query as unknown as QueryFunction };
  executable = join(session.scratch, "parley-run");
  await writeFile(executable, `#!/bin/sh\nexec "${process.execPath}" "${bin}" run "$@"\n`);
  await chmod(executable, 0o755);
});

function userMessage(text: string): UserMessage {
  return {
    type: "user",
    session_id: "",
    message: { role: "user", content: [{ type: "text", text }] },
    parent_tool_use_id: null,
  };
}

/** A prompt stream the test feeds one message at a time; `end` closes it. */
function inbox() {
  const queue: (UserMessage | undefined)[] = [];
  let wake: (() => void) | undefined;
  return {
    push(message: UserMessage | undefined) {
      queue.push(message);
      wake?.();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const message = queue.shift();
        if (message === undefined) return;
        yield message;
      }
    },
  };
}

/**
 * Reads the query's messages in the background; `nextResult` waits for the next turn's result, `until` for
 * a message matching.
 */
function reader(query: Query) {
  const all: Message[] = [];
  const results: Message[] = [];
  let waiting: ((result: Message) => void) | undefined;
  let seen: (() => void) | undefined;
  const done = (async () => {
    for await (const message of query) {
      all.push(message);
      seen?.();
      if (message.type !== "result") continue;
      results.push(message);
      waiting?.(message);
    }
  })();
  return {
    all,
    done,
    async until(predicate: (message: Message) => boolean): Promise<Message> {
      for (;;) {
        const found = all.find(predicate);
        if (found !== undefined) return found;
        await new Promise<void>((resolve) => (seen = resolve));
      }
    },
    nextResult(): Promise<Message> {
      const seen = results.length;
      return new Promise((resolve) => {
        waiting = (result) => {
          if (results.length > seen) resolve(result);
        };
      });
    },
  };
}

/** Starts `query` on `parley run` in the session's project with a prompt stream the test feeds. */
function start(query: QueryFunction, options: Record<string, unknown> = {}) {
  const input = inbox();
  const q = query({
    prompt: input,
    options: {
      pathToClaudeCodeExecutable: executable,
      cwd: session.project,
      env: session.env({
        PARLEY_HOME: join(session.home, ".parley"),
        PARLEY_MODEL: "anthropic:claude-fake-1",
      }),
      ...options,
    },
  });
  return { input, q, messages: reader(q) };
}

async function failure(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return "no error";
  } catch (error) {
    return (error as Error).message;
  }
}

const FIXTURE_TOOLS = /^mcp__fixture__/;

describe("the Query controls through the official SDK and Parley's query(), against parley run", {
  timeout: 240_000,
}, () => {
  /** The program both hosts run; returns what a user of it would see. */
  async function program(query: QueryFunction) {
    await writeFile(join(session.project, "notes.txt"), "the project's notes\n");
    const { input, q, messages } = start(query);
    const toolsOfNextTurn = async (text: string) => {
      const first = session.server.requests.length;
      session.server.script(reply().text(`answer to ${text}`));
      const result = messages.nextResult();
      input.push(userMessage(text));
      await result;
      const body = session.server.requests[first]?.body as { tools?: { name: string }[] };
      return (body.tools ?? []).map((tool) => tool.name).filter((name) => FIXTURE_TOOLS.test(name));
    };
    const fixture = { type: "stdio", command: process.execPath, args: [FIXTURE_MCP_SERVER] };
    const statusOf = async (name: string) =>
      (await q.mcpServerStatus()).find((server) => server.name === name)?.status;

    const outcome: Record<string, unknown> = {};
    outcome.toolsBefore = await toolsOfNextTurn("first");
    outcome.added = await q.setMcpServers({ fixture });
    outcome.statusAdded = await statusOf("fixture");
    outcome.toolsAdded = await toolsOfNextTurn("second");
    await q.toggleMcpServer("fixture", false);
    outcome.statusOff = await statusOf("fixture");
    outcome.toolsOff = await toolsOfNextTurn("third");
    await q.toggleMcpServer("fixture", true);
    await q.reconnectMcpServer("fixture");
    outcome.statusOn = await statusOf("fixture");
    outcome.resource = await q.readMcpResource("fixture", "fixture://readme");
    outcome.reconnectUnknown = await failure(() => q.reconnectMcpServer("nowhere"));
    outcome.agents = await q.supportedAgents();
    // initialize again: the same answer, and the servers are not started a second time.
    const again = await q.reinitialize();
    outcome.reinitialized = {
      samePid: again.pid === (await q.initializationResult()).pid,
      sameModels: JSON.stringify(again.models) === JSON.stringify((await q.initializationResult()).models),
      fixtures: (await q.mcpServerStatus()).filter((server) => server.name === "fixture").length,
    };
    outcome.account = await q.accountInfo();
    outcome.file = await q.readFile("notes.txt");
    outcome.fileAbsolute = (
      (await q.readFile(join(session.project, "notes.txt"))) as { contents?: string }
    )?.contents;
    outcome.fileOutside = await q.readFile("../outside.txt");
    await q.seedReadState("notes.txt", Date.now());
    // Without the SDK's enableFileCheckpointing: Claude Code's "not enabled", not an unknown subtype.
    outcome.rewindNotEnabled = await failure(() => q.rewindFiles("11111111-1111-4111-8111-111111111111"));
    outcome.unsupported = {
      applyFlagSettings: await failure(() => q.applyFlagSettings({ model: "claude-fake-2" })),
      updateSettings: await failure(() => q.updateSettings("localSettings", { outputStyle: "x" })),
      reloadPlugins: await failure(() => q.reloadPlugins()),
      reloadSkills: await failure(() => q.reloadSkills()),
      reloadOutputStyles: await failure(() => q.reloadOutputStyles()),
      backgroundTasks: await failure(() => q.backgroundTasks()),
      setMcpPermissionModeOverride: await failure(() => q.setMcpPermissionModeOverride("fixture", "default")),
      usage: await failure(() => q.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET()),
    };
    outcome.removed = await q.setMcpServers({});
    outcome.statusRemoved = await statusOf("fixture");
    // streamInput feeds another turn alongside the prompt stream.
    const streamed = messages.nextResult();
    session.server.script(reply().text("streamed answer"));
    await q.streamInput(
      (async function* () {
        yield userMessage("streamed");
      })(),
    );
    outcome.streamed = (await streamed).result;
    input.push(undefined);
    await messages.done;
    return outcome;
  }

  it("adds, switches off and on, reconnects and removes MCP servers, reads files and names what it cannot do, alike", async () => {
    const official = await program(hosts.official);
    const ours = await program(hosts.parley);
    const unsupported = (subtype: string) => `Unsupported control request subtype: ${subtype}`;
    expect(official).toEqual({
      toolsBefore: [],
      added: { added: ["fixture"], removed: [], errors: {} },
      statusAdded: "connected",
      toolsAdded: expect.arrayContaining(["mcp__fixture__lookup", "mcp__fixture__wipe"]),
      statusOff: "disabled",
      toolsOff: [],
      statusOn: "connected",
      resource: {
        contents: [{ uri: "fixture://readme", mimeType: "text/plain", text: "The fixture server's readme." }],
      },
      reconnectUnknown: "no MCP server named nowhere",
      agents: [{ name: "general-purpose", description: expect.stringContaining("General-purpose agent") }],
      reinitialized: { samePid: true, sameModels: true, fixtures: 1 },
      account: { apiProvider: "firstParty", apiKeySource: "ANTHROPIC_API_KEY", provider: "anthropic" },
      file: expect.objectContaining({ contents: "the project's notes\n", truncated: false, lossy: false }),
      fileAbsolute: "the project's notes\n",
      fileOutside: null,
      rewindNotEnabled: "File rewinding is not enabled.",
      unsupported: {
        applyFlagSettings: unsupported("apply_flag_settings"),
        updateSettings: unsupported("update_settings"),
        reloadPlugins: unsupported("reload_plugins"),
        reloadSkills: unsupported("reload_skills"),
        reloadOutputStyles: unsupported("reload_output_styles"),
        backgroundTasks: unsupported("background_tasks"),
        setMcpPermissionModeOverride: unsupported("set_mcp_permission_mode_override"),
        usage: unsupported("get_usage"),
      },
      removed: { added: [], removed: ["fixture"], errors: {} },
      statusRemoved: undefined,
      streamed: "streamed answer",
    });
    // Each project is a fresh folder: the file's absolute path differs, nothing else may.
    const comparable = (outcome: Record<string, unknown>) => ({
      ...outcome,
      file: { ...(outcome.file as object), absPath: "(project)/notes.txt" },
    });
    expect(comparable(ours)).toEqual(comparable(official));
  });

  /** A turn whose subagent hangs until the host stops it with stopTask; returns what the host saw. */
  async function stoppingProgram(query: QueryFunction) {
    const { input, q, messages } = start(query);
    const first = session.server.requests.length;
    session.server.script(
      reply().toolCall("Task", {
        description: "Look around",
        prompt: "Search the project",
        subagent_type: "general-purpose",
      }),
      reply().gate("subagent").text("The subagent never gets this far."),
      reply().text("Stopped, as asked."),
    );
    const result = messages.nextResult();
    input.push(userMessage("Look around with a subagent"));
    const started = await messages.until((message) => message.subtype === "task_started");
    await session.server.waitForGate("subagent");
    const stopUnknown = await failure(() => q.stopTask("task_nowhere"));
    await q.stopTask(started.task_id as string);
    const finished = await result;
    const notification = messages.all.find((message) => message.subtype === "task_notification");
    input.push(undefined);
    await messages.done;
    return {
      stopUnknown,
      notification: { status: notification?.status, sameTask: notification?.task_id === started.task_id },
      toolResultToModel: JSON.stringify(session.server.requests[first + 2]?.body).includes(
        "stopped the subagent",
      ),
      result: finished.result,
    };
  }

  /** A turn that hands work to a subagent the host named in the `agents` option; returns what it saw. */
  async function agentsProgram(query: QueryFunction) {
    const { input, q, messages } = start(query, {
      agents: {
        reviewer: {
          description: "Reviews what it is given",
          prompt: "You review code and say what is wrong.",
          tools: ["Read", "Grep"],
        },
      },
    });
    const first = session.server.requests.length;
    session.server.script(
      reply().toolCall("Task", {
        description: "Review",
        prompt: "Review notes.txt",
        subagent_type: "reviewer",
      }),
      reply().text("Nothing is wrong."),
      reply().text("The reviewer found nothing wrong."),
    );
    const agents = await q.supportedAgents();
    const result = messages.nextResult();
    input.push(userMessage("Have the reviewer look"));
    const finished = await result;
    input.push(undefined);
    await messages.done;
    type Body = { system?: unknown; tools?: { name: string; description?: string }[] };
    const parent = session.server.requests[first]?.body as Body;
    const child = session.server.requests[first + 1]?.body as Body;
    return {
      agents,
      offered: parent.tools
        ?.find((tool) => tool.name === "Task")
        ?.description?.includes("- reviewer: Reviews what it is given"),
      childPrompt: JSON.stringify(child.system).includes("You review code and say what is wrong."),
      childTools: child.tools?.map((tool) => tool.name).sort(),
      result: finished.result,
    };
  }

  it("runs a subagent the host named in the agents option, with its prompt and tools, alike", async () => {
    const official = await agentsProgram(hosts.official);
    const ours = await agentsProgram(hosts.parley);
    expect(official).toEqual({
      agents: [
        { name: "general-purpose", description: expect.any(String) },
        { name: "reviewer", description: "Reviews what it is given" },
      ],
      offered: true,
      childPrompt: true,
      childTools: ["Grep", "Read"],
      result: "The reviewer found nothing wrong.",
    });
    expect(ours).toEqual(official);
  });

  it("stops a running subagent with stopTask, and the turn that started it goes on, alike", async () => {
    const official = await stoppingProgram(hosts.official);
    const ours = await stoppingProgram(hosts.parley);
    expect(official).toEqual({
      stopUnknown: "no running task with id task_nowhere",
      notification: { status: "stopped", sameTask: true },
      toolResultToModel: true,
      result: "Stopped, as asked.",
    });
    expect(ours).toEqual(official);
  });
});
