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

  it("offers each skill as /name in initialize and system/init, and gives the model its instructions", async () => {
    const writeSkill = async (name: string, frontmatter: string, body: string) => {
      await mkdir(join(project.cwd, ".claude/skills", name), { recursive: true });
      await writeFile(
        join(project.cwd, ".claude/skills", name, "SKILL.md"),
        `---\nname: ${name}\n${frontmatter}---\n${body}\n`,
      );
    };
    await writeSkill(
      "changelog",
      "description: Write a changelog entry\nargument-hint: <version>\n",
      "Entry for $0.",
    );
    await writeSkill("house-style", "description: The house style\nuser-invocable: false\n", "Tabs.");
    await mkdir(join(project.cwd, ".claude/commands"), { recursive: true });
    await writeFile(join(project.cwd, ".claude/commands/changelog.md"), "The old prompt.\n");
    project.server.script(reply().text("Written."));
    const cli = new Cli([], project.env, project.cwd);
    cli.send({ type: "control_request", request_id: "init", request: { subtype: "initialize" } });
    const answer = (await cli.frame(responseTo("init"))).response as { response: { commands: unknown[] } };
    expect(answer.response.commands).toEqual([
      { name: "changelog", description: "Write a changelog entry", argumentHint: "<version>" },
    ]);
    cli.user("/changelog 2.0");
    const init = await cli.frame((frame) => frame.type === "system" && frame.subtype === "init");
    expect(init.slash_commands).toEqual(["changelog"]);
    expect(init.skills).toEqual(["changelog", "house-style"]);
    await cli.frame((frame) => frame.type === "result");
    cli.end();
    expect(await cli.exited).toBe(0);
    expect(cli.stderr).toContain(
      "parley: custom command .claude/commands/changelog.md is not offered: the skill in .claude/skills/changelog/SKILL.md has the same name, and a skill wins",
    );
    const sent = JSON.stringify(project.server.requests[0]?.body);
    expect(sent).toContain("Base directory for this skill: .claude/skills/changelog\\n\\nEntry for 2.0.");
    expect(sent).not.toContain("/changelog 2.0");
  });

  it("offers only the person's own skills as slash commands once settings.json turns project instructions off", async () => {
    const home = project.env.HOME as string;
    for (const [folder, name] of [
      [join(project.cwd, ".claude/skills"), "changelog"],
      [join(home, ".claude/skills"), "sign-off"],
    ] as const) {
      await mkdir(join(folder, name), { recursive: true });
      await writeFile(
        join(folder, name, "SKILL.md"),
        `---\nname: ${name}\ndescription: ${name} steps\n---\nDo it.\n`,
      );
    }
    await mkdir(project.env.PARLEY_HOME as string, { recursive: true });
    await writeFile(
      join(project.env.PARLEY_HOME as string, "settings.json"),
      '{"project_instructions": false}',
    );
    project.server.script(reply().text("Signed."));
    const cli = new Cli([], project.env, project.cwd);
    cli.send({ type: "control_request", request_id: "init", request: { subtype: "initialize" } });
    const answer = (await cli.frame(responseTo("init"))).response as {
      response: { commands: { name: string }[] };
    };
    expect(answer.response.commands.map((command) => command.name)).toEqual(["sign-off"]);
    cli.user("/sign-off Sam");
    await cli.frame((frame) => frame.type === "result");
    cli.end();
    expect(await cli.exited).toBe(0);
    const sent = project.server.requests[0]?.body as { messages: unknown[]; tools?: { name: string }[] };
    expect(JSON.stringify(sent.messages)).toContain("Do it.\\n\\nARGUMENTS: Sam");
    // The switch keeps every skill from the model: no Skill tool.
    expect(sent.tools?.map((tool) => tool.name)).not.toContain("Skill");
  });
});
