import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ClaudeStreamParser,
  CodexExecParser,
  GeminiStreamParser,
  OpenCodeRunParser,
  parseRecordedOutput,
} from "../src/index.ts";

/**
 * Golden tests: real output recorded from each CLI (copied from shared/reference/samples) read by the
 * adapters' parsers. A new CLI version that changes its format fails here with a diff of the parts.
 */

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const clock = () => 1_000;

describe("Claude Code stream-json, as recorded", () => {
  it("reads a plain answer as one final part with the session id", () => {
    expect(parseRecordedOutput(new ClaudeStreamParser(clock), fixture("claude-print-hello.jsonl"))).toEqual({
      parts: [
        {
          text: "hello",
          timestamp: 1795299001012,
          part_type: "final",
          part_id: "0493d255-cd2f-4b5b-a474-64aa5f5f3e48:0",
        },
      ],
      sessionId: "0302506a-1f3a-4f9c-b9f5-abb44bdc2b06",
      errorMessage: null,
    });
  });

  it.each(["claude-print-bash-tool.jsonl", "claude-code-2.1.197-print-bash-tool.jsonl"])(
    "reads a Bash round trip as one finished tool part, then the answer (%s)",
    (name) => {
      const { parts, errorMessage } = parseRecordedOutput(new ClaudeStreamParser(clock), fixture(name));
      expect(errorMessage).toBeNull();
      expect(parts.map((part) => part.part_type)).toEqual(["tool", "final"]);
      expect(parts[0]).toMatchObject({
        text: "Bash: echo tool-ok\ntool-ok",
        part_id: parts[0]?.call_id,
        tool: { name: "Bash", input: { command: "echo tool-ok" }, status: "completed", output: "tool-ok" },
      });
      expect(parts[0]?.call_id).toMatch(/^toolu_fake_/);
      expect(parts[1]?.text).toBe("done: tool-ok");
    },
  );

  it("reports an API error from the result line", () => {
    const parsed = parseRecordedOutput(
      new ClaudeStreamParser(clock),
      fixture("claude-print-api-error-400.jsonl"),
    );
    expect(parsed.errorMessage).toBe("API Error: 400 fake: bad request for testing");
  });

  it("reports running out of turns with Claude Code's own words", () => {
    const parsed = parseRecordedOutput(
      new ClaudeStreamParser(clock),
      fixture("claude-print-max-turns.jsonl"),
    );
    expect(parsed.errorMessage).toBe("Reached maximum number of turns (1)");
  });
});

describe("OpenCode run --format json, as recorded", () => {
  it("reads a plain answer with OpenCode's part id and time", () => {
    expect(parseRecordedOutput(new OpenCodeRunParser(clock), fixture("opencode-run.jsonl"))).toEqual({
      parts: [
        {
          text: "hello from fake",
          timestamp: 1795298971239,
          part_type: "final",
          part_id: "prt_200284e5e001yYywwU5QP0vyp1",
        },
      ],
      sessionId: "ses_dffd7b7baffedJKQWvKw8N4VXW",
      errorMessage: null,
    });
  });

  it("reads a bash call with its call id, input and output, then the answer", () => {
    const { parts } = parseRecordedOutput(new OpenCodeRunParser(clock), fixture("opencode-run-tool.jsonl"));
    expect(parts).toEqual([
      {
        text: "bash: echo tool-ok\ntool-ok\n",
        timestamp: 1795299001725,
        part_type: "tool",
        part_id: "prt_20028c4bc001o6w5wO4ZxnmRiy",
        call_id: "call_fake2",
        tool: {
          name: "bash",
          input: { command: "echo tool-ok", description: "Echo a marker" },
          status: "completed",
          output: "tool-ok\n",
        },
      },
      {
        text: "tool said: tool-ok",
        timestamp: 1795299002120,
        part_type: "final",
        part_id: "prt_20028c6f9001dt62TcFCf6GfEw",
      },
    ]);
  });

  it("reports an error event with its name and message", () => {
    expect(parseRecordedOutput(new OpenCodeRunParser(clock), fixture("opencode-run-error.jsonl"))).toEqual({
      parts: [],
      sessionId: "ses_dffd6d674ffeyRyqvxjIdnRFN0",
      errorMessage:
        "OpenCode APIError: Cannot connect to API: Unable to connect. Is the computer able to access the url?",
    });
  });
});

describe("Codex exec --json, as recorded", () => {
  it("reads the agent message and ignores the non-fatal model-metadata item error", () => {
    expect(parseRecordedOutput(new CodexExecParser(clock), fixture("codex-exec.jsonl"))).toEqual({
      parts: [{ text: "hello from fake", timestamp: 1_000, part_type: "final", part_id: "item_1" }],
      sessionId: "01a2002b-c1db-7043-a918-4530ca319c38",
      errorMessage: null,
    });
  });

  it("reads a command execution as one tool part that started and then completed", () => {
    const { parts } = parseRecordedOutput(new CodexExecParser(clock), fixture("codex-exec-tool.jsonl"));
    expect(parts.map((part) => [part.part_type, part.part_id])).toEqual([
      ["tool", "item_1"],
      ["final", "item_2"],
    ]);
    expect(parts[0]?.tool).toEqual({
      name: "shell",
      input: { command: "/bin/bash -lc 'echo tool-ok'" },
      status: "completed",
      output: "tool-ok\n",
    });
  });

  it("keeps the thread id on resume", () => {
    const parsed = parseRecordedOutput(new CodexExecParser(clock), fixture("codex-exec-resume.jsonl"));
    expect(parsed.sessionId).toBe("01a2002b-ce5e-7fe1-af02-9f5e9fc77611");
  });

  it("reports a failed turn with its message, not the retry notices before it", () => {
    const parsed = parseRecordedOutput(new CodexExecParser(clock), fixture("codex-exec-http-error.jsonl"));
    expect(parsed.errorMessage).toMatch(/^Codex: unexpected status 501 Not Implemented/);
    expect(parsed.errorMessage).not.toContain("Reconnecting");
  });

  it("reports an API error by its message, not the raw JSON body Codex passes on", () => {
    const parsed = parseRecordedOutput(new CodexExecParser(clock), fixture("codex-exec-api-error-400.jsonl"));
    expect(parsed.errorMessage).toBe("Codex: fake: bad request");
  });
});

describe("Gemini CLI stream-json, as recorded", () => {
  it("reads the assistant deltas as one final part with Gemini's time", () => {
    expect(parseRecordedOutput(new GeminiStreamParser(clock), fixture("gemini-stream-json.jsonl"))).toEqual({
      parts: [
        {
          text: "hello from fake",
          timestamp: Date.parse("2026-11-21T22:19:15.655Z"),
          part_type: "final",
          part_id: "c976c1fc-529f-4a59-8d63-c97497ca02e1:text:1",
        },
      ],
      sessionId: "c976c1fc-529f-4a59-8d63-c97497ca02e1",
      errorMessage: null,
    });
  });
});
