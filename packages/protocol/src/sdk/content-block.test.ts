import { describe, expect, it } from "vitest";
import { BetaContentBlockSchema, ContentBlockParamSchema, ContentBlockSchema } from "./content-block.ts";

// For each block type: a minimal block, and the exact keys its JSON must have. A decoded block must
// never grow `null`/`""` fields that belong to other block types.
const minimal: Record<string, Record<string, unknown>> = {
  text: { type: "text", text: "hello" },
  thinking: { type: "thinking", thinking: "hm", signature: "sig" },
  redacted_thinking: { type: "redacted_thinking", data: "d" },
  tool_use: { type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "ls" } },
  server_tool_use: { type: "server_tool_use", id: "s1", name: "web_fetch", input: {} },
  web_search_tool_result: { type: "web_search_tool_result", tool_use_id: "s1", content: [] },
  web_fetch_tool_result: {
    type: "web_fetch_tool_result",
    tool_use_id: "s1",
    content: { type: "web_fetch_tool_result_error", error_code: "url_too_long" },
  },
  advisor_tool_result: {
    type: "advisor_tool_result",
    tool_use_id: "s1",
    content: { type: "advisor_tool_result_error", error_code: "overloaded" },
  },
  code_execution_tool_result: {
    type: "code_execution_tool_result",
    tool_use_id: "s1",
    content: { type: "code_execution_tool_result_error", error_code: "unavailable" },
  },
  bash_code_execution_tool_result: {
    type: "bash_code_execution_tool_result",
    tool_use_id: "s1",
    content: { type: "bash_code_execution_result", stdout: "", stderr: "", return_code: 0, content: [] },
  },
  text_editor_code_execution_tool_result: {
    type: "text_editor_code_execution_tool_result",
    tool_use_id: "s1",
    content: { type: "text_editor_code_execution_str_replace_result" },
  },
  tool_search_tool_result: {
    type: "tool_search_tool_result",
    tool_use_id: "s1",
    content: { type: "tool_search_tool_result_error", error_code: "unavailable" },
  },
  mcp_tool_use: { type: "mcp_tool_use", id: "m1", name: "echo", server_name: "demo", input: {} },
  mcp_tool_result: { type: "mcp_tool_result", tool_use_id: "m1", is_error: true, content: [] },
  container_upload: { type: "container_upload", file_id: "f1" },
  compaction: { type: "compaction" },
  fallback: {
    type: "fallback",
    from: { model: "a" },
    to: { model: "b" },
    trigger: { type: "refusal", category: "bio" },
  },
  mcp_tool_listing: { type: "mcp_tool_listing", mcp_server_name: "demo", tools: [] },
  tool_result: { type: "tool_result", tool_use_id: "toolu_1" },
  image: { type: "image", source: { type: "url", url: "https://example.test/a.png" } },
  document: { type: "document", source: { type: "text", media_type: "text/plain", data: "x" } },
  search_result: { type: "search_result", source: "s", title: "t", content: [] },
};

describe("content block JSON", () => {
  it("covers every block type an SDK message can carry", () => {
    const declared = [...BetaContentBlockSchema.options, ...ContentBlockParamSchema.options].map(
      (option) => option.shape.type.value,
    );
    expect(Object.keys(minimal).sort()).toEqual([...new Set(declared)].sort());
  });

  it.each(Object.entries(minimal))("a %s block encodes with exactly the keys of its type", (_type, block) => {
    const decoded = ContentBlockSchema.parse(block);
    const json = JSON.parse(JSON.stringify(decoded)) as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual(Object.keys(block).sort());
    expect(json).toEqual(block);
  });

  it("writes a text block as just its type and text", () => {
    expect(JSON.stringify(ContentBlockSchema.parse({ type: "text", text: "hi" }))).toBe(
      '{"type":"text","text":"hi"}',
    );
  });

  it("writes a tool_use block as just type, id, name and input", () => {
    const block = ContentBlockSchema.parse({ type: "tool_use", id: "t", name: "Bash", input: {} });
    expect(Object.keys(block)).toEqual(["type", "id", "name", "input"]);
  });

  it("keeps the citations the API attached, including an explicit null", () => {
    const block = { type: "text", text: "x", citations: null };
    expect(ContentBlockSchema.parse(block)).toEqual(block);
  });

  it("rejects a block that lacks a field its type requires", () => {
    expect(ContentBlockSchema.safeParse({ type: "tool_use", id: "t", input: {} }).success).toBe(false);
  });

  it("accepts advisor only in assistant content, where the API can call it", () => {
    const block = { type: "server_tool_use", id: "s", name: "advisor", input: {} };
    expect(BetaContentBlockSchema.safeParse(block).success).toBe(true);
    expect(ContentBlockParamSchema.safeParse(block).success).toBe(false);
  });
});
