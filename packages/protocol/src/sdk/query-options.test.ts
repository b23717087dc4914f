import { describe, expect, it } from "vitest";
import { QueryOptionsSchema, SystemPromptConfigSchema } from "./query-options.ts";

describe("QueryOptions", () => {
  it("accepts callbacks and live objects next to plain JSON fields", () => {
    const options = {
      abortController: new AbortController(),
      canUseTool: async () => ({ behavior: "allow" as const }),
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [async () => ({ continue: true })] }] },
      stderr: () => {},
      model: "claude-sonnet-5",
      maxTurns: 3,
      thinking: { type: "adaptive" as const, display: "summarized" as const },
      mcpServers: { demo: { type: "sdk" as const, name: "demo", instance: {} } },
    };
    expect(QueryOptionsSchema.parse(options)).toEqual(options);
  });

  it("round-trips its JSON fields through JSON unchanged, unknown options included", () => {
    const options = {
      model: "claude-sonnet-5",
      permissionMode: "plan",
      settingSources: ["user", "project"],
      sandbox: { enabled: true, network: { allowedDomains: ["example.test"] } },
      systemPrompt: { type: "preset", preset: "claude_code", append: "Be brief." },
      outputFormat: { type: "json_schema", schema: { type: "object" } },
      agents: { reviewer: { description: "Reviews diffs", prompt: "Review it", effort: "high" } },
      workload: "batch",
    };
    expect(QueryOptionsSchema.parse(JSON.parse(JSON.stringify(options)))).toEqual(options);
  });

  it("names the option that is the wrong kind of value", () => {
    const result = QueryOptionsSchema.safeParse({ canUseTool: "yes", permissionMode: "yolo" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join(".")).sort()).toEqual([
      "canUseTool",
      "permissionMode",
    ]);
  });

  it("rejects hooks for an event that does not exist", () => {
    expect(QueryOptionsSchema.safeParse({ hooks: { BeforeLunch: [] } }).success).toBe(false);
  });

  it("takes a system prompt as a string, string parts, a custom prompt or the Claude Code preset", () => {
    for (const prompt of [
      "Be brief.",
      ["Be brief.", "Cite sources."],
      { type: "custom", prompt: "Be brief." },
      { type: "preset", preset: "claude_code", append: "Be brief." },
    ]) {
      expect(SystemPromptConfigSchema.parse(prompt)).toEqual(prompt);
    }
    expect(SystemPromptConfigSchema.safeParse({ type: "preset", preset: "other" }).success).toBe(false);
  });
});
