import { describe, expect, it } from "vitest";
import { MAX_FRONTMATTER_CHARACTERS, readFrontmatter } from "./frontmatter.ts";

describe("readFrontmatter", () => {
  it("reads the named string fields, each value as written, every top-level key, and the body", async () => {
    const read = await readFrontmatter(
      '---\ndescription: >-\n  Review a pull request\n  by number.\nargument-hint: [pr-number]\nallowed-tools: Bash(gh:*)\nname: "review"\n---\nReview PR $1.\n',
      ["name", "description", "argument-hint"],
    );
    expect(read).toEqual({
      strings: { name: "review", description: "Review a pull request by number." },
      written: { name: '"review"', description: ">-", "argument-hint": "[pr-number]" },
      keys: new Set(["description", "argument-hint", "allowed-tools", "name"]),
      body: "Review PR $1.\n",
    });
  });

  it("gives the parser no list, map, alias or value on the next line, and refuses a block too long", async () => {
    const hostile = await readFrontmatter(
      `---\na: &a x\nname: *a\ndescription: ${"[".repeat(5000)}\nlicense:\n  ${"{".repeat(500)}\n---\n`,
      ["name", "description", "license"],
    );
    expect(hostile.strings).toEqual({});
    expect(hostile.error).toBeUndefined();
    // What is indented after a quoted value closed on its line is not the value's, and never parsed.
    const trailing = await readFrontmatter(`---\ndescription: 'It''s quoted'\n  ${"[".repeat(7000)}\n---\n`, [
      "description",
    ]);
    expect(trailing).toMatchObject({ strings: { description: "It's quoted" } });
    expect(trailing.error).toBeUndefined();
    const long = await readFrontmatter(`---\n${"k: v\n".repeat(MAX_FRONTMATTER_CHARACTERS / 4)}---\nbody`, [
      "k",
    ]);
    expect(long).toMatchObject({
      body: "body",
      error: `its frontmatter is longer than ${MAX_FRONTMATTER_CHARACTERS} characters`,
    });
    expect(await readFrontmatter("No frontmatter.", ["name"])).toMatchObject({
      strings: {},
      body: "No frontmatter.",
    });
    expect((await readFrontmatter('---\nname: "open\n---\n', ["name"])).error).toMatch(
      /^its name is not valid YAML/,
    );
  });
});
