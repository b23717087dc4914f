// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { codexConfigToml, httpError, reply } from "@parley/testkit";
import { afterAll, describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";

/**
 * A session answered by the real Codex binary (interop/codex, installed by the pretest step), offline
 * against the fake model server's Responses API: chosen in the sidebar with its model, streamed into the
 * same chat, still there after a reload, and Codex's own earlier session imported from the picker. The server runs in this process, so Codex gets this environment.
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
    // Codex has no named agents: the picker offers only its default, and no earlier session exists yet.
    const start = chat.page.getByTestId("agent-cli-start");
    await start.getByText("Codex has no sessions in this project yet.").waitFor();
    expect(await start.getByTestId("agent-cli-agent").locator("option").allTextContents()).toEqual([
      "Codex's default",
    ]);
    await start.getByTestId("agent-cli-start-button").click();
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

    // Codex answers, not Parley's model: the header names it in place of the model and permission mode,
    // and its reply is labelled with its name.
    await expectCodexAnswers(chat);
    // The model Codex answered with (its config's, as its rollout file says), though none was chosen.
    await chat.page.getByTestId("agent-cli-choices").getByText("fake-model", { exact: true }).waitFor();

    await chat.page.reload();
    await chat.waitForAgentText("Codex says hello.");
    expect(await chat.messages("user").getByTestId("message-text").textContent()).toBe("Run the tool");
    await expectCodexAnswers(chat);
  });

  it("imports Codex's earlier session from the picker with its history, and continues it", async () => {
    const { server } = suite;
    writeFileSync(join(codexHome, "config.toml"), codexConfigToml(server.fake.openaiBaseUrl));
    const context = await suite.newContext();
    const chat = await ChatPage.signIn(context, server.loginUrl());
    await chat.page.getByTestId("session-new-backend").selectOption("codex");
    // The session the first test had Codex answer is Codex's own session in this project now.
    const earlier = chat.page.getByTestId("agent-cli-earlier-session").filter({ hasText: "Run the tool" });
    await earlier.getByTestId("agent-cli-import").click();
    await chat.page.waitForURL(/ses_/);
    await chat.waitForAgentText("Codex says hello.");
    expect(await chat.messages("user").first().getByTestId("message-text").textContent()).toBe(
      "Run the tool",
    );
    // Codex's answer is one turn, as a live one is: its tool call in the activity, the command's result
    // under it, then its text.
    const turn = chat.messages("agent").last();
    expect(await turn.getByTestId("activity-headline").textContent()).toBe("Used 1 tool");
    expect(await turn.getByTestId("tool-result").textContent()).toMatch(/^Done.*Output:\ntool-ok$/s);
    expect(await turn.textContent()).toContain("exec_command");
    await expectCodexAnswers(chat);

    server.fake.script(reply().text("Continuing where we were."));
    await chat.send("Go on");
    await chat.waitForAgentText("Continuing where we were.");
    // Codex resumed its own thread: the model saw the earlier turn.
    expect(JSON.stringify(server.fake.requests.at(-1)?.body)).toContain("Codex says hello.");
    expect(await chat.sessionItems.count()).toBe(2);
  });

  it("shows the model chosen for Codex in the picker, and Codex's error once, also after a reload", async () => {
    const { server } = suite;
    writeFileSync(join(codexHome, "config.toml"), codexConfigToml(server.fake.openaiBaseUrl));
    const context = await suite.newContext();
    const chat = await ChatPage.signIn(context, server.loginUrl());
    await chat.page.getByTestId("session-new-backend").selectOption("codex");
    await chat.page.getByTestId("agent-cli-model").fill("fake-model-large");
    await chat.page.getByTestId("agent-cli-start-button").click();
    await chat.page.waitForURL(/ses_/);
    await chat.page.getByTestId("agent-cli-label").waitFor();
    expect(await chat.page.getByTestId("agent-cli-choices").textContent()).toContain("fake-model-large");

    server.fake.when({ lastUserTextIncludes: "FAIL" }, httpError(400, { message: "fake: bad request" }));
    await chat.send("FAIL please");
    const turn = await chat.waitForAgentPhase("done");
    // The model typed in the picker is the one Codex asked for.
    expect(server.fake.requests.at(-1)?.body).toMatchObject({ model: "fake-model-large" });
    const shown = async () => {
      const text = (await chat.page.getByTestId("message-list").textContent()) ?? "";
      return text.split("fake: bad request").length - 1;
    };
    // Once, in the turn's error, with Codex's message rather than the raw JSON body it reported.
    expect(await turn.getByTestId("message-error").textContent()).toMatch(/^Codex: fake: bad request/);
    expect(await shown()).toBe(1);
    expect(await chat.page.getByTestId("error-banner").count()).toBe(0);

    await chat.page.reload();
    await chat.waitForConnection("connected");
    const reloaded = await chat.waitForAgentPhase("done");
    expect(await reloaded.getByTestId("message-error").textContent()).toMatch(/^Codex: fake: bad request/);
    expect(await shown()).toBe(1);
  });
});

/** The header names Codex (not Parley's model or permission mode), and its replies are labelled Codex. */
async function expectCodexAnswers(chat: ChatPage): Promise<void> {
  const { page } = chat;
  expect(await page.getByTestId("agent-cli-name").textContent()).toBe("Codex");
  expect(await page.getByTestId("agent-cli-label").getAttribute("title")).toContain(
    "Codex answers this chat with its own model and tools",
  );
  expect(await page.getByTestId("permission-mode-select").count()).toBe(0);
  expect(await page.getByTestId("model-label").count()).toBe(0);
  expect(await chat.messages("agent").last().getByTestId("message-author").textContent()).toBe("Codex");
}
