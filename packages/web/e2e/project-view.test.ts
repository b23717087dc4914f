// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { lastUserTextSent } from "./support/model-requests.ts";
import { saveScreenshot } from "./support/screenshots.ts";

describe("the Project view in the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();

  it("shows the tree, files and dependencies without asking the agent, and shares one into the chat as context", async () => {
    const { server } = suite;
    const files: Record<string, string> = {
      "README.md": "# Demo\n",
      "src/file-10.ts": "x",
      "src/file-2.ts": "x",
      "src/File-1.ts": "x",
      "package.json": JSON.stringify({
        name: "demo",
        dependencies: { zod: "^4.0.0" },
        peerDependencies: { react: "^19.0.0" },
      }),
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(server.projectDirectory, path)), { recursive: true });
      writeFileSync(join(server.projectDirectory, path), content);
    }
    try {
      const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
      await chat.page.getByTestId("project-link").click();
      await chat.page.waitForURL("**/project");
      const page = chat.page.getByTestId("project-page");
      const tree = page.locator('[data-kind="ProjectStructure"][data-structure-type="tree"]');
      await tree.waitFor();
      await tree.getByTestId("tree-expand-all").click();
      await tree.locator('[data-path="src/file-10.ts"]').waitFor();
      // "Alphabetical" as people read it: case-insensitive, file-2 before file-10.
      expect(
        await tree
          .getByTestId("tree-file")
          .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.path)),
      ).toEqual(["src/File-1.ts", "src/file-2.ts", "src/file-10.ts", "package.json", "README.md"]);

      await page.getByTestId("project-tab-dependencies").click();
      const dependencies = page.locator('[data-kind="ProjectStructure"][data-structure-type="dependencies"]');
      const react = dependencies.locator('[data-testid="dependency-row"][data-name="react"]');
      await react.waitFor();
      expect(await react.getByTestId("dependency-tag").allTextContents()).toEqual(["direct", "peer"]);
      await saveScreenshot(chat.page, "52-project-view-dependencies");
      // Nothing was asked of the agent to show it.
      expect(server.fake.requests).toHaveLength(0);

      server.fake.script(reply().text("It depends on zod, and react as a peer."));
      await page.getByTestId("project-share").click();
      await chat.waitForAgentTextContaining("It depends on zod, and react as a peer.");
      const sent = lastUserTextSent(server.fake, 0);
      expect(sent).toContain("Dependencies of the project, shared by the person for context");
      expect(sent).toMatch(/- react \^19\.0\.0 \[npm, peer\]/);
      expect(sent).toMatch(/- zod \^4\.0\.0 \[npm\]/);
      // The chat shows what was shared as the card itself, in the person's message.
      const shared = chat.page.locator('[data-role="user"] [data-kind="ProjectStructure"]');
      await shared.locator('[data-testid="dependency-row"][data-name="zod"]').waitFor();
      expect(await shared.getAttribute("data-structure-type")).toBe("dependencies");
    } finally {
      for (const path of Object.keys(files)) rmSync(join(server.projectDirectory, path));
    }
  });

  it("attaches the structure typed as /structure to the message, which shows it as a card in the chat, also after a reload", async () => {
    const { server } = suite;
    mkdirSync(join(server.projectDirectory, "lib"), { recursive: true });
    writeFileSync(join(server.projectDirectory, "lib", "helper.ts"), "export {};\n");
    try {
      const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
      const composer = chat.page.getByTestId("composer");
      await composer.fill("/struct");
      await chat.page.getByTestId("structure-suggestion").waitFor();
      await composer.fill("/structure files lib");
      await composer.press("Enter");
      const pending = chat.page.getByTestId("pending-attachment");
      await pending.waitFor();
      expect(await pending.textContent()).toContain("File list of the project");
      // Seen before it is sent: the card unfolds under its name.
      await pending.locator("summary").click();
      await pending.locator('[data-kind="ProjectStructure"] [data-path="helper.ts"]').waitFor();
      expect(server.fake.requests).toHaveLength(0);

      server.fake.script(reply().text("One helper in lib."));
      await chat.send("What is in lib?");
      await chat.waitForAgentTextContaining("One helper in lib.");
      expect(await pending.count()).toBe(0);
      const sent = lastUserTextSent(server.fake, 0);
      expect(sent).toMatch(
        /^What is in lib\?\n\nFile list of the project, shared by the person for context:/,
      );
      expect(sent).toContain("- helper.ts");

      const card = () => chat.messages("user").last().locator('[data-kind="ProjectStructure"]');
      await card().locator('[data-path="helper.ts"]').waitFor();
      await chat.page.reload();
      await card().locator('[data-path="helper.ts"]').waitFor();
      expect(await card().getAttribute("data-structure-type")).toBe("file_list");
      expect(await chat.messages("user").last().getByTestId("message-text").textContent()).toBe(
        "What is in lib?",
      );
      await saveScreenshot(chat.page, "53-structure-in-chat");
    } finally {
      rmSync(join(server.projectDirectory, "lib"), { recursive: true });
    }
  });
});
