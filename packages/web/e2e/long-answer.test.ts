// @vitest-environment node
import { reply } from "@parley/testkit";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";

/** Word `index` of the long answer: bold now and then, a paragraph of four words, so it outgrows the screen. */
function token(index: number): string {
  const word = index % 10 === 0 ? `**word${index}**` : `word${index}`;
  return index % 4 === 0 ? `${word}.\n\n` : `${word} `;
}

/** The text the answer's first `count` words show as (each paragraph's words, no markup, no breaks). */
function shownText(count: number): string {
  let text = "";
  for (let index = 1; index <= count; index += 1) {
    text += index % 4 === 0 ? `word${index}.` : `word${index} `;
  }
  return text.trimEnd();
}

/** Where the conversation is scrolled: its top offset and how far it is from the end. */
function scrollState(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector("[data-testid=message-list]") as HTMLElement;
    return { top: list.scrollTop, fromEnd: list.scrollHeight - list.clientHeight - list.scrollTop };
  });
}

describe("a long answer streaming into the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();

  it("stays pinned to the end while it streams, leaves a reader who scrolled up in place, and loses no word", async () => {
    const { server } = suite;
    const context = await suite.newContext();
    const chat = await ChatPage.signIn(context, server.loginUrl());
    const answer = reply();
    for (let index = 1; index <= 160; index += 1) answer.text(token(index));
    answer.gate("scrolled");
    for (let index = 161; index <= 320; index += 1) answer.text(token(index));
    answer.gate("finish").text("The end.");
    server.fake.script(answer);

    await chat.send("Write a long answer");
    await server.fake.waitForGate("scrolled");
    await chat.waitForAgentText(shownText(160));
    // Forty paragraphs are taller than the screen; the reader never scrolled, so the end is in view.
    await chat.page.waitForFunction(() => {
      const list = document.querySelector("[data-testid=message-list]") as HTMLElement;
      return (
        list.scrollHeight > 2 * list.clientHeight &&
        list.scrollHeight - list.clientHeight - list.scrollTop <= 1
      );
    });
    expect(await chat.page.getByTestId("jump-to-latest").count()).toBe(0);

    await chat.page.getByTestId("message-list").evaluate((list) => {
      list.scrollTop = 200;
    });
    await chat.page.getByTestId("jump-to-latest").waitFor();
    server.fake.release("scrolled");
    await server.fake.waitForGate("finish");
    await chat.waitForAgentText(shownText(320));
    expect((await scrollState(chat.page)).top).toBe(200);

    server.fake.release("finish");
    await chat.waitForAgentPhase("done");
    // The finished turn is rendered from the whole text at once: it reads as the streamed one did.
    expect(await chat.agentText()).toBe(`${shownText(320)}The end.`);
    expect((await scrollState(chat.page)).top).toBe(200);
    await chat.page.getByTestId("jump-to-latest").click();
    await chat.page.waitForFunction(() => {
      const list = document.querySelector("[data-testid=message-list]") as HTMLElement;
      return list.scrollHeight - list.clientHeight - list.scrollTop <= 1;
    });
  });
});
