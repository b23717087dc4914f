// @vitest-environment node
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { saveScreenshot } from "./support/screenshots.ts";

describe("idle prompts and the mission in the browser", { timeout: 90_000 }, () => {
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

  it("lists the project's instruction files in Settings and turns them off and on", async () => {
    const { server } = suite;
    const agents = join(server.projectDirectory, "AGENTS.md");
    writeFileSync(agents, "Use tabs for indentation.\n");
    try {
      const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
      await chat.page.getByTestId("settings-link").click();
      const section = chat.page.getByTestId("settings-project-instructions");
      expect(await section.getByTestId("project-instructions-files").textContent()).toBe("AGENTS.md 26 B");

      await section.getByTestId("project-instructions-enabled").uncheck();
      await section.getByText("(not given while this is off)").waitFor();
      expect((await server.api("GET", "/api/settings")).body).toMatchObject({
        settings: { project_instructions: false },
        project_instructions: { enabled: false },
      });
      await section.getByTestId("project-instructions-enabled").check();
      await section.getByText("(not given while this is off)").waitFor({ state: "detached" });
      const view = (await server.api("GET", "/api/settings")).body as { settings: Record<string, unknown> };
      expect(view.settings.project_instructions).toBeUndefined();
    } finally {
      rmSync(agents);
    }
  });
});
