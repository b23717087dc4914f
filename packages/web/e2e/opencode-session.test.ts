// @vitest-environment node
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openCodeConfig, reply } from "@parley/testkit";
import { afterAll, describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";

/**
 * A session answered by the real OpenCode binary (interop/opencode), offline against the fake model server's
 * Chat Completions API: its named agents, listed by OpenCode itself, and a model are chosen in the sidebar,
 * the header names them, its shell command waits for an approval card answered here, and it runs in the
 * project. The server runs in this process, so
 * OpenCode gets this environment: its config, data and cache folders are this test's own.
 */
const cliHome = mkdtempSync(join(tmpdir(), "parley-e2e-opencode-"));
const variables = {
  XDG_CONFIG_HOME: join(cliHome, "config"),
  XDG_DATA_HOME: join(cliHome, "data"),
  XDG_CACHE_HOME: join(cliHome, "cache"),
  XDG_STATE_HOME: join(cliHome, "state"),
  OPENCODE_DISABLE_MODELS_FETCH: "1",
  OPENCODE_DISABLE_AUTOUPDATE: "1",
  OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
  // No default plugins: OpenCode installs them from the npm registry into a new home, which took minutes in CI.
  OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
  PARLEY_OPENCODE_COMMAND: fileURLToPath(
    new URL("../../../interop/opencode/node_modules/opencode-ai/bin/opencode.exe", import.meta.url),
  ),
};
const saved = { ...process.env };
Object.assign(process.env, variables);
afterAll(() => {
  for (const name of Object.keys(variables)) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  rmSync(cliHome, { recursive: true, force: true });
});

describe("a session answered by OpenCode in the browser", { timeout: 300_000 }, () => {
  const suite = useBrowserSuite();

  it("starts with the named agent picked from OpenCode's own list, offers its models, shows the model it answered with, and runs its shell in the project", async () => {
    const { server } = suite;
    mkdirSync(join(variables.XDG_CONFIG_HOME, "opencode"), { recursive: true });
    writeFileSync(
      join(variables.XDG_CONFIG_HOME, "opencode", "opencode.json"),
      JSON.stringify(openCodeConfig(server.fake.openaiBaseUrl)),
    );
    const context = await suite.newContext();
    const chat = await ChatPage.signIn(context, server.loginUrl());
    // Each OpenCode command (listing agents, a run) takes many seconds on a busy machine.
    chat.page.setDefaultTimeout(150_000);
    await chat.page.getByTestId("session-new-backend").selectOption("opencode");
    const start = chat.page.getByTestId("agent-cli-start");
    const agent = start.getByTestId("agent-cli-agent");
    // OpenCode's built-in agents, as `opencode agent list` names them. Listing gives up after a minute; on a
    // machine loaded by the rest of the suite that happened, and Try again is what a person would press.
    const listed = agent.locator("option", { hasText: "build (primary)" });
    const failed = start.getByTestId("agent-cli-agents-error");
    for (let attempt = 1; ; attempt++) {
      await listed.or(failed).first().waitFor({ state: "attached" });
      if ((await listed.count()) > 0 || attempt === 3) break;
      console.warn(`OpenCode did not list its agents (attempt ${attempt}): ${await failed.textContent()}`);
      await start.getByTestId("agent-cli-agents-error-retry").click();
    }
    expect(await listed.count()).toBe(1);
    const offered = await agent.locator("option").allTextContents();
    expect(offered[0]).toBe("OpenCode's default");
    expect(offered).toContain("plan (primary)");
    await agent.selectOption("build");
    // The model field suggests OpenCode's own models (`opencode models`) once it has listed them.
    const model = start.getByTestId("agent-cli-model");
    await start.locator('datalist option[value="fake/fake-model"]').waitFor({ state: "attached" });
    expect(await model.getAttribute("data-models")).toBe("ready");
    // No model is chosen: OpenCode answers with its own.
    await start.getByTestId("agent-cli-start-button").click();
    await chat.page.waitForURL(/ses_/);
    // The header names OpenCode and the agent chosen for it, never Parley's model.
    expect(await chat.page.getByTestId("agent-cli-name").textContent()).toBe("OpenCode");
    expect(await chat.page.getByTestId("agent-cli-choices").textContent()).toBe("agent build");
    expect(await chat.page.getByTestId("model-label").count()).toBe(0);

    server.fake.when({ bodyIncludes: "title generator" }, reply().text("Fake title"));
    server.fake.script(
      reply().toolCall("bash", { command: "pwd", description: "Where am I" }),
      reply().text("I am in the project."),
    );
    await chat.send("Where are you?");
    // OpenCode, driven over ACP, asks before its shell command: the card is answered here, in the browser.
    await chat.page.getByTestId("approval-approve").click();
    await chat.waitForAgentText("I am in the project.");
    // OpenCode's shell ran in the session's project: `pwd` printed it.
    const project = realpathSync(server.projectDirectory);
    const results = await chat.messages("agent").last().getByTestId("tool-result").allTextContents();
    expect(results.join("\n")).toContain(project);
    const asked = server.fake.requests.filter(
      (request) => !JSON.stringify(request.body).includes("title generator"),
    );
    expect(asked.at(-1)?.body).toMatchObject({ model: "fake-model" });
    expect(await chat.messages("agent").last().getByTestId("message-author").textContent()).toBe("OpenCode");
    // The header now names the model OpenCode said it answered with, and still does after a reload.
    const choices = chat.page.getByTestId("agent-cli-choices");
    await chat.page.waitForFunction(() =>
      document.querySelector('[data-testid="agent-cli-choices"]')?.textContent?.startsWith("fake/"),
    );
    expect(await choices.textContent()).toBe("fake/fake-model · agent build");
    await chat.page.reload();
    await choices.waitFor();
    expect(await choices.textContent()).toBe("fake/fake-model · agent build");
  });
});
