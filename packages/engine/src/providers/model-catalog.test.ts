import { describe, expect, it } from "vitest";
import { costUsd, lookupModelInfo } from "./model-catalog.ts";

describe("model prices", () => {
  it("prices claude-opus-5-5 as Claude Code 2.1.330 did: 12 in + 5 out = $0.000148", () => {
    const info = lookupModelInfo("anthropic", "claude-opus-5-5");

    expect(costUsd(info, { input: 12, output: 5, cacheRead: 0, cacheWrite: 0 })).toBe(0.000148);
  });

  it("charges Anthropic cache reads at a tenth and cache writes at 1.25 times the input price", () => {
    const info = lookupModelInfo("anthropic", "claude-sonnet-4-5");

    expect(costUsd(info, { input: 0, output: 0, cacheRead: 1_000_000, cacheWrite: 1_000_000 })).toBeCloseTo(
      0.3 + 3.75,
    );
  });

  it("matches dated snapshots to their alias without confusing neighbouring names", () => {
    expect(lookupModelInfo("anthropic", "claude-haiku-4-5-20251001")?.price.input).toBe(1);
    expect(lookupModelInfo("openai", "gpt-4o-2024-08-06")?.price.output).toBe(10);
    expect(lookupModelInfo("openai", "gpt-5-mini")?.price.input).toBe(0.25);
    expect(lookupModelInfo("openai", "gpt-5.5")?.price.input).toBe(5);
  });

  it("costs nothing for local, demo and unknown models", () => {
    expect(lookupModelInfo("openai-compatible", "gpt-5")).toBeUndefined();
    expect(lookupModelInfo("demo", "demo")).toBeUndefined();
    expect(lookupModelInfo("anthropic", "claude-unreleased-9")).toBeUndefined();
    expect(costUsd(undefined, { input: 1_000_000, output: 1_000_000, cacheRead: 0, cacheWrite: 0 })).toBe(0);
  });
});
