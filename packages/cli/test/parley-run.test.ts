import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeModelServer, httpError, reply, serverError, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anthropicEnv, decodeLines, runParley } from "./support/run-parley.ts";

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "parley-cli-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

function parley(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) {
  return runParley(scratch, args, options);
}

/** A fresh fake model server per test, so the tests can run side by side. */
async function withServer(test: (server: FakeModelServer) => Promise<void>): Promise<void> {
  const server = await startFakeModelServer();
  try {
    await test(server);
  } finally {
    await server.close();
  }
}

describe.concurrent("parley run against the fake model server", () => {
  it("prints the answer in text mode and exits 0", () =>
    withServer(async (server) => {
      server.script(reply().text("hello ").text("world"));

      const run = await parley(["run", "hi", "--model", "anthropic:claude-fake-1"], {
        env: anthropicEnv(server),
      });

      expect(run).toEqual({ code: 0, stdout: "hello world\n", stderr: "" });
      expect(server.requests[0]?.body).toMatchObject({
        model: "claude-fake-1",
        messages: [{ role: "user" }],
      });
    }));

  it("prints the single result object in json mode", () =>
    withServer(async (server) => {
      server.script(reply().text("hello").usage({ input: 12, output: 5 }));

      const run = await parley(
        ["-p", "hi", "--output-format", "json", "--model", "anthropic:claude-opus-5-5"],
        {
          env: anthropicEnv(server),
        },
      );

      expect(run.code).toBe(0);
      const lines = decodeLines(run.stdout);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        kind: "message",
        message: {
          type: "result",
          subtype: "success",
          result: "hello",
          num_turns: 1,
          total_cost_usd: 0.000148,
          usage: { input_tokens: 12, output_tokens: 5 },
        },
      });
    }));

  it("writes one SDK message per line in stream-json mode, every line decodable", () =>
    withServer(async (server) => {
      server.script(reply().thinking("Hmm.").text("hello"));

      const run = await parley(
        ["-p", "--output-format", "stream-json", "--verbose", "--include-partial-messages", "hi"],
        { env: anthropicEnv(server) },
      );

      expect(run.code).toBe(0);
      const lines = decodeLines(run.stdout);
      expect(lines.every((line) => line.kind === "message")).toBe(true);
      const kinds = lines.map((line) => (line.kind === "message" ? line.message.type : line.kind));
      expect(kinds[0]).toBe("system");
      expect(kinds.at(-1)).toBe("result");
      expect(kinds.filter((kind) => kind === "assistant")).toHaveLength(2);
      expect(kinds).toContain("stream_event");
      expect(lines[0]).toMatchObject({
        message: {
          subtype: "init",
          cwd: scratch,
          model: "claude-opus-5-5",
          apiKeySource: "ANTHROPIC_API_KEY",
        },
      });
    }));

  it("talks to OpenAI when OPENAI_API_KEY is the only key, at OPENAI_BASE_URL", () =>
    withServer(async (server) => {
      server.script(reply().text("from openai"));

      const run = await parley(["run", "hi"], {
        env: { OPENAI_API_KEY: "sk-fake", OPENAI_BASE_URL: server.openaiBaseUrl },
      });

      expect(run).toMatchObject({ code: 0, stdout: "from openai\n" });
      expect(server.requests[0]).toMatchObject({
        route: "openai_chat_completions",
        body: { model: "gpt-5.5" },
      });
    }));

  it("uses an OpenAI-compatible endpoint and model from settings.json", () =>
    withServer(async (server) => {
      server.script(reply().text("from the local model"));
      const home = await mkdtemp(join(scratch, "settings-"));
      await mkdir(home, { recursive: true });
      await writeFile(
        join(home, "settings.json"),
        JSON.stringify({
          model: "local:qwen3:8b",
          providers: { openai_compatible: [{ id: "local", base_url: server.openaiBaseUrl }] },
        }),
      );

      const run = await parley(["run", "hi"], { env: { PARLEY_HOME: home } });

      expect(run).toMatchObject({ code: 0, stdout: "from the local model\n" });
      expect(server.requests[0]?.body).toMatchObject({ model: "qwen3:8b" });
    }));

  it("reads the prompt from stdin when none is given", () =>
    withServer(async (server) => {
      server.script(reply().text("got it"));

      const run = await parley(["-p"], { env: anthropicEnv(server), stdin: "summarise this\n" });

      expect(run).toMatchObject({ code: 0, stdout: "got it\n" });
      expect(JSON.stringify(server.requests[0]?.body)).toContain("summarise this");
    }));

  it("exits 1 with the API error as the result when the API rejects the request", () =>
    withServer(async (server) => {
      server.script(httpError(400, { message: "fake: bad request for testing" }));

      const run = await parley(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
        env: anthropicEnv(server),
      });

      expect(run.code).toBe(1);
      const last = decodeLines(run.stdout).at(-1);
      expect(last).toMatchObject({
        kind: "message",
        message: {
          type: "result",
          is_error: true,
          api_error_status: 400,
          result: "API Error: 400 fake: bad request for testing",
        },
      });
    }));

  it("exits 1 and says why on stderr when the turn runs out of turns", () =>
    withServer(async (server) => {
      server.script(reply().toolCall("Bash", { command: "ls" }));

      const run = await parley(["run", "--max-turns", "1", "list files"], { env: anthropicEnv(server) });

      expect(run).toEqual({ code: 1, stdout: "", stderr: "Error: Reached maximum number of turns (1)\n" });
    }));

  it("switches to --fallback-model when the model keeps failing, and says so with --verbose", () =>
    withServer(async (server) => {
      // retry-after: 0 keeps the ten retries instant; the backoff itself is the engine's unit test.
      server.when({ model: "claude-broken" }, serverError(529, { retryAfterSeconds: 0 }));
      server.when({ model: "gpt-fallback" }, reply().text("fallback answer"));

      const run = await parley(
        [
          "run",
          "hi",
          "--verbose",
          "--model",
          "anthropic:claude-broken",
          "--fallback-model",
          "openai:gpt-fallback",
        ],
        {
          env: { ...anthropicEnv(server), OPENAI_API_KEY: "sk-fake", OPENAI_BASE_URL: server.openaiBaseUrl },
        },
      );

      expect(run.code).toBe(0);
      expect(run.stdout).toBe("fallback answer\n");
      expect(run.stderr).toContain("parley: switched from anthropic:claude-broken to openai:gpt-fallback");
    }));
});

describe.concurrent("parley run's tools and permissions", () => {
  /** A fresh project folder for one test. */
  const project = () => mkdtemp(join(scratch, "project-"));

  function toolResults(stdout: string): { tool_use_id: string; content: string; is_error?: boolean }[] {
    return decodeLines(stdout).flatMap((line) =>
      line.kind === "message" && line.message.type === "user" && Array.isArray(line.message.message.content)
        ? (line.message.message.content as { type: string }[]).filter((block) => block.type === "tool_result")
        : [],
    ) as unknown as { tool_use_id: string; content: string; is_error?: boolean }[];
  }

  it("refuses a command nobody allowed and tells the model how the user can allow it", () =>
    withServer(async (server) => {
      server.script(
        reply().toolCall("Bash", { command: "echo hi" }, { id: "call_sh" }),
        reply().text("I was not allowed to run it."),
      );

      const run = await parley(
        ["-p", "say hi", "--output-format", "stream-json", "--verbose", "--cwd", await project()],
        {
          env: anthropicEnv(server),
        },
      );

      expect(run.code).toBe(0);
      const [result] = toolResults(run.stdout);
      expect(result).toMatchObject({ tool_use_id: "call_sh", is_error: true });
      expect(result?.content).toMatch(
        /^Parley requested permission to use Bash \(it runs a shell command\), but the user has not granted it\./,
      );
      expect(result?.content).toContain('--allowedTools "Bash(echo hi)"');
      expect(JSON.stringify(server.requests[1]?.body)).toContain("the user has not granted it");
    }));

  it("runs a command allowed with --allowedTools", () =>
    withServer(async (server) => {
      server.script(
        reply().toolCall("Bash", { command: "echo hi" }, { id: "call_sh" }),
        reply().text("It said hi."),
      );

      const run = await parley(
        [
          "-p",
          "say hi",
          "--output-format",
          "stream-json",
          "--verbose",
          "--allowedTools",
          "Bash(echo hi)",
          "--cwd",
          await project(),
        ],
        { env: anthropicEnv(server) },
      );

      expect(run.code).toBe(0);
      expect(toolResults(run.stdout)).toEqual([
        { type: "tool_result", tool_use_id: "call_sh", content: "hi" },
      ]);
    }));

  it("runs commands in the project without Parley's API keys, passing on only what settings.shell names", () =>
    withServer(async (server) => {
      const cwd = await project();
      const home = await mkdtemp(join(scratch, "settings-"));
      await writeFile(
        join(home, "settings.json"),
        JSON.stringify({ shell: { pass_env: ["OPENAI_API_KEY"] } }),
      );
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, run by /bin/sh
      const command = 'echo "$PWD|${ANTHROPIC_API_KEY:-withheld}|$OPENAI_API_KEY|$PERSON_VARIABLE"';
      server.script(reply().toolCall("Bash", { command }, { id: "call_env" }), reply().text("Done."));

      const run = await parley(
        [
          "-p",
          "show it",
          "--output-format",
          "stream-json",
          "--verbose",
          "--allowedTools",
          "Bash",
          "--cwd",
          cwd,
        ],
        {
          env: {
            ...anthropicEnv(server),
            OPENAI_API_KEY: "sk-openai-passed-on",
            PERSON_VARIABLE: "kept",
            PARLEY_HOME: home,
          },
        },
      );

      expect(run.code, run.stderr).toBe(0);
      expect(toolResults(run.stdout)).toEqual([
        { type: "tool_result", tool_use_id: "call_env", content: `${cwd}|withheld|sk-openai-passed-on|kept` },
      ]);
    }));

  it("writes files in acceptEdits mode", () =>
    withServer(async (server) => {
      const cwd = await project();
      server.script(
        reply().toolCall("Write", { file_path: "notes/todo.md", content: "- ship\n" }, { id: "call_w" }),
        reply().text("Written."),
      );

      const run = await parley(["run", "write it", "--permission-mode", "acceptEdits", "--cwd", cwd], {
        env: anthropicEnv(server),
      });

      expect(run).toMatchObject({ code: 0, stdout: "Written.\n" });
      expect(await readFile(join(cwd, "notes/todo.md"), "utf8")).toBe("- ship\n");
    }));

  it("asks for a plan and refuses changes in plan mode", () =>
    withServer(async (server) => {
      const cwd = await project();
      server.script(
        reply().toolCall("Write", { file_path: "a.txt", content: "x" }, { id: "call_w" }),
        reply().text("Plan: none needed."),
      );

      const run = await parley(
        [
          "-p",
          "change a.txt",
          "--output-format",
          "stream-json",
          "--verbose",
          "--permission-mode",
          "plan",
          "--cwd",
          cwd,
        ],
        {
          env: anthropicEnv(server),
        },
      );

      expect(run.code).toBe(0);
      expect(decodeLines(run.stdout)[0]).toMatchObject({
        message: { subtype: "init", permissionMode: "plan" },
      });
      expect(JSON.stringify(server.requests[0]?.body)).toContain("# Plan mode");
      expect(toolResults(run.stdout)[0]?.content).toContain("Parley is in plan mode, so Write did not run");
      await expect(readFile(join(cwd, "a.txt"), "utf8")).rejects.toThrow("ENOENT");
    }));

  it("offers the model Parley's tools, without those --disallowedTools names", () =>
    withServer(async (server) => {
      server.script(reply().text("ok"));

      const run = await parley(
        ["run", "hi", "--disallowedTools", "Bash,Task,RunWorkflow", "--cwd", await project()],
        {
          env: anthropicEnv(server),
        },
      );

      expect(run.code).toBe(0);
      const body = server.requests[0]?.body as { tools?: { name: string }[] } | undefined;
      const tools = body?.tools ?? [];
      expect(tools.map((tool) => tool.name)).toEqual([
        "Read",
        "LS",
        "Glob",
        "Grep",
        "Write",
        "Edit",
        "ProjectStructure",
      ]);
    }));

  it("rejects a tool rule it cannot read", async () => {
    const run = await parley(["run", "--allowedTools", "Bash(ls", "hi"]);

    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--allowedTools: "Bash(ls" is not a tool rule');
  });
});

describe.concurrent("parley without a configured model", () => {
  it("answers with the offline demo model", async () => {
    const run = await parley(["run", "what can you do?"]);

    expect(run.code).toBe(0);
    expect(run.stdout).toContain("demo model");
    expect(run.stdout).toContain("> what can you do?");
  });

  it("names the settings file in PARLEY_HOME, not ~/.parley, when PARLEY_HOME is set", async () => {
    const home = join(scratch, "elsewhere-home");
    const run = await parley(["run", "how do I set a model?"], { env: { PARLEY_HOME: home } });

    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`\`${join(home, "settings.json")}\``);
    expect(run.stdout).not.toContain("~/.parley");
  });
});

describe.concurrent("a bad command line", () => {
  it("exits 2 with the problem on stderr and nothing on stdout", async () => {
    const run = await parley(["run", "--output-format", "yaml", "hi"]);

    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'parley: --output-format must be one of text, json, stream-json (got "yaml")\nRun "parley --help" for usage.\n',
    });
  });
});
