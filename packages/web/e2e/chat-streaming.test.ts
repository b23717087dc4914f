// @vitest-environment node
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { holdFirstRequest } from "./support/held-request.ts";
import { saveScreenshot } from "./support/screenshots.ts";

/** Forty distinct words, so a lost or doubled token shows as a wrong sequence, not just a length. */
const WORDS = Array.from({ length: 40 }, (_, index) => `word${index + 1}`);
const BEFORE_GATE = WORDS.slice(0, 15);
const AFTER_GATE = WORDS.slice(15);
const FULL_ANSWER = `${WORDS.join(" ")}.`;

/** The forty-word answer, one token per word, paused at `gate` after the fifteenth. */
function wordByWordAnswer(gate: string) {
  const answer = reply();
  for (const word of BEFORE_GATE) answer.text(`${word} `);
  answer.gate(gate);
  for (const [index, word] of AFTER_GATE.entries()) {
    answer.text(index === AFTER_GATE.length - 1 ? `${word}.` : `${word} `);
  }
  return answer;
}

describe("an answer streaming into the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();

  it("shows the answer growing token by token, then renders the finished markdown, table and code", async () => {
    const { server } = suite;
    const context = await suite.newContext();
    const chat = await ChatPage.signIn(context, server.loginUrl());
    await chat.page.getByTestId("chat-empty").waitFor();
    await saveScreenshot(chat.page, "01-empty");
    server.fake.script(
      reply()
        .text("Here is ")
        .text("a **streamed** answer")
        .gate("middle")
        .text(
          " with a table and code.\n\n| language | typed |\n|---|---|\n| TypeScript | yes |\n| JavaScript | no |\n\n",
        )
        .text("```ts\nconst answer: number = 42;\n```\n"),
    );

    await chat.send("Show me some markdown");
    await server.fake.waitForGate("middle");
    await chat.waitForAgentText("Here is a streamed answer");

    const turn = await chat.waitForAgentPhase("streaming");
    expect(await turn.getByTestId("segment").getAttribute("data-streaming")).toBe("true");
    expect(await chat.messages("user").getByTestId("message-text").textContent()).toBe(
      "Show me some markdown",
    );
    expect(await chat.stopButton.isVisible()).toBe(true);
    await saveScreenshot(chat.page, "02-streaming");

    server.fake.release("middle");
    await chat.waitForAgentPhase("done");
    expect(await turn.locator("strong").textContent()).toBe("streamed");
    expect(await turn.locator("table tbody tr").allTextContents()).toEqual(["TypeScriptyes", "JavaScriptno"]);
    const code = turn.getByTestId("code-block");
    expect(await code.getAttribute("data-language")).toBe("ts");
    expect(await code.locator("code").textContent()).toBe("const answer: number = 42;");
    await chat.page.waitForURL(/\/sessions\/ses_/);
    expect(await chat.page.getByTestId("session-heading").textContent()).toBe("Show me some markdown");
    expect(await chat.stopButton.count()).toBe(0);
    await saveScreenshot(chat.page, "03-done-markdown");
  });

  it("continues a half-streamed answer after a reload, with no word lost or doubled", async () => {
    const { server } = suite;
    const context = await suite.newContext();
    const chat = await ChatPage.signIn(context, server.loginUrl());
    server.fake.script(wordByWordAnswer("reload"));
    await chat.send("Count in words");
    await server.fake.waitForGate("reload");
    await chat.waitForAgentTextContaining(BEFORE_GATE.join(" "));

    await chat.page.reload();
    await chat.waitForConnection("connected");
    // The reloaded page rebuilds the running turn from the server's snapshot, still streaming.
    await chat.waitForAgentTextContaining(BEFORE_GATE.join(" "));
    await chat.waitForAgentPhase("streaming");

    server.fake.release("reload");
    await chat.waitForAgentText(FULL_ANSWER);
    await chat.waitForAgentPhase("done");
    expect(await chat.messages("agent").count()).toBe(1);
    expect(await chat.messages("user").count()).toBe(1);
  });

  it("recovers when the server cuts the event stream mid-answer, replaying exactly what was missed", async () => {
    const { server } = suite;
    const context = await suite.newContext();
    const chat = await ChatPage.signIn(context, server.loginUrl());
    server.fake.script(wordByWordAnswer("cut"));
    await chat.send("Count in words again");
    await server.fake.waitForGate("cut");
    await chat.waitForAgentTextContaining(BEFORE_GATE.join(" "));
    const runId = await chat.messages("agent").last().getAttribute("data-message-id");

    // Hold the browser's first reconnect until the answer has finished on the server, so every word after
    // the cut reaches the page only through the resumed stream.
    const reconnect = holdFirstRequest();
    await chat.page.route("**/api/events?*", reconnect.handler);
    expect(server.cutEventStreams()).toBeGreaterThan(0);
    await chat.waitForConnection("reconnecting");
    await reconnect.arrived;
    await saveScreenshot(chat.page, "04-reconnecting");

    server.fake.release("cut");
    const outcome = await server.events.waitFor("Outcome", (event) => event.run_id === runId);
    expect(outcome.outcome).toBe("success");
    expect(await chat.agentText()).toBe(`${BEFORE_GATE.join(" ")} `);

    reconnect.release();
    await chat.waitForConnection("connected");
    await chat.waitForAgentText(FULL_ANSWER);
    await chat.waitForAgentPhase("done");
    expect(await chat.messages("agent").count()).toBe(1);
    await chat.page.unroute("**/api/events?*", reconnect.handler);
  });

  it("keeps reconnecting while the network is down and catches up once it is back", async () => {
    const { server } = suite;
    const context = await suite.newContext();
    const chat = await ChatPage.signIn(context, server.loginUrl());
    server.fake.script(wordByWordAnswer("offline"));
    await chat.send("Count in words offline");
    await server.fake.waitForGate("offline");
    await chat.waitForAgentTextContaining(BEFORE_GATE.join(" "));
    const runId = await chat.messages("agent").last().getAttribute("data-message-id");

    // Chromium's offline mode fails new requests but leaves open sockets alone, so the server drops the
    // stream as a dying network would; every reconnect attempt then fails until the network is back.
    await context.setOffline(true);
    const failedReconnect = chat.page.waitForEvent("requestfailed", (request) =>
      request.url().includes("/api/events"),
    );
    expect(server.cutEventStreams()).toBeGreaterThan(0);
    await failedReconnect;
    await chat.page
      .locator("[data-testid=connection-indicator]:is([data-status=reconnecting], [data-status=offline])")
      .waitFor();
    server.fake.release("offline");
    await server.events.waitFor("Outcome", (event) => event.run_id === runId);
    expect(await chat.agentText()).toBe(`${BEFORE_GATE.join(" ")} `);

    await context.setOffline(false);
    await chat.waitForConnection("connected");
    await chat.waitForAgentText(FULL_ANSWER);
    await chat.waitForAgentPhase("done");
    expect(await chat.messages("agent").count()).toBe(1);
  });
});
