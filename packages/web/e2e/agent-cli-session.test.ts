// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { codexConfigToml, reply } from "@parley/testkit";
import { afterAll, describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";

/**
 * A session answered by the real Codex binary (interop/codex, installed by the pretest step), offline
 * against the fake model server's Responses API: chosen in the sidebar, streamed into the same chat, and
 * still there after a reload. The server runs in this process, so Codex gets this environment.
 */
const codexHome = mkdtempSync(join(tmpdir(), "parley-e2e-codex-"));
const saved = { ...process.env };
process.env.CODEX_HOME = codexHome;
process.env.FAKE_API_KEY = "sk-fake";
process.env.PARLEY_CODEX_COMMAND = fileURLToPath(
  new URL("../../../interop/codex/node_modules/@openai/codex/bin/codex.js", import.meta.url),
);
afterAll(() => {
  for (const name of ["CODEX_HOME", "FAKE_API_KEY", "PARLEY_CODEX_COMMAND"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  rmSync(codexHome, { recursive: true, force: true });
});

describe("a session answered by Codex in the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();

  it("is picked in the sidebar, shows Codex's reasoning and tool call while it runs, then its answer, also after a reload", async () => {
    const { server } = suite;
    writeFileSync(join(codexHome, "config.toml"), codexConfigToml(server.fake.openaiBaseUrl));
    const context = await suite.newContext();
    const chat = await ChatPage.signIn(context, server.loginUrl());
    await chat.page.getByTestId("session-new-backend").selectOption("codex");
    await chat.page.waitForURL(/ses_/);

    server.fake.script(
      reply().thinking("Checking the tool first.").toolCall("exec_command", { cmd: "echo tool-ok" }),
      reply().gate("answer").text("Codex says hello."),
    );
    await chat.send("Run the tool");
    await server.fake.waitForGate("answer");
    // The run is still going (its model call is held), and the tool call Codex made is already shown.
    await chat.page.getByText("echo tool-ok").first().waitFor();
    server.fake.release("answer");
    await chat.waitForAgentText("Codex says hello.");
    // Codex's reasoning streamed into the answer's message, as a built-in agent's does.
    expect(await chat.page.getByTestId("thinking-text").last().textContent()).toContain(
      "Checking the tool first.",
    );
    expect(server.fake.requests.map((request) => request.route)).toEqual([
      "openai_responses",
      "openai_responses",
    ]);

    await chat.page.reload();
    await chat.waitForAgentText("Codex says hello.");
    expect(await chat.messages("user").getByTestId("message-text").textContent()).toBe("Run the tool");
  });
});
