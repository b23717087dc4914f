// @vitest-environment node
import { reply } from "@parley/testkit";
import type { BrowserContext, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";

/** More tabs than the 6 connections per host a browser profile allows under HTTP/1.1. */
const TAB_COUNT = 8;

/** Thirty distinct words, so a lost or doubled token shows as a wrong sequence, not just a length. */
const WORDS = Array.from({ length: 30 }, (_, index) => `tab${index + 1}`);
const textUpTo = (count: number) => WORDS.slice(0, count).join(" ");
const FULL_ANSWER = `${WORDS.join(" ")}.`;

/** The answer one token per word, paused at `joined` after ten words and at `handover` after twenty. */
function answerWithTwoGates() {
  const answer = reply();
  for (const [index, word] of WORDS.entries()) {
    if (index === 10) answer.gate("joined");
    if (index === 20) answer.gate("handover");
    answer.text(index === WORDS.length - 1 ? `${word}.` : `${word} `);
  }
  return answer;
}

/** Every `GET /api/events` a context's pages make, with the page that made it. */
function recordEventStreamRequests(context: BrowserContext): { page: Page; url: URL }[] {
  const requests: { page: Page; url: URL }[] = [];
  context.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/events") requests.push({ page: request.frame().page(), url });
  });
  return requests;
}

/** Opens another tab of the same profile (already signed in) on the app and waits until it is connected. */
async function openTab(context: BrowserContext, url: string): Promise<ChatPage> {
  const chat = new ChatPage(await context.newPage());
  await chat.page.goto(url);
  await chat.waitForConnection("connected");
  return chat;
}

describe("many tabs of one browser", { timeout: 120_000 }, () => {
  const suite = useBrowserSuite();

  it("shares one event stream among eight tabs, and another tab takes it over when the leader's tab closes mid-answer", async () => {
    const { server } = suite;
    const context = await suite.newContext();
    const eventRequests = recordEventStreamRequests(context);
    const first = await ChatPage.signIn(context, server.loginUrl());
    const tabs = [first];
    for (let index = 1; index < TAB_COUNT; index++) tabs.push(await openTab(context, server.url));

    // Eight tabs show the app, connected, over one connection: the first tab's.
    expect(eventRequests.map((request) => request.page)).toEqual([first.page]);
    expect(server.openEventStreams()).toBe(1);
    expect(await tabs[TAB_COUNT - 1]?.connection.getAttribute("title")).toBe("Connection: Connected");

    server.fake.script(answerWithTwoGates());
    await first.send("Count for every tab");
    await server.fake.waitForGate("joined");
    await first.waitForAgentTextContaining(textUpTo(10));
    // The other tabs open the session by its address while the answer streams: each loads its snapshot
    // and gets the frames after it from the tabs that were listening.
    await first.page.waitForURL(/\/sessions\/ses_/);
    for (const tab of tabs.slice(1)) {
      await tab.page.goto(first.page.url());
      await tab.waitForConnection("connected");
    }
    for (const tab of tabs) await tab.waitForAgentTextContaining(textUpTo(10));
    for (const tab of tabs) await tab.waitForAgentPhase("streaming");
    expect(eventRequests.map((request) => request.page)).toEqual([first.page]);

    server.fake.release("joined");
    await server.fake.waitForGate("handover");
    for (const tab of tabs) await tab.waitForAgentText(`${textUpTo(20)} `);
    expect(server.openEventStreams()).toBe(1);

    // The leader's tab closes mid-answer: the browser hands its lock to another tab, which opens the stream.
    const takeover = new Promise<{ page: Page; url: URL }>((resolve) => {
      context.on("request", (request: Request) => {
        const url = new URL(request.url());
        if (url.pathname === "/api/events") resolve({ page: request.frame().page(), url });
      });
    });
    await first.page.close();
    const next = await takeover;
    const remaining = tabs.slice(1);
    expect(remaining.map((tab) => tab.page)).toContain(next.page);
    // It resumes after what it has seen instead of starting live.
    expect(Number(next.url.searchParams.get("after"))).toBeGreaterThan(0);
    // The server notices the closed tab's connection go; then exactly one is open.
    await expect.poll(() => server.openEventStreams()).toBe(1);
    for (const tab of remaining) await tab.waitForConnection("connected");

    server.fake.release("handover");
    for (const tab of remaining) {
      await tab.waitForAgentText(FULL_ANSWER);
      await tab.waitForAgentPhase("done");
      expect(await tab.messages("agent").count()).toBe(1);
      expect(await tab.messages("user").count()).toBe(1);
    }
    expect(eventRequests).toHaveLength(2);
    expect(server.openEventStreams()).toBe(1);
  });

  it("where the browser has no Web Locks, each tab keeps a stream of its own and still streams the answer", async () => {
    const { server } = suite;
    const context = await suite.newContext();
    // Web Locks exist only in secure contexts: a page served over plain http from another host has none.
    await context.addInitScript(() => {
      delete (Navigator.prototype as { locks?: unknown }).locks;
    });
    const eventRequests = recordEventStreamRequests(context);
    const first = await ChatPage.signIn(context, server.loginUrl());
    const second = await openTab(context, server.url);
    expect(await second.page.evaluate(() => "locks" in navigator)).toBe(false);
    // The page says so where the user looks for connection trouble, the indicator's tooltip.
    for (const tab of [first, second]) {
      expect(await tab.connection.getAttribute("title")).toContain("Each tab uses its own connection");
    }
    expect(new Set(eventRequests.map((request) => request.page))).toEqual(new Set([first.page, second.page]));
    expect(server.openEventStreams()).toBe(2);

    server.fake.script(reply().text("Each tab ").gate("fallback").text("on its own stream."));
    await first.send("Stream without sharing");
    await server.fake.waitForGate("fallback");
    await first.page.waitForURL(/\/sessions\/ses_/);
    await second.page.goto(first.page.url());
    await second.waitForConnection("connected");
    for (const tab of [first, second]) await tab.waitForAgentText("Each tab ");

    server.fake.release("fallback");
    for (const tab of [first, second]) {
      await tab.waitForAgentText("Each tab on its own stream.");
      await tab.waitForAgentPhase("done");
    }
  });
});
