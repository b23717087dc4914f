// @vitest-environment node
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";

/**
 * An editor's thread over `parley acp` in the browser: `parley acp` keeps it in PARLEY_HOME/cli-sessions
 * (the file written here is that format, as `packages/cli/test/parley-acp-web.test.ts` shows the real
 * `parley acp` writing it), and the server shows it read-only as it grows.
 */
describe("an editor's thread in the browser", { timeout: 60_000 }, () => {
  const suite = useBrowserSuite();

  it("shows the thread in the sidebar and chat, grows it as the editor goes on, and has no message box", async () => {
    const { server } = suite;
    const folder = join(server.server.context.home, "cli-sessions");
    mkdirSync(folder, { recursive: true });
    const writeThread = (history: unknown[]) => {
      const thread = {
        session_id: "zed-thread-1",
        cwd: server.projectDirectory,
        updated_at_ms: Date.now(),
        origin: "acp",
        history,
      };
      // As parley acp writes it: whole, then renamed into place.
      writeFileSync(join(folder, "zed-thread-1.json.tmp"), JSON.stringify(thread));
      renameSync(join(folder, "zed-thread-1.json.tmp"), join(folder, "zed-thread-1.json"));
    };
    const firstTurn = [
      { role: "user", content: [{ type: "text", text: "Explain the build" }] },
      { role: "assistant", content: [{ type: "text", text: "It compiles with esbuild." }] },
    ];
    writeThread(firstTurn);

    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.openSession("Explain the build");
    await chat.waitForAgentText("It compiles with esbuild.");
    expect(await chat.page.getByTestId("editor-thread-label").textContent()).toBe("Editor (ACP)");
    expect(await chat.page.getByTestId("editor-thread-note").textContent()).toContain(
      "continue it in your editor",
    );
    expect(await chat.page.getByTestId("composer").count()).toBe(0);

    writeThread([
      ...firstTurn,
      { role: "user", content: [{ type: "text", text: "And the tests?" }] },
      { role: "assistant", content: [{ type: "text", text: "Vitest runs them." }] },
    ]);
    await chat.waitForAgentText("Vitest runs them.");
    expect(await chat.messages("user").last().getByTestId("message-text").textContent()).toBe(
      "And the tests?",
    );
  });
});
