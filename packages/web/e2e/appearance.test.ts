// @vitest-environment node
import { reply } from "@parley/testkit";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { E2E_MODEL } from "./support/e2e-server.ts";
import { saveScreenshot } from "./support/screenshots.ts";

/** An answer with the kinds of content that stress a layout: prose, a wide table and a long code line. */
const RICH_ANSWER = [
  "The **plan** has three parts; each is small enough to review on its own.",
  "",
  "| step | file | change |",
  "|---|---|---|",
  "| 1 | packages/server/src/http/routes/chat-routes.ts | validate the request |",
  "| 2 | packages/sdk/src/chat-store.ts | retry with the same client id |",
  "",
  "```ts",
  "export const retryDelays = [250, 500, 1000, 2000, 4000, 8000, 16000, 32000] as const; // capped exponential backoff",
  "```",
  "",
  "- keep the queue",
  "- keep the cursor",
].join("\n");

/** The relative luminance (0 black … 1 white) of an element's background, read in the page. */
function backgroundLuminance(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (element) => {
    const channels =
      getComputedStyle(element)
        .backgroundColor.match(/[\d.]+/g)
        ?.map(Number) ?? [];
    const [red = 0, green = 0, blue = 0] = channels.map((value) => {
      const channel = value / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  });
}

describe("the page's settings, theme and small screens", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();

  it("opens the settings page with the model that answers now, and goes back to the chat", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.page.getByTestId("settings-link").click();
    await chat.page.waitForURL("**/settings");
    const current = chat.page.getByTestId("settings-current-model");
    await current.waitFor();
    expect(await current.textContent()).toContain(E2E_MODEL);
    await saveScreenshot(chat.page, "08-settings");

    await chat.page.getByTestId("settings-close").click();
    await chat.page.getByTestId("chat-empty").waitFor();
    expect(new URL(chat.page.url()).pathname).toBe("/");
  });

  it("titles the settings page Settings, lays its mission and override forms out in full width, and says where each agent CLI's model is set", async () => {
    const chat = await ChatPage.signIn(await suite.newContext(), suite.server.loginUrl());
    await chat.page.getByTestId("settings-link").click();
    await chat.page.waitForURL("**/settings");
    expect(await chat.page.getByTestId("session-heading").textContent()).toBe("Settings");

    const box = async (testId: string) => {
      const found = await chat.page.getByTestId(testId).boundingBox();
      if (found === null) throw new Error(`${testId} is not shown`);
      return found;
    };
    for (const [section, field, button] of [
      ["settings-mission", "mission-input", "mission-set"],
      ["settings-agent-override", "override-instructions", "override-save"],
    ] as const) {
      const area = await box(section);
      const input = await box(field);
      // Each box spans the section (not a 20-column textarea beside its label), its button sits below it.
      expect(input.width).toBeGreaterThan(area.width * 0.9);
      expect((await box(button)).y).toBeGreaterThanOrEqual(input.y + input.height);
    }

    const setups = chat.page.getByTestId("agent-cli-setup");
    await setups.first().waitFor();
    expect(await setups.count()).toBe(4);
    const claude = chat.page.getByTestId("agent-cli").filter({ hasText: "Claude Code" });
    await claude.getByText("Model, API key or proxy").click();
    expect(await claude.getByTestId("agent-cli-setup").textContent()).toContain("ANTHROPIC_BASE_URL");
    expect(await claude.getByRole("link").getAttribute("href")).toMatch(/^https:\/\//);
    await saveScreenshot(chat.page, "08b-settings-forms");
  });

  it("switches to a dark theme that the page still uses after a reload", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext({ colorScheme: "light" }), server.loginUrl());
    server.fake.script(reply().text(RICH_ANSWER));
    await chat.send("Plan the retry work");
    await chat.waitForAgentPhase("done");
    expect(await backgroundLuminance(chat.page, "body")).toBeGreaterThan(0.5);

    await chat.page.getByTestId("theme-toggle").click();
    await chat.page.locator("html[data-theme=dark]").waitFor();
    expect(await chat.page.getByTestId("theme-toggle").getAttribute("data-theme")).toBe("dark");
    expect(await backgroundLuminance(chat.page, "body")).toBeLessThan(0.1);
    await saveScreenshot(chat.page, "09-dark-theme");

    await chat.page.reload();
    await chat.waitForAgentPhase("done");
    expect(await chat.page.locator("html").getAttribute("data-theme")).toBe("dark");
    expect(await backgroundLuminance(chat.page, "body")).toBeLessThan(0.1);
  });

  it("fits a phone: no sideways scrolling, the composer in view, the sessions in a drawer", async () => {
    const { server } = suite;
    const context = await suite.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const chat = await ChatPage.signIn(context, server.loginUrl());
    server.fake.script(reply().text(RICH_ANSWER));
    await chat.send("Plan the retry work on my phone");
    await chat.waitForAgentPhase("done");

    const viewport = chat.page.viewportSize() ?? { width: 0, height: 0 };
    expect(await chat.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    const composer = await chat.composer.boundingBox();
    expect(composer).not.toBeNull();
    expect((composer?.y ?? 0) + (composer?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
    expect((composer?.x ?? 0) + (composer?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    const toggle = chat.page.getByTestId("sidebar-toggle");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await chat.page.getByTestId("session-list").isVisible()).toBe(false);
    await saveScreenshot(chat.page, "10-phone");

    await toggle.click();
    await chat.page.locator("[data-testid=sidebar-toggle][aria-expanded=true]").waitFor();
    await chat.page.getByTestId("session-list").waitFor();
    await saveScreenshot(chat.page, "11-phone-sessions");
    await chat.page.getByTestId("session-new").click();
    await chat.page.getByTestId("chat-empty").waitFor();
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  });
});
