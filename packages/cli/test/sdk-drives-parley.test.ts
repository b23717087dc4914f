import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

/**
 * The official Claude Agent SDK (installed into interop/ by `npm test`'s pretest step) drives `parley run`
 * as its executable, against the fake model server: a program no one here wrote, using Parley as its engine.
 */

const bin = fileURLToPath(new URL("../bin/parley.js", import.meta.url));
const sdkModule = fileURLToPath(
  new URL("../../../interop/node_modules/@anthropic-ai/claude-agent-sdk/sdk.mjs", import.meta.url),
);

type Message = { type: string; subtype?: string; [key: string]: unknown };
type PermissionAnswer =
  | { behavior: "allow"; updatedInput: Record<string, unknown> }
  | { behavior: "deny"; message: string };
interface Query extends AsyncGenerator<Message> {
  interrupt(): Promise<void>;
  setMaxThinkingTokens(tokens: number | null): Promise<void>;
  setPermissionMode(mode: string): Promise<void>;
  mcpServerStatus(): Promise<unknown[]>;
  rewindFiles(userMessageId: string, options?: { dryRun?: boolean }): Promise<Record<string, unknown>>;
}
interface Sdk {
  query(input: { prompt: string | AsyncIterable<unknown>; options: Record<string, unknown> }): Query;
  tool(
    name: string,
    description: string,
    shape: Record<string, unknown>,
    handler: (args: Record<string, unknown>) => Promise<{ content: { type: "text"; text: string }[] }>,
  ): unknown;
  createSdkMcpServer(options: { name: string; version?: string; tools: unknown[] }): unknown;
}
/** The zod the SDK itself uses (its `tool()` takes a zod shape), from interop/ too. */
const interopZod = fileURLToPath(new URL("../../../interop/node_modules/zod/index.js", import.meta.url));

let sdk: Sdk;
let scratch: string;
let executable: string;
beforeAll(async () => {
  sdk = (await import(pathToFileURL(sdkModule).href)) as Sdk;
  scratch = await mkdtemp(join(tmpdir(), "parley-sdk-"));
  // The SDK spawns a path that does not end in .js directly, with the flags after it: `parley run <flags>`.
  executable = join(scratch, "parley-as-claude");
  await writeFile(executable, `#!/bin/sh\nexec "${process.execPath}" "${bin}" run "$@"\n`);
  await chmod(executable, 0o755);
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

let server: FakeModelServer;
let project: string;
let home: string;
beforeEach(async () => {
  server = await startFakeModelServer();
  project = await mkdtemp(join(scratch, "project-"));
  home = await mkdtemp(join(scratch, "home-"));
  await mkdir(join(home, ".parley"));
});
afterEach(async () => {
  await server.close();
});

function options(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    pathToClaudeCodeExecutable: executable,
    cwd: project,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: home,
      PARLEY_HOME: join(home, ".parley"),
      PARLEY_MODEL: "anthropic:claude-fake-1",
      ANTHROPIC_API_KEY: "sk-ant-fake",
      ANTHROPIC_BASE_URL: server.url,
    },
    ...extra,
  };
}

async function collect(query: AsyncIterable<Message>): Promise<Message[]> {
  const messages: Message[] = [];
  for await (const message of query) messages.push(message);
  return messages;
}

/** Yields user messages, each one after the previous turn's result (as a chat UI would send them). */
function conversation(texts: string[], results: { count: number; next?: () => void }) {
  return (async function* () {
    for (const [index, text] of texts.entries()) {
      if (index > 0 && results.count < index) await new Promise<void>((resolve) => (results.next = resolve));
      yield {
        type: "user",
        session_id: "",
        message: { role: "user", content: [{ type: "text", text }] },
        parent_tool_use_id: null,
      };
    }
  })();
}

function counting(
  query: Query,
  results: { count: number; next?: () => void },
  onMessage?: (m: Message) => void,
) {
  return (async function* () {
    for await (const message of query) {
      onMessage?.(message);
      yield message;
      if (message.type === "result") {
        results.count += 1;
        results.next?.();
      }
    }
  })();
}

const lastUserText = (index: number) => JSON.stringify(server.requests[index]?.body);

describe("the official Claude Agent SDK driving parley run", () => {
  it("streams an answer with partial messages and ends with one result", async () => {
    server.script(reply().text("Hello ").text("from Parley."));
    const messages = await collect(
      sdk.query({ prompt: "Say hello", options: options({ includePartialMessages: true }) }),
    );
    expect(messages.map((message) => message.type)).toContain("stream_event");
    expect(messages.find((message) => message.type === "system")).toMatchObject({
      subtype: "init",
      cwd: project,
    });
    expect(messages.at(-1)).toMatchObject({
      type: "result",
      subtype: "success",
      result: "Hello from Parley.",
    });
  });

  it("asks canUseTool before a Write: the allowed file lands, the denied one does not, and the model hears why", async () => {
    server.script(
      reply().toolCall("Write", { file_path: "allowed.txt", content: "yes\n" }),
      reply().toolCall("Write", { file_path: "denied.txt", content: "no\n" }),
      reply().text("One written, one refused."),
    );
    const asked: string[] = [];
    const canUseTool = async (
      toolName: string,
      input: Record<string, unknown>,
    ): Promise<PermissionAnswer> => {
      asked.push(`${toolName} ${String(input.file_path).split("/").at(-1)}`);
      return String(input.file_path).endsWith("allowed.txt")
        ? { behavior: "allow", updatedInput: { ...input, content: "yes, edited\n" } }
        : { behavior: "deny", message: "Not that file." };
    };
    const messages = await collect(
      sdk.query({ prompt: "Write two files", options: options({ canUseTool }) }),
    );
    expect(asked).toEqual(["Write allowed.txt", "Write denied.txt"]);
    expect(await readFile(join(project, "allowed.txt"), "utf8")).toBe("yes, edited\n");
    expect(existsSync(join(project, "denied.txt"))).toBe(false);
    expect(lastUserText(2)).toContain("Not that file.");
    expect(messages.at(-1)).toMatchObject({
      type: "result",
      subtype: "success",
      permission_denials: [expect.objectContaining({ tool_name: "Write" })],
    });
  });

  it("asks canUseTool for RunWorkflow and then for the workflow step's own command, and runs it", async () => {
    await mkdir(join(project, ".parley", "workflows"), { recursive: true });
    await writeFile(
      join(project, ".parley", "workflows", "stamp.yaml"),
      "name: stamp\nsteps:\n  - id: stamp\n    run: echo stamped > stamp.txt\n",
    );
    server.script(reply().toolCall("RunWorkflow", { name: "stamp" }), reply().text("Stamped."));
    const asked: string[] = [];
    const canUseTool = async (
      toolName: string,
      input: Record<string, unknown>,
    ): Promise<PermissionAnswer> => {
      asked.push(`${toolName} ${String(input.name ?? input.command)}`);
      return { behavior: "allow", updatedInput: input };
    };
    const messages = await collect(sdk.query({ prompt: "Stamp it", options: options({ canUseTool }) }));
    expect(asked).toEqual(["RunWorkflow stamp", "Bash echo stamped > stamp.txt"]);
    expect(await readFile(join(project, "stamp.txt"), "utf8")).toBe("stamped\n");
    expect(lastUserText(1)).toMatch(/stamp {2}Completed {2}1\/1/);
    expect(messages.at(-1)).toMatchObject({ type: "result", subtype: "success", result: "Stamped." });
  });

  it("passes the SDK's thinking and effort options to the model, and setMaxThinkingTokens changes them between turns", async () => {
    server.script(reply().text("Thought."), reply().text("Quick."));
    const results = { count: 0 } as { count: number; next?: () => void };
    const query = sdk.query({
      prompt: conversation(["Think hard", "Now quickly"], results),
      options: options({ thinking: { type: "enabled", budgetTokens: 3000 }, effort: "medium" }),
    });
    const messages = await collect(
      counting(query, results, (message) => {
        if (message.type === "result" && results.count === 0) void query.setMaxThinkingTokens(0);
      }),
    );
    expect(messages.filter((message) => message.type === "result")).toHaveLength(2);
    expect(server.requests[0]?.body).toMatchObject({
      thinking: { type: "enabled", budget_tokens: 3000 },
      output_config: { effort: "medium" },
    });
    expect(server.requests[1]?.body).toMatchObject({
      thinking: { type: "disabled" },
      output_config: { effort: "medium" },
    });
  });

  it("gives the SDK's outputFormat answer as the result's structured_output", async () => {
    const schema = { type: "object", properties: { colour: { type: "string" } }, required: ["colour"] };
    server.script(reply().toolCall("StructuredOutput", { colour: "blue" }), reply().text("Blue it is."));
    const messages = await collect(
      sdk.query({
        prompt: "Pick a colour",
        options: options({ outputFormat: { type: "json_schema", schema } }),
      }),
    );
    expect(messages.at(-1)).toMatchObject({
      type: "result",
      subtype: "success",
      structured_output: { colour: "blue" },
    });
  });

  it("interrupts a long answer at once, says so in the result, and keeps the session usable", async () => {
    server.script(reply().text("Counting: one").gate("hold").text(" two"), reply().text("Still here."));
    const results = { count: 0 } as { count: number; next?: () => void };
    const query = sdk.query({
      prompt: conversation(["Count slowly", "Are you there?"], results),
      options: options({ includePartialMessages: true }),
    });
    let interrupted = false;
    const messages = await collect(
      counting(query, results, (message) => {
        if (!interrupted && message.type === "stream_event") {
          interrupted = true;
          void server.waitForGate("hold").then(() => query.interrupt());
        }
      }),
    );
    const outcomes = messages.filter((message) => message.type === "result");
    expect(outcomes).toHaveLength(2);
    expect(outcomes[0]).toMatchObject({
      subtype: "error_during_execution",
      errors: ["Request interrupted by user"],
    });
    expect(outcomes[1]).toMatchObject({ subtype: "success", result: "Still here." });
  });

  it("answers each message of a streamed conversation in turn, remembering the earlier ones", async () => {
    server.script(reply().text("First answer."), reply().text("Second answer."));
    const results = { count: 0 } as { count: number; next?: () => void };
    const query = sdk.query({
      prompt: conversation(["My name is Ada.", "What is my name?"], results),
      options: options(),
    });
    const messages = await collect(counting(query, results));
    expect(messages.filter((message) => message.type === "result").map((message) => message.result)).toEqual([
      "First answer.",
      "Second answer.",
    ]);
    expect(lastUserText(1)).toContain("My name is Ada.");
    expect(lastUserText(1)).toContain("First answer.");
  });

  it("obeys a PreToolUse hook that blocks a shell command: the command never runs", async () => {
    const marker = join(project, "ran.txt");
    server.script(reply().toolCall("Bash", { command: `touch ${marker}` }), reply().text("Blocked, fine."));
    const seen: string[] = [];
    const hooks = {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            async (input: { tool_name: string; tool_input: { command: string } }) => {
              seen.push(`${input.tool_name}: ${input.tool_input.command}`);
              return { decision: "block", reason: "No shell commands in this project." };
            },
          ],
        },
      ],
    };
    const messages = await collect(
      sdk.query({ prompt: "Touch a file", options: options({ hooks, permissionMode: "bypassPermissions" }) }),
    );
    expect(seen).toEqual([`Bash: touch ${marker}`]);
    expect(existsSync(marker)).toBe(false);
    expect(lastUserText(1)).toContain("No shell commands in this project.");
    expect(messages.at(-1)).toMatchObject({ type: "result", subtype: "success" });
  });

  it("adds a UserPromptSubmit hook's context to the prompt, and a blocked prompt still gets its result", async () => {
    server.script(reply().text("In kilometres, then."));
    const hooks = {
      UserPromptSubmit: [
        {
          hooks: [
            async (input: { prompt: string }) =>
              input.prompt.includes("secret")
                ? { decision: "block", reason: "Prompts with secrets stay here." }
                : {
                    hookSpecificOutput: {
                      hookEventName: "UserPromptSubmit",
                      additionalContext: "The user prefers metric units.",
                    },
                  },
          ],
        },
      ],
    };
    const answered = await collect(sdk.query({ prompt: "How far is it?", options: options({ hooks }) }));
    expect(answered.at(-1)).toMatchObject({ type: "result", subtype: "success" });
    expect(lastUserText(0)).toContain("The user prefers metric units.");
    // The SDK turns the error result of a single prompt into an exception carrying its message.
    await expect(
      collect(sdk.query({ prompt: "Here is my secret", options: options({ hooks }) })),
    ).rejects.toThrow("A UserPromptSubmit hook blocked the prompt: Prompts with secrets stay here.");
    expect(server.requests).toHaveLength(1);
  });

  it("offers an SDK-hosted MCP tool to the model and runs it in the host when allowed", async () => {
    const { z } = (await import(pathToFileURL(interopZod).href)) as { z: { string(): unknown } };
    const calls: unknown[] = [];
    const weather = sdk.createSdkMcpServer({
      name: "weather",
      version: "1.0.0",
      tools: [
        sdk.tool("forecast", "The forecast for a city", { city: z.string() }, async (args) => {
          calls.push(args);
          return { content: [{ type: "text", text: `Sunny in ${String(args.city)}` }] };
        }),
      ],
    });
    server.script(
      reply().toolCall("mcp__weather__forecast", { city: "Lisbon" }),
      reply().text("It is sunny."),
    );
    const messages = await collect(
      sdk.query({
        prompt: "Weather in Lisbon?",
        options: options({ mcpServers: { weather }, allowedTools: ["mcp__weather__forecast"] }),
      }),
    );
    expect(calls).toEqual([{ city: "Lisbon" }]);
    const firstRequest = server.requests[0]?.body as { tools: { name: string; input_schema: unknown }[] };
    expect(firstRequest.tools.find((tool) => tool.name === "mcp__weather__forecast")).toMatchObject({
      input_schema: { type: "object", properties: { city: { type: "string" } } },
    });
    expect(lastUserText(1)).toContain("Sunny in Lisbon");
    expect(messages.at(-1)).toMatchObject({ type: "result", subtype: "success", result: "It is sunny." });
  });

  it("changes the permission mode mid-session with setPermissionMode", async () => {
    const file = join(project, "notes.txt");
    server.script(
      reply().toolCall("Write", { file_path: "notes.txt", content: "first\n" }),
      reply().text("Refused."),
      reply().toolCall("Write", { file_path: "notes.txt", content: "second\n" }),
      reply().text("Written."),
    );
    const results = { count: 0 } as { count: number; next?: () => void };
    const query = sdk.query({
      prompt: conversation(["Write it", "Write it now"], results),
      options: options(),
    });
    const messages = await collect(
      counting(query, results, (message) => {
        if (message.type === "result" && results.count === 0) void query.setPermissionMode("acceptEdits");
      }),
    );
    const outcomes = messages.filter((message) => message.type === "result");
    expect(outcomes.map((message) => (message.permission_denials as unknown[]).length)).toEqual([1, 0]);
    expect(await readFile(file, "utf8")).toBe("second\n");
  });

  it("rewinds the files a turn wrote with rewindFiles, as the SDK's file checkpointing guide does, also after a resume", async () => {
    await writeFile(join(project, "a.txt"), "version one\n");
    server.script(
      reply().toolCall("Write", { file_path: "a.txt", content: "version two\n" }),
      reply().toolCall("Write", { file_path: "made.txt", content: "new\n" }),
      reply().text("Changed."),
      reply().toolCall("Write", { file_path: "a.txt", content: "version three\n" }),
      reply().text("Changed again."),
    );
    const checkpointing = {
      enableFileCheckpointing: true,
      permissionMode: "acceptEdits",
      extraArgs: { "replay-user-messages": null },
    };
    // Two turns; the replayed user messages carry the checkpoints' uuids. Input stays open for the rewind.
    const results = { count: 0 };
    const replayed: string[] = [];
    let rewound = () => {};
    const input = (async function* () {
      yield* conversation(["Change a.txt", "Change it again"], results);
      await new Promise<void>((resolve) => (rewound = resolve));
    })();
    const first = sdk.query({ prompt: input, options: options(checkpointing) });
    let sessionId = "";
    let answered = 0;
    for await (const message of counting(first, results)) {
      if (message.type === "user" && message.isReplay === true) replayed.push(message.uuid as string);
      if (message.type !== "result") continue;
      sessionId = message.session_id as string;
      answered += 1;
      if (answered === 2) {
        // Back to before the second message: only its change is undone.
        expect(await first.rewindFiles(replayed[1] as string)).toMatchObject({
          canRewind: true,
          filesChanged: ["a.txt"],
        });
        expect(await readFile(join(project, "a.txt"), "utf8")).toBe("version two\n");
        rewound();
      }
    }
    expect(replayed).toHaveLength(2);
    expect(existsSync(join(project, "made.txt"))).toBe(true);

    // A later process resumes the session and rewinds to before the first message (the guide's flow).
    let done = () => {};
    const idle = (async function* () {
      await new Promise<void>((resolve) => (done = resolve));
    })();
    const resumed = sdk.query({ prompt: idle, options: options({ ...checkpointing, resume: sessionId }) });
    const reading = collect(resumed);
    expect(await resumed.rewindFiles(replayed[0] as string, { dryRun: true })).toEqual({
      canRewind: true,
      filesChanged: ["a.txt", "made.txt"],
      insertions: 1,
      deletions: 2,
    });
    expect(await readFile(join(project, "a.txt"), "utf8")).toBe("version two\n");
    expect(await resumed.rewindFiles(replayed[0] as string)).toMatchObject({ canRewind: true });
    expect(await readFile(join(project, "a.txt"), "utf8")).toBe("version one\n");
    expect(existsSync(join(project, "made.txt"))).toBe(false);
    // A message that started no checkpoint: a dry run says so, a rewind is refused.
    expect(await resumed.rewindFiles("no-such-message", { dryRun: true })).toEqual({
      canRewind: false,
      error: "No file checkpoint found for this message.",
    });
    await expect(resumed.rewindFiles("no-such-message")).rejects.toThrow(
      "No file checkpoint found for this message.",
    );
    done();
    await reading;
  });

  it("answers rewindFiles without file checkpointing as Claude Code does: not enabled", async () => {
    let done = () => {};
    const idle = (async function* () {
      await new Promise<void>((resolve) => (done = resolve));
    })();
    const query = sdk.query({ prompt: idle, options: options() });
    const reading = collect(query);
    expect(await query.rewindFiles("any", { dryRun: true })).toEqual({
      canRewind: false,
      error: "File rewinding is not enabled.",
    });
    done();
    await reading;
  });

  it("resumes a finished session by id: the model sees the earlier conversation", async () => {
    server.script(reply().text("The code word is heron."), reply().text("It was heron."));
    const first = await collect(sdk.query({ prompt: "Pick a code word", options: options() }));
    const sessionId = first.at(-1)?.session_id as string;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const second = await collect(
      sdk.query({ prompt: "What was it?", options: options({ resume: sessionId }) }),
    );
    expect(second.at(-1)).toMatchObject({ type: "result", result: "It was heron.", session_id: sessionId });
    expect(lastUserText(1)).toContain("The code word is heron.");
  });
});
