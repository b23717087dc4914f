import { describe, expect, it } from "vitest";
import { hang, httpError, reply } from "./script-builder.ts";
import { ScriptedResponseSchema } from "./script-schema.ts";

describe("script builders", () => {
  it("build plain JSON that survives the trip through the control endpoint's schema", () => {
    const built = reply()
      .thinking("hmm", { signature: "s" })
      .text("hello ")
      .text("world")
      .toolCall("read_file", { path: "a" }, { chunks: 2 })
      .gate("g")
      .usage({ input: 12, output: 5 })
      .stop("tool_use")
      .model("m")
      .cutAfter(9);

    const decoded = ScriptedResponseSchema.parse(JSON.parse(JSON.stringify(built)));

    expect(decoded).toEqual({
      kind: "reply",
      steps: [
        { type: "thinking", thinking: "hmm", signature: "s" },
        { type: "text", text: "hello " },
        { type: "text", text: "world" },
        { type: "tool_call", name: "read_file", input: { path: "a" }, chunks: 2 },
        { type: "gate", name: "g" },
      ],
      usage: { input: 12, output: 5 },
      stopReason: "tool_use",
      model: "m",
      cutAfter: 9,
    });
  });

  it("describe hang() as a reply paused at the gate named hang", () => {
    expect(hang().build()).toEqual({ kind: "reply", steps: [{ type: "gate", name: "hang" }] });
  });

  it("describe HTTP errors with their options", () => {
    expect(httpError(429, { retryAfterSeconds: 0 })).toEqual({
      kind: "http_error",
      status: 429,
      retryAfterSeconds: 0,
    });
    expect(ScriptedResponseSchema.safeParse({ kind: "http_error", status: 200 }).success).toBe(false);
  });
});
