import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeWith, parseJson } from "./decode-result.ts";

describe("decodeWith", () => {
  const Schema = z.object({ steps: z.array(z.object({ reason: z.string() })) });

  it("names the offending field by its path", () => {
    const result = decodeWith(Schema, { steps: [{ reason: 1 }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.issues).toEqual([{ path: "steps.0.reason", message: expect.any(String) }]);
    expect(result.error.message).toMatch(/^steps\.0\.reason: /);
  });

  it("returns the parsed value on success", () => {
    expect(decodeWith(Schema, { steps: [] })).toEqual({ success: true, value: { steps: [] } });
  });
});

describe("parseJson", () => {
  it("reports malformed JSON instead of throwing", () => {
    const result = parseJson("{not json");
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toMatch(/^invalid JSON/);
  });
});
