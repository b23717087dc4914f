import { describe, expect, it } from "vitest";
import { QUEUE_PREVIEW_CHARS, queuePreview } from "./queue-updated-event.ts";

describe("queuePreview", () => {
  it("keeps a short message whole", () => {
    expect(queuePreview("Also check the tests")).toEqual({
      preview: "Also check the tests",
      text_length: 20,
      truncated: false,
    });
  });

  it("cuts a long message to the preview length and says how long the whole is", () => {
    const text = "x".repeat(99_000);
    expect(queuePreview(text)).toEqual({
      preview: "x".repeat(QUEUE_PREVIEW_CHARS),
      text_length: 99_000,
      truncated: true,
    });
  });

  it("never cuts an emoji in half", () => {
    const text = `${"x".repeat(QUEUE_PREVIEW_CHARS - 1)}😀 and more`;
    const { preview } = queuePreview(text);
    expect(preview).toBe("x".repeat(QUEUE_PREVIEW_CHARS - 1));
    expect(/[\ud800-\udbff]$/.test(preview)).toBe(false);
  });
});
