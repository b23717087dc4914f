import { describe, expect, it } from "vitest";
import { extractSpecialBlocks } from "./extract-special-blocks.ts";
import type { RichWarning } from "./rich-warning.ts";

describe("extractSpecialBlocks", () => {
  it("returns plain markdown as one segment", () => {
    expect(extractSpecialBlocks("# Title\n\nSome *text*.")).toEqual([
      { kind: "markdown", text: "# Title\n\nSome *text*." },
    ]);
  });

  it("returns nothing for empty text", () => {
    expect(extractSpecialBlocks("  \n")).toEqual([]);
  });

  it("splits markdown around a fenced special block", () => {
    const block = { type: "finalize_task", summary: "All tests pass." };
    const text = `Finished.\n\n\`\`\`json\n${JSON.stringify(block)}\n\`\`\`\n\nBye.`;
    expect(extractSpecialBlocks(text)).toEqual([
      { kind: "markdown", text: "Finished." },
      { kind: "block", block },
      { kind: "markdown", text: "Bye." },
    ]);
  });

  it("finds a bare ask_user block inside a sentence", () => {
    const block = { type: "ask_user", question: "Continue?", options: [{ label: "Yes", value: "yes" }] };
    expect(extractSpecialBlocks(`Before I go on: ${JSON.stringify(block)}`)).toEqual([
      { kind: "markdown", text: "Before I go on:" },
      { kind: "block", block },
    ]);
  });

  it("keeps JSON that is not a special block in the markdown", () => {
    const text = 'Config:\n```json\n{"type": "module", "name": "x"}\n```';
    expect(extractSpecialBlocks(text)).toEqual([{ kind: "markdown", text }]);
  });

  it("leaves a fence that holds a special block among other text as markdown", () => {
    const text = '```json\n// summary\n{"type": "finalize_task", "summary": "Done."}\n```';
    expect(extractSpecialBlocks(text)).toEqual([{ kind: "markdown", text }]);
  });

  it("keeps an invalid special block as markdown and warns once", () => {
    const warnings: RichWarning[] = [];
    const text = 'Changes: {"type": "change_report", "files": [{"path": "a.ts", "change": "touched"}]}';
    expect(extractSpecialBlocks(text, { onWarning: (warning) => warnings.push(warning) })).toEqual([
      { kind: "markdown", text },
    ]);
    expect(warnings).toEqual([
      {
        code: "invalid_special_block",
        message: expect.stringMatching(/^change_report block .*files\.0\.change/),
      },
    ]);
  });
});
