import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  parseClaudeTranscript,
  parseCodexRollout,
  parseGeminiChat,
  parseOpenCodeAgentList,
  parseOpenCodeExport,
  parseOpenCodeSessionList,
} from "../src/index.ts";

/** Golden tests for the session files and listings each CLI writes, recorded from the real programs. */

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("exported histories", () => {
  it("reads a Claude Code transcript: the prompt, the tool call and its result with one call id, the answer", () => {
    const messages = parseClaudeTranscript(fixture("claude-transcript-thinking-tool.jsonl"));
    expect(
      messages.map(({ role, content_type, content, call_id }) => ({ role, content_type, content, call_id })),
    ).toEqual([
      { role: "user", content_type: "text", content: "run it", call_id: undefined },
      {
        role: "assistant",
        content_type: "tool_use",
        content: '{"name":"Bash","input":{"command":"echo tool-ok"}}',
        call_id: "toolu_fake_0001_0",
      },
      { role: "assistant", content_type: "tool", content: "tool-ok", call_id: "toolu_fake_0001_0" },
      { role: "assistant", content_type: "text", content: "done: tool-ok", call_id: undefined },
    ]);
    expect(messages[0]?.timestamp).toBe(Date.parse("2026-11-25T16:58:29.319Z"));
  });

  it("reads an OpenCode export with message and part ids and times", () => {
    expect(parseOpenCodeExport(JSON.parse(fixture("opencode-export.json")))).toEqual([
      {
        message_id: "msg_20028486b001pXfZq0ic7K2SJt",
        timestamp: 1795298969707,
        part_id: "prt_200284872001zct6nv97hai3Ob",
        role: "user",
        content_type: "text",
        content: '"say hi"',
      },
      {
        message_id: "msg_200284b64001Z7u2MZZm0yM0U2",
        timestamp: 1795298971230,
        part_id: "prt_200284e5e001yYywwU5QP0vyp1",
        role: "assistant",
        content_type: "text",
        content: "hello from fake",
      },
    ]);
  });

  it("reads a Codex rollout without its injected context: prompt, call, output, answer, next prompt, answer", () => {
    const messages = parseCodexRollout(fixture("codex-rollout-truncated.jsonl"));
    expect(messages.map((message) => [message.role, message.content_type, message.call_id ?? null])).toEqual([
      ["user", "text", null],
      ["assistant", "tool_use", "call_fake24"],
      ["assistant", "tool", "call_fake24"],
      ["assistant", "text", null],
      ["user", "text", null],
      ["assistant", "text", null],
    ]);
    expect(messages[0]?.content).toBe("RUN_TOOL please");
    expect(messages[1]?.content).toBe('{"name":"exec_command","input":{"cmd":"echo tool-ok"}}');
  });

  it("reads a Gemini chat file without the session context Gemini injects", () => {
    const chat = parseGeminiChat(fixture("gemini-chat-session.jsonl"));
    expect(chat.sessionId).toBe("315c53a4-bc0b-4bac-83d6-5cd560dcc8e2");
    expect(chat.messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "say hi"],
      ["assistant", "hello from fake"],
    ]);
  });
  it("reads a resumed Gemini chat once: the snapshot's function call and its result are not repeated", () => {
    const chat = parseGeminiChat(fixture("gemini-chat-resumed-tool.jsonl"));
    expect(chat.messages.map((message) => [message.role, message.content_type, message.content])).toEqual([
      ["user", "text", "Read my notes"],
      ["assistant", "tool_use", '{"name":"read_file","input":{"file_path":"<PROJECT_DIR>/notes.txt"}}'],
      ["assistant", "tool", "remember the milk\n"],
      ["assistant", "text", "The notes say remember the milk."],
      ["user", "text", "And now?"],
      ["assistant", "text", "second"],
    ]);
  });
});

describe("listings", () => {
  it("lists OpenCode's sessions for one directory, newest first, with ISO times", () => {
    const sessions = parseOpenCodeSessionList(
      JSON.parse(fixture("opencode-session-list.json")),
      "<PROJECT_DIR>",
    );
    expect(sessions).toHaveLength(13);
    expect(sessions[0]).toEqual({
      session_id: "ses_dffd4aaaeffe46NAiS1WP1ire7",
      title: "Fake title",
      updated: "2026-11-21T22:12:52.025Z",
    });
    expect(parseOpenCodeSessionList(JSON.parse(fixture("opencode-session-list.json")), "/elsewhere")).toEqual(
      [],
    );
  });

  it("lists OpenCode's agents with their modes from its text output", () => {
    const agents = parseOpenCodeAgentList(fixture("opencode-agent-list.txt"));
    expect(agents.map((agent) => `${agent.name} (${agent.agent_type})`)).toEqual([
      "build (primary)",
      "compaction (primary)",
      "explore (subagent)",
      "general (subagent)",
      "plan (primary)",
      "summary (primary)",
      "title (primary)",
    ]);
  });
});
