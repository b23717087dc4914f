import { describe, expect, it } from "vitest";
import { toProviderPrompt } from "./to-provider-prompt.ts";

describe("converting MessageParam history to the provider prompt", () => {
  it("puts the system prompt first and keeps string and block content", () => {
    expect(
      toProviderPrompt("Be brief.", [
        { role: "user", content: "hi" },
        { role: "assistant", content: [{ type: "text", text: "hello" }] },
      ]),
    ).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: [{ type: "text", text: "hi" }] },
      { role: "assistant", content: [{ type: "text", text: "hello" }] },
    ]);
  });

  it("carries a thinking block's signature and redacted thinking as Anthropic provider options", () => {
    const prompt = toProviderPrompt(undefined, [
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "hmm", signature: "sig" },
          { type: "thinking", thinking: "from a local model", signature: "" },
          { type: "redacted_thinking", data: "opaque" },
        ],
      },
    ]);

    expect(prompt).toEqual([
      {
        role: "assistant",
        content: [
          { type: "reasoning", text: "hmm", providerOptions: { anthropic: { signature: "sig" } } },
          { type: "reasoning", text: "from a local model" },
          { type: "reasoning", text: "", providerOptions: { anthropic: { redactedData: "opaque" } } },
        ],
      },
    ]);
  });

  it("moves tool results into tool messages, before any text in the same user message", () => {
    const prompt = toProviderPrompt(undefined, [
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "read", input: { path: "a" } }] },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: "contents" },
          { type: "text", text: "also this" },
        ],
      },
    ]);

    expect(prompt).toEqual([
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "t1", toolName: "read", input: { path: "a" } }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "t1",
            toolName: "read",
            output: { type: "text", value: "contents" },
          },
        ],
      },
      { role: "user", content: [{ type: "text", text: "also this" }] },
    ]);
  });

  it("marks error results and keeps images in tool results", () => {
    const prompt = toProviderPrompt(undefined, [
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "t1", name: "shot", input: {} },
          { type: "tool_use", id: "t2", name: "shot", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "t1",
            content: [{ type: "text", text: "failed" }],
            is_error: true,
          },
          {
            type: "tool_result",
            tool_use_id: "t2",
            content: [
              { type: "text", text: "screenshot:" },
              { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
            ],
          },
        ],
      },
    ]);

    expect(prompt[1]).toEqual({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "t1",
          toolName: "shot",
          output: { type: "error-text", value: "failed" },
        },
        {
          type: "tool-result",
          toolCallId: "t2",
          toolName: "shot",
          output: {
            type: "content",
            value: [
              { type: "text", text: "screenshot:" },
              { type: "image-data", data: "AAAA", mediaType: "image/png" },
            ],
          },
        },
      ],
    });
  });

  it("turns images and documents into file parts and plain-text documents into text", () => {
    const prompt = toProviderPrompt(undefined, [
      {
        role: "user",
        content: [
          { type: "image", source: { type: "base64", media_type: "image/jpeg", data: "/9j/" } },
          { type: "image", source: { type: "url", url: "https://example.com/a.png" } },
          { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBER" } },
          { type: "document", source: { type: "text", media_type: "text/plain", data: "notes" } },
        ],
      },
    ]);

    expect(prompt).toEqual([
      {
        role: "user",
        content: [
          { type: "file", mediaType: "image/jpeg", data: "/9j/" },
          { type: "file", mediaType: "image/*", data: new URL("https://example.com/a.png") },
          { type: "file", mediaType: "application/pdf", data: "JVBER" },
          { type: "text", text: "notes" },
        ],
      },
    ]);
  });
});
