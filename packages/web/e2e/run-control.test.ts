// @vitest-environment node
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { saveScreenshot } from "./support/screenshots.ts";

describe("steering the agent from the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();

  it("queues messages typed while the agent works, lets one be taken back, and answers the rest next", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().text("Working on the first request").gate("busy").text(", done."),
      reply().text("Answering the queued note."),
    );
    await chat.send("First request");
    await server.fake.waitForGate("busy");
    await chat.waitForAgentText("Working on the first request");

    expect(await chat.composer.getAttribute("placeholder")).toBe("Queue a message for the agent");
    await chat.composer.fill("Queued note");
    expect(await chat.sendButton.textContent()).toBe("Queue");
    await chat.composer.press("Enter");
    await chat.send("Never mind this one");
    await chat.queueItems.nth(1).waitFor();
    expect(await chat.queueItems.allTextContents()).toEqual(["Queued note", "Never mind this one"]);
    expect(await chat.messages("user").count()).toBe(1);
    await saveScreenshot(chat.page, "05-queue");

    await server.events.waitFor("QueueUpdated", (event) => event.length === 2);
    const beforeRemoval = server.events.mark;
    await chat.queueItems.filter({ hasText: "Never mind this one" }).getByTestId("queue-item-remove").click();
    const removal = await server.events.waitFor("QueueUpdated", () => true, beforeRemoval);
    expect([removal.change, removal.items.map((item) => item.preview), removal.length]).toEqual([
      "removed",
      ["Never mind this one"],
      1,
    ]);
    await chat.page
      .locator("[data-testid=queue-item]:has-text('Never mind this one')")
      .waitFor({ state: "detached" });
    expect(await chat.queueItems.allTextContents()).toEqual(["Queued note"]);

    server.fake.release("busy");
    await chat.waitForAgentText("Working on the first request, done.", 0);
    await chat.waitForAgentText("Answering the queued note.", 1);
    await chat.waitForAgentPhase("done", 1);
    expect(await chat.queueItems.count()).toBe(0);
    expect(await chat.messages("user").getByTestId("message-text").allTextContents()).toEqual([
      "First request",
      "Queued note",
    ]);
    expect(server.fake.requests).toHaveLength(2);
    expect(server.fake.requests[1]?.rawBody).toContain("Queued note");
    expect(server.fake.requests.some((request) => request.rawBody.includes("Never mind this one"))).toBe(
      false,
    );
  });

  it("stops a run on request, keeps what was already said, and takes the next message", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().text("Partial answer so far").hang("endless"),
      reply().text("A fresh answer."),
    );
    await chat.send("Start a long task");
    await server.fake.waitForGate("endless");
    await chat.waitForAgentText("Partial answer so far");
    const runId = await chat.messages("agent").last().getAttribute("data-message-id");

    await chat.stopButton.click();
    const outcome = await server.events.waitFor("Outcome", (event) => event.run_id === runId);
    expect(outcome.outcome).toBe("cancelled");
    expect(await server.fake.waitForResponseEnd(0)).toBe("client_aborted");
    const stopped = await chat.waitForAgentPhase("done");
    expect(await stopped.getByTestId("message-outcome").getAttribute("data-outcome")).toBe("cancelled");
    expect(await stopped.getByTestId("message-outcome").textContent()).toBe("Stopped");
    expect(await chat.agentText()).toBe("Partial answer so far");
    expect(await chat.stopButton.count()).toBe(0);
    expect(await chat.composer.getAttribute("placeholder")).toBe("Message Parley");
    await saveScreenshot(chat.page, "06-stopped");

    await chat.send("Try again, briefly");
    await chat.waitForAgentText("A fresh answer.");
    await chat.waitForAgentPhase("done");
    expect(await chat.messages("agent").count()).toBe(2);
  });

  it("switches between sessions, each showing only its own conversation, even while another is answering", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().text("Alpha answer."),
      reply().text("Beta answer begins").gate("beta").text(" and ends."),
    );
    await chat.send("Alpha question");
    await chat.waitForAgentText("Alpha answer.");
    await chat.page.waitForURL(/\/sessions\/ses_/);
    const alphaId = chat.sessionIdFromUrl();

    await chat.page.getByTestId("session-new").click();
    await chat.page.getByTestId("chat-empty").waitFor();
    expect(await chat.page.getByTestId("session-heading").textContent()).toBe("New chat");
    await chat.send("Beta question");
    await server.fake.waitForGate("beta");
    await chat.waitForAgentText("Beta answer begins");
    await chat.page.waitForURL(/\/sessions\/ses_/);
    const betaId = chat.sessionIdFromUrl();
    expect(betaId).not.toBe(alphaId);
    const betaRun = await chat.messages("agent").last().getAttribute("data-message-id");

    await chat.openSession("Alpha question");
    await chat.page.waitForURL(`**/sessions/${alphaId}`);
    await chat.waitForAgentText("Alpha answer.");
    server.fake.release("beta");
    await server.events.waitFor("Outcome", (event) => event.run_id === betaRun);
    // The other session's answer finished while this one was open: none of it may land here.
    await chat.waitForAgentPhase("done");
    expect(await chat.page.getByTestId("session-heading").textContent()).toBe("Alpha question");
    expect(await chat.messages("user").getByTestId("message-text").allTextContents()).toEqual([
      "Alpha question",
    ]);
    expect(await chat.messages("agent").count()).toBe(1);
    expect(await chat.page.getByTestId("message-list").textContent()).not.toContain("Beta");

    await chat.openSession("Beta question");
    await chat.page.waitForURL(`**/sessions/${betaId}`);
    await chat.waitForAgentText("Beta answer begins and ends.");
    await chat.waitForAgentPhase("done");
    expect(await chat.messages("user").getByTestId("message-text").allTextContents()).toEqual([
      "Beta question",
    ]);
    expect(await chat.messages("agent").count()).toBe(1);
  });
});
