import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeRichMessage } from "../../src/rich/decode-rich-message.ts";
import { encodeRichMessage } from "../../src/rich/encode-rich-message.ts";
import { RichMessageKindSchema } from "../../src/rich/rich-message.ts";

const directory = join(import.meta.dirname, "fixtures", "messages");
const fixtures = readdirSync(directory)
  .filter((name) => name.endsWith(".json"))
  .map((name) => ({ name, text: readFileSync(join(directory, name), "utf8") }));

describe("rich message fixtures", () => {
  it("cover every kind", () => {
    const kinds = new Set(fixtures.map((fixture) => JSON.parse(fixture.text).kind));
    expect([...kinds].sort()).toEqual([...RichMessageKindSchema.options].sort());
  });

  it.each(fixtures)("$name decodes to exactly the JSON it was read from", ({ text }) => {
    const warnings: unknown[] = [];
    const decoded = decodeRichMessage(text, { onWarning: (warning) => warnings.push(warning) });
    expect(decoded).toEqual({ success: true, value: JSON.parse(text) });
    expect(warnings).toEqual([]);
  });

  it.each(fixtures)("$name survives encode then decode unchanged, unknown fields included", ({ text }) => {
    const first = decodeRichMessage(text);
    if (!first.success) throw new Error(first.error.message);
    const again = decodeRichMessage(encodeRichMessage(first.value));
    expect(again).toEqual({ success: true, value: first.value });
    const original = JSON.parse(text);
    const extraEnvelopeFields = Object.keys(original).filter((key) => key !== "kind" && key !== "data");
    const reEncoded = JSON.parse(encodeRichMessage(first.value));
    for (const key of extraEnvelopeFields) expect(reEncoded[key]).toEqual(original[key]);
  });
});

describe("a message of a kind this version does not know", () => {
  const fromNewerPeer = JSON.stringify({
    kind: "Diagram",
    data: { format: "mermaid", source: "graph TD; A-->B", caption: null },
    id: "msg_9",
  });

  it("is re-encoded to exactly the JSON it arrived as", () => {
    const decoded = decodeRichMessage(fromNewerPeer, { onWarning: () => {} });
    if (!decoded.success) throw new Error(decoded.error.message);
    expect(decoded.value.kind).toBe("Unknown");
    expect(encodeRichMessage(decoded.value)).toBe(fromNewerPeer);
  });
});
