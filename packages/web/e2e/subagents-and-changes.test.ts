// @vitest-environment node
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import type { E2eServer } from "./support/e2e-server.ts";
import { toolResultSent } from "./support/model-requests.ts";
import { saveScreenshot } from "./support/screenshots.ts";

describe("subagents, change reports and cards from newer peers in the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();
  const writeProjectFile = (path: string, content: string) => {
    const file = join(suite.server.projectDirectory, path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, content);
  };

  it("shows a subagent the agent delegated to as running, then done with what it found", async () => {
    const { server } = suite;
    writeProjectFile("docs/launch.md", "The launch is on Friday.\n");
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    const start = server.events.mark;
    server.fake.script(
      reply().text("Let me delegate that.").toolCall("Task", {
        description: "Find the launch day",
        prompt: "Read docs/launch.md and report the launch day.",
      }),
      reply().toolCall("Read", { file_path: "docs/launch.md" }),
      reply().text("The launch is").gate("subagent-report").text(" on Friday."),
      reply().text("The subagent found it: the launch is on Friday."),
    );
    await chat.send("When is the launch?");
    await server.fake.waitForGate("subagent-report");

    const entry = chat.subagent();
    await entry.waitForStatus("running");
    const spawned = await server.events.waitFor("SubagentSpawned", () => true, start);
    expect(await entry.root.getAttribute("data-run-id")).toBe(spawned.run_id);
    expect(await entry.root.getAttribute("data-done")).toBe("false");
    expect(await entry.task.textContent()).toBe("Find the launch day");
    await entry.root.getByTestId("subagent-toggle").click();
    expect(await entry.root.getByTestId("subagent-prompt").textContent()).toBe(
      "Read docs/launch.md and report the launch day.",
    );
    const childActivity = entry.root.getByTestId("subagent-activity").getByTestId("activity-entry");
    await childActivity.and(chat.page.locator("[data-state=done]")).waitFor();
    expect(await childActivity.textContent()).toContain("docs/launch.md");
    await saveScreenshot(chat.page, "17-subagent-running");

    server.fake.release("subagent-report");
    await entry.waitForStatus("success");
    await chat.waitForAgentTextContaining("The subagent found it: the launch is on Friday.");
    await chat.waitForAgentPhase("done");
    expect(await entry.root.getAttribute("data-done")).toBe("true");
    // Collapsed, the entry shows the subagent's report as its outcome; the report is not part of the
    // main agent's own text.
    await entry.root.getByTestId("subagent-toggle").click();
    expect(await entry.root.getByTestId("subagent-toggle").getAttribute("aria-expanded")).toBe("false");
    expect(await entry.outcome.textContent()).toBe("The launch is on Friday.");
    await chat.waitForAgentText("Let me delegate that.The subagent found it: the launch is on Friday.");
    expect(await entry.root.getByTestId("subagent-meta").textContent()).toContain("1 tool");
    await saveScreenshot(chat.page, "18-subagent-done");

    const result = await server.events.waitFor("SubagentResult", (event) => event.run_id === spawned.run_id);
    expect(result.outcome).toBe("success");
    expect(toolResultSent(server.fake, 3, String(spawned.tool_use_id)).text).toContain(
      "The launch is on Friday.",
    );
  });

  it("lists the files a turn wrote and edited in a change report, each with its diff", async () => {
    const { server } = suite;
    writeProjectFile("app/server.ts", "const host = 'localhost';\nconst port = 3000;\nlisten(host, port);\n");
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.choosePermissionMode("acceptEdits");
    server.fake.script(
      reply()
        .text("Adding the config and changing the port.")
        .toolCall("Write", { file_path: "app/config.ts", content: "export const debug = false;\n" })
        .toolCall("Edit", {
          file_path: "app/server.ts",
          old_string: "const port = 3000;",
          new_string: "const port = 8080;",
        }),
      reply().text("Both files are changed."),
    );
    await chat.send("Add a config file and move the server to port 8080");
    const report = chat.changeReport();
    await report.root.waitFor();
    await chat.waitForAgentPhase("done");
    await chat.waitForAgentTextContaining("Both files are changed.");

    expect(
      await report.files.evaluateAll((files) =>
        files.map((file) => [file.getAttribute("data-path"), file.getAttribute("data-change")]),
      ),
    ).toEqual([
      ["app/config.ts", "added"],
      ["app/server.ts", "modified"],
    ]);
    expect(await report.root.getByTestId("change-report-counts").textContent()).toBe("+2 −1");
    expect(await report.file("app/server.ts").getByTestId("change-file-counts").textContent()).toBe("+1 −1");
    const serverDiff = await report.openDiff("app/server.ts");
    expect(serverDiff).toContainEqual(["header", "--- a/app/server.ts"]);
    expect(serverDiff).toContainEqual(["header", "+++ b/app/server.ts"]);
    expect(serverDiff).toContainEqual(["remove", "-const port = 3000;"]);
    expect(serverDiff).toContainEqual(["add", "+const port = 8080;"]);
    expect(serverDiff).toContainEqual(["context", " listen(host, port);"]);
    const configDiff = await report.openDiff("app/config.ts");
    expect(configDiff).toContainEqual(["header", "--- /dev/null"]);
    expect(configDiff).toContainEqual(["add", "+export const debug = false;"]);
    expect(
      await report.file("app/server.ts").getByTestId("change-file-toggle").getAttribute("aria-expanded"),
    ).toBe("true");
    await saveScreenshot(chat.page, "19-change-report");

    const committed = await server.events.waitFor("ChangeReport", (event) =>
      event.files.some((file) => file.path === "app/server.ts"),
    );
    expect(committed.files.map((file) => file.path)).toEqual(["app/config.ts", "app/server.ts"]);
  });

  it("shows a message of a kind it does not know as text, warns in the console, and keeps working", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    const warnings: string[] = [];
    chat.page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    server.fake.script(reply().text("Here is the forecast."));
    await chat.send("What is the weather?");
    await chat.waitForAgentText("Here is the forecast.");
    await chat.waitForAgentPhase("done");
    await chat.page.waitForURL(/\/sessions\/ses_/);
    const sessionId = chat.sessionIdFromUrl() as string;
    const runId = (await chat.messages("agent").last().getAttribute("data-message-id")) as string;

    // A newer Parley stores and announces a kind this UI has never heard of, as the server stores any message.
    const warned = unknownKindWarning(chat, "WeatherMap");
    const messageId = storeMessageFromNewerPeer(server, sessionId, runId, {
      kind: "WeatherMap",
      data: { text: "Sunny all week, 24 °C.", map_url: "https://maps.example/tiles/1" },
    });
    const expectedWarning = `[parley] message ${messageId} has unknown rich kind "WeatherMap"; it is shown as text`;
    expect(await warned).toBe(expectedWarning);
    const card = chat.page.locator(`[data-testid=text-card][data-message-id="${messageId}"]`);
    await card.waitFor();
    expect(await card.getAttribute("data-unknown-kind")).toBe("WeatherMap");
    expect(await card.getByTestId("markdown").textContent()).toBe("Sunny all week, 24 °C.");
    expect(await card.textContent()).toContain("this version of Parley has no card for “WeatherMap”");
    expect(await card.locator("a, img").count()).toBe(0);

    server.fake.script(reply().text("Still here."));
    await chat.send("Are you still there?");
    await chat.waitForAgentText("Still here.");
    await chat.waitForAgentPhase("done");
    expect(await chat.page.getByTestId("error-banner").count()).toBe(0);
    expect(warnings).toEqual([expectedWarning]);

    // A fresh page builds the card from the stored session the same way, and warns again.
    const warnedAgain = unknownKindWarning(chat, "WeatherMap");
    await chat.page.reload();
    await chat.waitForConnection("connected");
    expect(await warnedAgain).toBe(expectedWarning);
    await card.waitFor();
    expect(await card.getByTestId("markdown").textContent()).toBe("Sunny all week, 24 °C.");
    await chat.waitForAgentText("Still here.");
    expect(await chat.messages("agent").count()).toBe(2);
  });
});

/** The text of the next console warning about a message of rich kind `kind`. */
async function unknownKindWarning(chat: ChatPage, kind: string): Promise<string> {
  const message = await chat.page.waitForEvent(
    "console",
    (candidate) => candidate.type() === "warning" && candidate.text().includes(`unknown rich kind "${kind}"`),
  );
  return message.text();
}

/**
 * Stores an agent message of `rich` kind in a session's finished run and announces it, in one transaction,
 * exactly as the server's message publisher stores and announces every message: what a page sees when a
 * newer server (or a newer agent writing through it) uses a kind this UI does not know.
 */
function storeMessageFromNewerPeer(
  server: E2eServer,
  sessionId: string,
  runId: string,
  rich: { kind: string; data: Record<string, unknown> },
): string {
  const { store, bus, newId, now, projectRoot } = server.server.context;
  const id = newId("msg");
  store.transaction(() => {
    store.messages.append({
      id,
      session_id: sessionId,
      agent_id: "main",
      role: "assistant",
      rich,
      run_id: runId,
      created_at_ms: now(),
    });
    bus.publish({
      type: "Message",
      agent_id: "main",
      from: "main",
      to: "user",
      content: String(rich.data.text ?? ""),
      message_id: id,
      role: "assistant",
      rich,
      run_id: runId,
      session_id: sessionId,
      project_root: projectRoot,
    });
  });
  return id;
}
