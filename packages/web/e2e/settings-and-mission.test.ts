// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { saveScreenshot } from "./support/screenshots.ts";

describe("the settings page and the mission in the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();

  it("switches idle prompts on in Settings with their delay and budget, and the chat shows the mission", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.page.getByTestId("settings-link").click();
    await chat.page.waitForURL("**/settings");
    const section = chat.page.getByTestId("settings-idle-prompts");
    const status = section.getByTestId("idle-prompts-status");
    expect(await status.getAttribute("data-enabled")).toBe("false");
    expect(await status.textContent()).toContain("Off");

    await section.getByTestId("idle-prompts-enabled").check();
    await section.getByTestId("idle-prompts-minutes").fill("3");
    await section.getByTestId("idle-prompts-budget").fill("2");
    await section.getByTestId("idle-prompts-save").click();
    await section.locator('[data-testid="idle-prompts-status"][data-enabled="true"]').waitFor();
    expect(await status.textContent()).toBe("On: after 3 minutes idle, at most 2 per mission (set here)");
    expect((await server.api("GET", "/api/settings")).body).toMatchObject({
      settings: { idle_prompts: { enabled: true, after_seconds: 180, max_turns_per_mission: 2 } },
      idle_prompts: { enabled: true, after_seconds: 180, max_turns_per_mission: 2, source: "settings" },
    });
    expect(server.server.idlePrompts()).toMatchObject({ enabled: true, after_seconds: 180 });
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(chat.page, "50-idle-prompts-setting");

    // The chat shows the mission it works toward, and follows a change made elsewhere.
    await chat.page.getByTestId("settings-close").click();
    expect(await chat.page.getByTestId("chat-mission").count()).toBe(0);
    await server.api("POST", "/api/mission", { text: "Ship the release with every test green" });
    const line = chat.page.getByTestId("chat-mission");
    await line.filter({ hasText: "Ship the release with every test green" }).waitFor();
    await saveScreenshot(chat.page, "51-chat-mission-line");
    await server.api("DELETE", "/api/mission");
    await line.waitFor({ state: "detached" });

    await chat.page.getByTestId("settings-link").click();
    await chat.page.getByTestId("idle-prompts-enabled").uncheck();
    await chat.page.getByTestId("idle-prompts-save").click();
    await chat.page.locator('[data-testid="idle-prompts-status"][data-enabled="false"]').waitFor();
    expect(server.server.idlePrompts().enabled).toBe(false);
  });

  it("lists the project's instruction files and skills in Settings and turns them off and on", async () => {
    const { server } = suite;
    const agents = join(server.projectDirectory, "AGENTS.md");
    const style = join(server.projectDirectory, "STYLE.md");
    const skills = join(server.projectDirectory, ".claude");
    writeFileSync(agents, "Use tabs for indentation. Follow @STYLE.md\n");
    writeFileSync(style, "Name things plainly.\n");
    mkdirSync(join(skills, "skills", "changelog"), { recursive: true });
    writeFileSync(
      join(skills, "skills", "changelog", "SKILL.md"),
      "---\nname: changelog\ndescription: Write the changelog entry.\n---\nGroup under Fixed.\n",
    );
    mkdirSync(join(skills, "skills", "vague"));
    writeFileSync(join(skills, "skills", "vague", "SKILL.md"), "No frontmatter.\n");
    try {
      const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
      await chat.page.getByTestId("settings-link").click();
      const section = chat.page.getByTestId("settings-project-instructions");
      // `allTextContents` does not wait: the list is read once both rows are there.
      await section.getByTestId("project-instructions-files").locator("li").nth(1).waitFor();
      expect(await section.getByTestId("project-instructions-files").locator("li").allTextContents()).toEqual(
        ["AGENTS.md 43 B", "STYLE.md 21 B (imported by AGENTS.md)"],
      );
      expect(await section.getByTestId("project-skills").locator("li").allTextContents()).toEqual([
        "changelog Write the changelog entry. (the project's, .claude/skills/changelog)",
      ]);
      expect(await section.getByTestId("project-skills-skipped").textContent()).toBe(
        ".claude/skills/vague is not offered: its SKILL.md's frontmatter has no description, so the agent could not tell when to use it.",
      );

      await section.getByTestId("project-instructions-enabled").uncheck();
      await section.getByText("(not given while this is off)").first().waitFor();
      await section.getByText("(not offered while this is off)").waitFor();
      expect((await server.api("GET", "/api/settings")).body).toMatchObject({
        settings: { project_instructions: false },
        project_instructions: { enabled: false },
      });
      await section.getByTestId("project-instructions-enabled").check();
      await section.getByText("(not given while this is off)").first().waitFor({ state: "detached" });
      const view = (await server.api("GET", "/api/settings")).body as { settings: Record<string, unknown> };
      expect(view.settings.project_instructions).toBeUndefined();
    } finally {
      rmSync(agents);
      rmSync(style);
      rmSync(skills, { recursive: true });
    }
  });

  it("adds an OpenAI-compatible endpoint with its key, offers it as a provider, and removes it", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.page.getByTestId("settings-link").click();
    const section = chat.page.getByTestId("settings-endpoints");
    await section.getByTestId("endpoint-id").fill("gateway");
    await section.getByTestId("endpoint-url").fill(`${server.fake.url}/v1`);
    await section.getByTestId("endpoint-models").fill("fake-chat-1, fake-chat-2");
    await section.getByTestId("endpoint-key").fill("gw-secret-4321");
    await section.getByTestId("endpoint-save").click();
    await section.getByText("Saved gateway.").waitFor();
    expect(await section.getByTestId("endpoint-row").textContent()).toBe(
      `gateway ${server.fake.url}/v1 · fake-chat-1, fake-chat-2 Remove`,
    );
    // Its key is one of the API keys now, shown by its last characters only.
    const key = chat.page.getByTestId("settings-key-status-gateway");
    expect(await key.textContent()).toContain("4321");
    expect(await chat.page.content()).not.toContain("gw-secret-4321");
    await chat.page.getByTestId("settings-provider").selectOption("gateway");
    expect(
      await chat.page
        .locator("datalist option")
        .evaluateAll((options) => options.map((o) => o.getAttribute("value"))),
    ).toEqual(["fake-chat-1", "fake-chat-2"]);

    // An id the server refuses is named.
    await section.getByTestId("endpoint-id").fill("openai");
    await section.getByTestId("endpoint-url").fill("http://127.0.0.1:1/v1");
    await section.getByTestId("endpoint-save").click();
    await section.getByTestId("endpoint-feedback").filter({ hasText: "id: must not be one of" }).waitFor();

    await section.getByTestId("endpoint-remove").click();
    await section.getByText("Removed gateway.").waitFor();
    expect(await section.getByTestId("endpoint-row").count()).toBe(0);
    const view = (await server.api("GET", "/api/settings")).body as {
      settings: { providers?: { openai_compatible?: unknown[] } };
      api_keys: { provider: string }[];
    };
    expect(view.settings.providers?.openai_compatible).toEqual([]);
    expect(view.api_keys.map((entry) => entry.provider)).not.toContain("gateway");
  });
});
