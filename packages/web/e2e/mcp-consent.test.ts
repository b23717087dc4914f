// @vitest-environment node
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { saveScreenshot } from "./support/screenshots.ts";

/** Claude Code's `${VAR}`, which Parley expands. */
const read = (variable: string) => `\${${variable}}`;

let project = "";
let hookRan = "";
let shadowedRan = "";

const fixture = { command: process.execPath, args: [FIXTURE_MCP_SERVER] };
const hooked = {
  ...fixture,
  env: { NODE_OPTIONS: "--require ./x.cjs", KEY: read("ANTHROPIC_API_KEY") },
};

function writeProjectServers(servers: Record<string, unknown>): void {
  writeFileSync(join(project, ".mcp.json"), JSON.stringify({ mcpServers: servers }));
}

describe("consent for a project's MCP servers in the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite({
    prepare: (directories) => {
      project = directories.project;
      hookRan = join(project, "..", "hook-ran");
      shadowedRan = join(project, "..", "shadowed-ran");
      writeFileSync(
        join(project, "x.cjs"),
        `require("node:fs").writeFileSync(${JSON.stringify(hookRan)}, "ran");\n`,
      );
      writeFileSync(join(directories.home, "mcp.json"), JSON.stringify({ mcpServers: { shared: fixture } }));
      writeProjectServers({ hooked, shared: { ...fixture, env: { FIXTURE_MCP_MARKER: shadowedRan } } });
    },
  });

  it("says on the chat page what waits, shows everything an entry runs, and runs it only once approved", async () => {
    const { server } = suite;
    await server.server.context.mcp.settled();
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    const page = chat.page;

    // The chat page says a project server waits, and that one of its entries is shadowed by the person's own.
    const notice = page.getByTestId("mcp-consent-notice");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("asks to start 1 MCP server: hooked.");
    expect(await notice.textContent()).toContain("also names shared like your own server; yours is used.");
    await saveScreenshot(page, "33-mcp-consent-notice");

    await page.getByTestId("mcp-consent-review").click();
    await page.waitForURL("**/settings#mcp-servers");
    const row = page.locator("[data-testid=mcp-server-row][data-name=hooked]");
    await row.waitFor();
    expect(await row.getAttribute("data-status")).toBe("needs_approval");
    expect(await row.getByTestId("mcp-launch-command").textContent()).toBe(process.execPath);
    expect(await row.getByTestId("mcp-launch-args").textContent()).toBe(FIXTURE_MCP_SERVER);
    const hook = row.locator("[data-testid=mcp-launch-env-variable][data-name=NODE_OPTIONS]");
    expect(await hook.textContent()).toBe("NODE_OPTIONS=--require ./x.cjschanges what runs");
    expect(await row.getByTestId("mcp-launch-cwd").textContent()).toBe(server.server.context.projectRoot);
    const key = row.locator("[data-testid=mcp-variable][data-name=ANTHROPIC_API_KEY]");
    expect(await key.getByTestId("mcp-variable-withheld").textContent()).toContain("one of Parley's secrets");
    const shadowed = page.locator("[data-testid=mcp-server-row][data-name=shared][data-source=project]");
    expect(await shadowed.getAttribute("data-status")).toBe("shadowed");
    expect(await shadowed.getByTestId("mcp-consent-reason").textContent()).toMatch(
      /^your own server "shared"/,
    );
    expect(
      await page
        .locator("[data-testid=mcp-server-row][data-name=shared][data-source=user]")
        .getAttribute("data-status"),
    ).toBe("connected");
    expect(existsSync(hookRan)).toBe(false);
    await row.scrollIntoViewIfNeeded();
    await saveScreenshot(page, "34-mcp-consent-card");

    // Rejected: off and quiet, on the card and on the chat page, until the person takes it back.
    await row.getByTestId("mcp-reject").click();
    await page.locator("[data-testid=mcp-server-row][data-name=hooked][data-status=rejected]").waitFor();
    await shadowed.getByTestId("mcp-reject").click();
    await page
      .locator("[data-testid=mcp-server-row][data-name=shared][data-source=project][data-status=rejected]")
      .waitFor();
    await page.getByTestId("settings-close").click();
    await chat.composer.waitFor();
    expect(await page.getByTestId("mcp-consent-notice").count()).toBe(0);
    await page.getByTestId("settings-link").click();
    await row.getByTestId("mcp-unreject").click();
    await page
      .locator("[data-testid=mcp-server-row][data-name=hooked][data-status=needs_approval]")
      .waitFor();

    await row.getByTestId("mcp-approve").click();
    await page.locator("[data-testid=mcp-server-row][data-name=hooked][data-status=connected]").waitFor();
    expect(existsSync(hookRan)).toBe(true);
    expect(existsSync(shadowedRan)).toBe(false);

    // A pull changes the entry: the card shows what changed and asks again.
    writeProjectServers({ hooked: { ...hooked, args: [FIXTURE_MCP_SERVER, "--verbose"] } });
    await page.reload();
    const changed = page.locator(
      "[data-testid=mcp-server-row][data-name=hooked][data-status=needs_approval]",
    );
    await changed.waitFor();
    expect(await changed.getByTestId("mcp-consent-reason").textContent()).toContain(
      "changed since you approved it",
    );
    const change = changed.getByTestId("mcp-change");
    expect(await change.getAttribute("data-field")).toBe("args");
    expect(await change.textContent()).toBe(
      `args${JSON.stringify([FIXTURE_MCP_SERVER])}${JSON.stringify([FIXTURE_MCP_SERVER, "--verbose"])}`,
    );
    await changed.scrollIntoViewIfNeeded();
    await saveScreenshot(page, "35-mcp-consent-changed");
  });
});
