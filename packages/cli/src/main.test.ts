import { describe, expect, it } from "vitest";
import { runMain } from "../test/support/run-main.ts";

/** Runs `parley …` in-process with an environment with no keys. */
const run = (argv: string[]) => runMain(argv, { PARLEY_HOME: "/nonexistent/parley-home" });

describe("parley's command line", () => {
  it.each([
    [
      ["run", "--output-format", "yaml", "hi"],
      '--output-format must be one of text, json, stream-json (got "yaml")',
    ],
    [["run", "--max-turns", "two", "hi"], '--max-turns must be a positive whole number (got "two")'],
    [["run", "--frobnicate", "hi"], "Unknown option '--frobnicate'"],
    [
      ["run", "--model", "gpt-5", "hi"],
      '"gpt-5" is not a model reference: write provider:model, e.g. "openai:gpt-5"',
    ],
    [
      ["run", "--model", "anthropic:claude-opus-5-5", "hi"],
      "anthropic:claude-opus-5-5 needs an API key: set ANTHROPIC_API_KEY",
    ],
    [["run", "--fallback-model", "nowhere:x", "hi"], 'Unknown provider "nowhere"'],
    [["--input-format", "stream-json"], "--input-format stream-json needs --output-format stream-json"],
    [
      ["--input-format", "stream-json", "--output-format", "stream-json", "hi"],
      "with --input-format stream-json the prompt comes on stdin as user messages",
    ],
    [["run", "--cwd", "/no/such/dir", "hi"], '--cwd: "/no/such/dir" is not a directory'],
    [["run"], "No prompt"],
    [["frobnicate"], 'Unknown command "frobnicate". To send it as a prompt: parley run "frobnicate"'],
    [["tui"], "the terminal UI needs an interactive terminal; for scripts use parley run"],
    [["tui", "--url", "http://127.0.0.1:1"], "--url needs --token (or PARLEY_TOKEN)"],
  ])("rejects %j with exit status 2 and a clear message", async (argv, message) => {
    const result = await run(argv);

    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`parley: ${message}`);
  });

  it("lists its commands for --help and prints its version", async () => {
    const help = await run(["--help"]);
    const version = await run(["--version"]);

    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toMatch(/^ {2}run +run one agent turn/m);
    expect(version).toEqual({ code: 0, stdout: "0.1.0\n", stderr: "" });
  });

  it("prints its usage when run without a command and without a terminal (piped, in a script)", async () => {
    const result = await run([]);

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}tui +Chat with the project's agent in this terminal/m);
  });

  it("explains run's options for parley run --help", async () => {
    const help = await run(["run", "--help"]);

    expect(help.code).toBe(0);
    for (const option of [
      "--output-format",
      "--model",
      "--fallback-model",
      "--include-partial-messages",
      "--max-turns",
    ]) {
      expect(help.stdout).toContain(option);
    }
  });
});
