// @vitest-environment node
import { mkdirSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { saveScreenshot } from "./support/screenshots.ts";

describe("the project's structure and mission in the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();

  it("shows the tree the agent read as a card the person can fold, open and scroll", async () => {
    const { server } = suite;
    const files: Record<string, string> = {
      "README.md": "# Demo\n",
      "src/lib/util.ts": "export const x = 1;\n",
    };
    for (let index = 0; index < 400; index++)
      files[`src/generated/file-${String(index).padStart(3, "0")}.ts`] = "x";
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(server.projectDirectory, path)), { recursive: true });
      writeFileSync(join(server.projectDirectory, path), content);
    }
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().toolCall("ProjectStructure", { type: "tree" }),
      reply().text("The project has a src folder."),
    );
    await chat.send("What is in this project?");
    await chat.waitForAgentTextContaining("The project has a src folder.");

    const card = chat.page.locator('[data-kind="ProjectStructure"]');
    await card.waitFor();
    const folders = card.getByTestId("tree-folder");
    expect(await folders.evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.path))).toEqual(
      ["", "src", "src/generated", "src/lib"],
    );
    await card.getByTestId("tree-expand-all").click();
    await card.locator('[data-path="src/generated/file-000.ts"]').waitFor();
    // 400 files in one folder: only those in view are in the page.
    const rendered = await card.getByTestId("tree-file").count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    await card.getByTestId("project-tree").evaluate((list) => {
      list.scrollTop = list.scrollHeight;
    });
    await card.locator('[data-path="src/lib/util.ts"]').waitFor();
    await saveScreenshot(chat.page, "40-project-structure-tree");
    // Scrolled to the end, the first rows have left the page; back at the top they return.
    expect(await card.locator('[data-testid="tree-folder"][data-path="src"]').count()).toBe(0);
    await card.getByTestId("project-tree").evaluate((list) => {
      list.scrollTop = 0;
    });

    await card.locator('[data-testid="tree-folder"][data-path="src"]').click();
    await card.locator('[data-path="src/lib/util.ts"]').waitFor({ state: "detached" });
    expect(
      await card.locator('[data-testid="tree-folder"][data-path="src"]').getAttribute("aria-expanded"),
    ).toBe("false");
  });

  it("lists on the dependency card the files it could not use, and why", async () => {
    const { server } = suite;
    const project = server.projectDirectory;
    writeFileSync(join(project, "package.json"), JSON.stringify({ dependencies: { zod: "^4.0.0" } }));
    // A sparse 65 MiB lockfile: over the limit by its size alone, never read.
    writeFileSync(join(project, "package-lock.json"), "");
    truncateSync(join(project, "package-lock.json"), 65 * 1024 * 1024);
    writeFileSync(join(project, "Cargo.toml"), "[package\nname = ");
    try {
      const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
      server.fake.script(
        reply().toolCall("ProjectStructure", { type: "dependencies" }),
        reply().text("Two files could not be read."),
      );
      await chat.send("What does this project depend on?");
      await chat.waitForAgentTextContaining("Two files could not be read.");
      const card = chat.page.locator('[data-kind="ProjectStructure"][data-structure-type="dependencies"]');
      await card.waitFor();
      const problems = card.getByTestId("structure-problem");
      expect(
        await problems.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.reason)),
      ).toEqual(["too_large", "invalid"]);
      expect(await problems.first().textContent()).toBe(
        "package-lock.json is 65.0 MiB; files over 64.0 MiB are not read.",
      );
      expect(await card.getByTestId("structure-problems").textContent()).toContain(
        "2 files could not be used",
      );
      await card.locator('[data-testid="dependency-row"][data-name="zod"]').waitFor();
      await saveScreenshot(chat.page, "41-project-structure-problems");
    } finally {
      for (const name of ["package.json", "package-lock.json", "Cargo.toml"]) rmSync(join(project, name));
    }
  });

  it("sets the mission in Settings, keeps it across a reload, and clears it into the history", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.page.getByTestId("settings-link").click();
    await chat.page.waitForURL("**/settings");
    const section = chat.page.getByTestId("settings-mission");
    await section.getByTestId("mission-none").waitFor();
    await section.getByTestId("mission-input").fill("Make every test pass");
    await section.getByTestId("mission-set").click();
    await section.getByTestId("mission-active").filter({ hasText: "Make every test pass" }).waitFor();

    await chat.page.reload();
    await chat.page.getByTestId("settings-mission").getByTestId("mission-active").waitFor();
    expect((await server.api("GET", "/api/mission")).body).toMatchObject({
      mission: { text: "Make every test pass" },
    });
    await chat.page.getByTestId("mission-clear").click();
    await chat.page.getByTestId("mission-none").waitFor();
    expect(await chat.page.getByTestId("mission-history-item").textContent()).toContain(
      "Make every test pass",
    );
    expect((await server.api("GET", "/api/mission")).body).toEqual({ mission: null });
  });
});
