import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ChatResponseSchema, SettingsViewSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { decodeResponse, modelRequest } from "./support/api-checks.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("the project's skills", () => {
  const server = useTestServer();
  const events = useServerEvents(server);
  const project = () => server.directories.project;
  afterEach(async () => {
    rmSync(join(project(), ".claude"), { recursive: true, force: true });
    await server.request("POST", "/api/settings", { body: { project_instructions: true } });
  });

  const writeSkill = (name: string, description: string, body: string) => {
    mkdirSync(join(project(), ".claude", "skills", name), { recursive: true });
    writeFileSync(
      join(project(), ".claude", "skills", name, "SKILL.md"),
      `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`,
    );
  };
  const chat = async (text: string) => {
    const response = await decodeResponse(
      await server.request("POST", "/api/chat", { body: { text } }),
      ChatResponseSchema,
    );
    await waitForOutcome(events, response.run_id as string);
  };
  const skillTool = (index: number) =>
    modelRequest(server, index).tools?.find((tool) => tool.name === "Skill");

  it("offers the model a Skill tool listing them, and gives the chosen one's instructions as its result", async () => {
    writeSkill(
      "changelog",
      "Write the changelog entry for a change.",
      "Group entries under Added and Fixed.",
    );
    server.fake.script(
      reply().toolCall("Skill", { skill: "changelog", args: "the parser fix" }),
      reply().text("Added under Fixed."),
    );
    await chat("Write the changelog for the parser fix");

    expect(skillTool(0)?.description).toContain("- changelog: Write the changelog entry for a change.");
    expect(JSON.stringify(modelRequest(server, 1).messages.at(-1))).toContain(
      JSON.stringify(
        "Base directory for this skill: .claude/skills/changelog\n\nGroup entries under Added and Fixed.\n\nARGUMENTS: the parser fix",
      ).slice(1, -1),
    );
  });

  it("lists them in Settings with the folders it leaves, and why", async () => {
    writeSkill("changelog", "Write the changelog entry for a change.", "Group entries.");
    mkdirSync(join(project(), ".claude", "skills", "Bad_Name"), { recursive: true });
    writeFileSync(join(project(), ".claude", "skills", "Bad_Name", "SKILL.md"), "---\ndescription: x\n---\n");
    const view = await decodeResponse(await server.request("GET", "/api/settings"), SettingsViewSchema);
    expect(view.project_instructions).toMatchObject({
      skills: [
        {
          name: "changelog",
          description: "Write the changelog entry for a change.",
          source: "project",
          folder: ".claude/skills/changelog",
        },
      ],
      skipped_skills: [
        {
          path: ".claude/skills/Bad_Name",
          reason: "its name is not lowercase letters, digits and hyphens (at most 64 characters)",
        },
      ],
    });
  });

  it("offers no Skill tool when the project has none, or when its instruction files are turned off", async () => {
    server.fake.script(reply().text("Hello."));
    await chat("Hi");
    expect(skillTool(0)).toBeUndefined();

    writeSkill("changelog", "Write the changelog entry for a change.", "Group entries.");
    await server.json("POST", "/api/settings", { project_instructions: false });
    server.fake.reset();
    server.fake.script(reply().text("Hello."));
    await chat("Hi again");
    expect(skillTool(0)).toBeUndefined();
  });
});
