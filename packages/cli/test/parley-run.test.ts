import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { decodeSdkMessage } from "@parley/protocol";
import { type FakeModelServer, httpError, reply, serverError, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../bin/parley.js", import.meta.url));

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "parley-cli-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the real `parley` binary with only the environment given (no keys leak in from the test runner). */
async function parley(
  args: string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): Promise<Run> {
  const home = await mkdtemp(join(scratch, "home-"));
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: scratch,
    env: { PATH: process.env.PATH ?? "", HOME: home, PARLEY_HOME: join(home, ".parley"), ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stdin.end(options.stdin ?? "");
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout, stderr };
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

const anthropicEnv = (server: FakeModelServer) => ({
  ANTHROPIC_API_KEY: "sk-ant-fake",
  ANTHROPIC_BASE_URL: server.url,
});

function decodeLines(stdout: string) {
  return stdout
    .trimEnd()
    .split("\n")
    .map((line) => decodeSdkMessage(line));
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

describe.concurrent("parley without a configured model", () => {
  it("answers with the offline demo model", async () => {
    const run = await parley(["run", "what can you do?"]);

    expect(run.code).toBe(0);
    expect(run.stdout).toContain("demo model");
    expect(run.stdout).toContain("> what can you do?");
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
