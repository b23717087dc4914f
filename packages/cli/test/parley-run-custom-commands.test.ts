import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { Cli, responseTo, useStreamJsonProject } from "./support/stream-json-cli.ts";

/** `parley run` offers the project's and the person's custom slash commands as Claude Code does. */

const project = useStreamJsonProject("run-custom-commands");

describe("parley run's custom slash commands", () => {
  it("names them in initialize and system/init, and gives the model a typed /name filled in", async () => {
    await mkdir(join(project.cwd, ".claude/commands/git"), { recursive: true });
    await writeFile(
      join(project.cwd, ".claude/commands/review-pr.md"),
      "---\ndescription: Review a pull request\nargument-hint: <number>\n---\nReview pull request #$0 closely.\n",
    );
    await writeFile(join(project.cwd, ".claude/commands/git/commit.md"), "Write the commit message.\n");
    await mkdir(join(project.env.HOME as string, ".codex/prompts"), { recursive: true });
    await writeFile(join(project.env.HOME as string, ".codex/prompts/note.md"), "Take a note.\n");
    project.server.script(reply().text("Reviewed."));
    const cli = new Cli([], project.env, project.cwd);
    cli.send({ type: "control_request", request_id: "init", request: { subtype: "initialize" } });
    const answer = (await cli.frame(responseTo("init"))).response as { response: { commands: unknown[] } };
    expect(answer.response.commands).toEqual([
      { name: "git:commit", description: "Write the commit message.", argumentHint: "" },
      { name: "note", description: "Take a note.", argumentHint: "" },
      { name: "review-pr", description: "Review a pull request", argumentHint: "<number>" },
    ]);
    cli.user("/review-pr 42");
    const init = await cli.frame((frame) => frame.type === "system" && frame.subtype === "init");
    expect(init.slash_commands).toEqual(["git:commit", "note", "review-pr"]);
    await cli.frame((frame) => frame.type === "result");
    cli.end();
    expect(await cli.exited).toBe(0);
    const sent = JSON.stringify(project.server.requests[0]?.body);
    expect(sent).toContain("Review pull request #42 closely.");
    expect(sent).not.toContain("/review-pr 42");
  });
});
