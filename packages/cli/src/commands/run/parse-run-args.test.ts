import { describe, expect, it } from "vitest";
import { UsageError } from "../../usage-error.ts";
import { parseRunArgs } from "./parse-run-args.ts";

describe("parley run arguments", () => {
  it("takes the command line the Agent SDK spawns Claude Code with", () => {
    expect(
      parseRunArgs(["--output-format", "stream-json", "--verbose", "--input-format", "stream-json"]),
    ).toEqual({
      outputFormat: "stream-json",
      inputFormat: "stream-json",
      includePartialMessages: false,
      verbose: true,
      continueLatest: false,
      forkSession: false,
      strictMcpConfig: false,
      persistSession: true,
      replayUserMessages: false,
      noted: [],
      help: false,
    });
  });

  it("reads the SDK's session, permission-prompt and tool flags, and lists the flags that change nothing", () => {
    expect(
      parseRunArgs([
        "--output-format",
        "stream-json",
        "--verbose",
        "--input-format",
        "stream-json",
        "--permission-prompt-tool=stdio",
        "--resume=3dd297c1-88b3-42e4-adcf-137722467bb5",
        "--fork-session",
        "--tools=Read,Write",
        "--append-system-prompt=Be kind.",
        "--debug",
        "--await-initialize",
        "--no-session-persistence",
        "--mcp-config",
        '{"mcpServers":{}}',
        "--strict-mcp-config",
      ]),
    ).toMatchObject({
      permissionPromptTool: "stdio",
      resume: "3dd297c1-88b3-42e4-adcf-137722467bb5",
      forkSession: true,
      continueLatest: false,
      tools: ["Read", "Write"],
      appendSystemPrompt: "Be kind.",
      mcpConfig: ['{"mcpServers":{}}'],
      strictMcpConfig: true,
      persistSession: false,
      noted: ["--debug", "--await-initialize"],
    });
  });

  it("refuses a Claude Code flag Parley cannot honour, saying why", () => {
    expect(() => parseRunArgs(["--agent=reviewer", "hi"])).toThrow(
      new UsageError("--agent is not supported: Parley has no named agents here"),
    );
    expect(parseRunArgs(["--add-dir=/tmp/a", "--add-dir", "../b", "hi"]).addDirectories).toEqual([
      "/tmp/a",
      "../b",
    ]);
    expect(() => parseRunArgs(["--permission-prompt-tool", "mcp__auth__approve"])).toThrow(UsageError);
    expect(parseRunArgs(["--setting-sources="]).settingSources).toEqual([]);
    expect(parseRunArgs(["--setting-sources", "user, project,project"]).settingSources).toEqual([
      "user",
      "project",
    ]);
    expect(parseRunArgs(["--dangerously-skip-permissions"]).permissionMode).toBe("bypassPermissions");
    expect(() => parseRunArgs(["--model=demo", "--fallback-model=demo"])).toThrow(
      new UsageError("--fallback-model cannot be the same as --model"),
    );
  });

  it("treats -p as a flag and the positional text as the prompt, in any order", () => {
    expect(parseRunArgs(["-p", "hello there"]).prompt).toBe("hello there");
    expect(parseRunArgs(["--output-format=json", "hello", "-p"])).toMatchObject({
      prompt: "hello",
      outputFormat: "json",
    });
    expect(parseRunArgs(["two", "words"]).prompt).toBe("two words");
    expect(parseRunArgs(["-p"]).prompt).toBeUndefined();
  });

  it("reads every option", () => {
    expect(
      parseRunArgs([
        "--model=ollama:qwen3:8b",
        "--fallback-model",
        "demo",
        "--include-partial-messages",
        "--max-turns",
        "3",
        "--system-prompt",
        "Be brief.",
        "--cwd",
        "../project",
        "go",
      ]),
    ).toEqual({
      prompt: "go",
      outputFormat: "text",
      inputFormat: "text",
      model: "ollama:qwen3:8b",
      fallbackModel: "demo",
      includePartialMessages: true,
      maxTurns: 3,
      verbose: false,
      systemPrompt: "Be brief.",
      cwd: "../project",
      continueLatest: false,
      forkSession: false,
      strictMcpConfig: false,
      persistSession: true,
      replayUserMessages: false,
      noted: [],
      help: false,
    });
  });

  it("reads the permission mode and the tool rules under Claude Code's names", () => {
    expect(
      parseRunArgs([
        "--permission-mode",
        "acceptEdits",
        "--allowedTools",
        "Bash(npm test)",
        "--allowed-tools=Read",
        "--disallowedTools",
        "Task",
        "hi",
      ]),
    ).toMatchObject({
      prompt: "hi",
      permissionMode: "acceptEdits",
      allowedTools: ["Bash(npm test)", "Read"],
      disallowedTools: ["Task"],
    });
    expect(parseRunArgs(["--permission-mode", "manual", "hi"]).permissionMode).toBe("default");
    expect(parseRunArgs(["hi"])).not.toHaveProperty("allowedTools");
  });

  it("rejects values it cannot use", () => {
    expect(() => parseRunArgs(["--max-turns", "-1"])).toThrow(UsageError);
    expect(() => parseRunArgs(["--max-turns", "1.5"])).toThrow("--max-turns must be a positive whole number");
    expect(() => parseRunArgs(["--model", " "])).toThrow("--model needs a value");
    expect(() => parseRunArgs(["--output-format"])).toThrow(UsageError);
    expect(() => parseRunArgs(["--permission-mode", "yolo"])).toThrow(
      '--permission-mode must be one of default, acceptEdits, bypassPermissions, plan, dontAsk, auto (got "yolo")',
    );
  });

  it("replays user messages only where they can be replayed: stream-json in and out", () => {
    const streaming = ["--input-format", "stream-json", "--output-format", "stream-json"];
    expect(parseRunArgs([...streaming, "--replay-user-messages"]).replayUserMessages).toBe(true);
    expect(parseRunArgs(streaming).replayUserMessages).toBe(false);
    expect(() => parseRunArgs(["--replay-user-messages", "-p", "hi"])).toThrow(
      new UsageError(
        "--replay-user-messages needs --input-format stream-json and --output-format stream-json",
      ),
    );
  });
});
