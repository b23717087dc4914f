import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sdkPublicSchemas } from "../../src/sdk/public-schemas.ts";

describe("SDK public schemas", () => {
  it("name the union, every message variant, the control envelopes, QueryOptions and the enums", () => {
    const names = Object.keys(sdkPublicSchemas);
    expect(
      names.filter((name) => /^SDK.*(Message|Event|Success|Error|Replay)$/.test(name)).length,
    ).toBeGreaterThanOrEqual(42);
    for (const name of [
      "SDKMessage",
      "ContentBlock",
      "BetaMessage",
      "SDKControlRequest",
      "SDKControlResponse",
      "QueryOptions",
      "HookEvent",
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(Object.keys(sdkPublicSchemas))("%s converts to JSON Schema without throwing", (name) => {
    const schema = sdkPublicSchemas[name as keyof typeof sdkPublicSchemas];
    for (const io of ["output", "input"] as const) {
      expect(z.toJSONSchema(schema, { unrepresentable: "any", io })).toBeTypeOf("object");
    }
  });
});
