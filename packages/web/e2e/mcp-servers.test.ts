// @vitest-environment node
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { FIXTURE_MCP_SERVER } from "@parley/testkit/mcp";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { toolResultSent } from "./support/model-requests.ts";
import { saveScreenshot } from "./support/screenshots.ts";

let marker = "";

describe("MCP servers in the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite({
    prepare: ({ project, home }) => {
      const server = { command: process.execPath, args: [FIXTURE_MCP_SERVER] };
      writeFileSync(join(home, "mcp.json"), JSON.stringify({ mcpServers: { fixture: server } }));
      marker = join(project, "..", "repo-server-started");
      writeFileSync(
        join(project, ".mcp.json"),
        JSON.stringify({ mcpServers: { repo: { ...server, env: { FIXTURE_MCP_MARKER: marker } } } }),
      );
    },
  });

  it("shows an MCP call on a card naming its server, runs it only when approved, and keeps it after a reload", async () => {
    const { server } = suite;
    await server.server.context.mcp.settled();
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().text("Wiping it.").toolCall("mcp__fixture__wipe", { table: "sessions" }),
      reply().text("The sessions table is empty now."),
    );
    await chat.send("Wipe the sessions table");

    const card = chat.approval();
    await card.waitForStatus("pending");
    expect(await card.root.getAttribute("data-kind")).toBe("MCPToolRequest");
    expect(await card.root.getByTestId("mcp-server").textContent()).toBe("fixture");
    expect(await card.root.getByTestId("mcp-tool-title").textContent()).toBe("Wipe the table");
    expect(await card.root.getByTestId("mcp-tool-description").textContent()).toBe(
      "Deletes every row of a table",
    );
    await card.root.getByTestId("mcp-badge-destructive").waitFor();
    expect(await card.parameter("table").locator("dd").textContent()).toBe("sessions");
    expect(await card.root.getByTestId("approval-always-server").textContent()).toContain("mcp__fixture");
    expect(server.fake.requests).toHaveLength(1);
    await saveScreenshot(chat.page, "30-mcp-approval-pending");

    const approvalId = await card.approvalId();
    const announced = await server.events.waitForRich(
      "MCPToolRequest",
      (data) => data.approval_id === approvalId,
    );
    const toolUseId = String(announced.data.tool_use_id);
    expect(await card.root.getByTestId("approval-reason").textContent()).toContain("requires approval");
    await card.approveOnce();
    await card.waitForStatus("approved");
    await card.result.waitFor();
    // Answered, the card no longer says it waits for approval.
    expect(await card.root.textContent()).not.toMatch(/requires approval|Needs your approval/);
    expect(await card.result.getByTestId("tool-result-output").textContent()).toBe("wiped sessions");
    await chat.waitForAgentTextContaining("The sessions table is empty now.");
    expect(toolResultSent(server.fake, 1, toolUseId)).toEqual({ text: "wiped sessions", isError: false });

    await chat.page.reload();
    await chat.waitForConnection("connected");
    const reloaded = chat.approval();
    await reloaded.waitForStatus("approved");
    expect(await reloaded.root.getByTestId("mcp-server").textContent()).toBe("fixture");
    expect(await reloaded.root.textContent()).not.toMatch(/requires approval|Needs your approval/);
    expect(await reloaded.result.getByTestId("tool-result-output").textContent()).toBe("wiped sessions");
    await saveScreenshot(chat.page, "31-mcp-approved-after-reload");
  });

  it("shows a call a rule allowed without asking as an MCP card with its server, title and result", async () => {
    const { server } = suite;
    await server.server.context.mcp.settled();
    await server.api("POST", "/api/permission-rules", { tool: "mcp__fixture__lookup", behavior: "allow" });
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().toolCall("mcp__fixture__lookup", { word: "parley" }),
      reply().text("Parley is a word the fixture knows."),
    );
    await chat.send("Look up parley");
    await chat.waitForAgentTextContaining("Parley is a word the fixture knows.");
    const card = chat.approval();
    await card.waitForStatus("auto-approved");
    expect(await card.root.getAttribute("data-kind")).toBe("MCPToolRequest");
    expect(await card.root.getByTestId("mcp-server").textContent()).toBe("fixture");
    expect(await card.root.getByTestId("mcp-tool-title").textContent()).toBe("Look up a word");
    await card.root.getByTestId("mcp-badge-read-only").waitFor();
    expect(await card.root.getByTestId("approval-status").textContent()).toContain("Allowed by a rule");
    expect(await card.result.getByTestId("tool-result-output").textContent()).toBe(
      "parley: a word the fixture knows",
    );
    await saveScreenshot(chat.page, "33-mcp-allowed-by-rule");
  });

  it("does not start a project .mcp.json server until the person approves it in Settings", async () => {
    const { server } = suite;
    await server.server.context.mcp.settled();
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.page.getByTestId("settings-link").click();
    await chat.page.waitForURL("**/settings");
    const repo = chat.page.locator("[data-testid=mcp-server-row][data-name=repo]");
    await repo.waitFor();
    expect(await repo.getAttribute("data-status")).toBe("needs_approval");
    expect(existsSync(marker)).toBe(false);
    expect(
      await chat.page.locator("[data-testid=mcp-server-row][data-name=fixture]").getAttribute("data-status"),
    ).toBe("connected");
    await repo.scrollIntoViewIfNeeded();
    await saveScreenshot(chat.page, "32-mcp-settings-needs-approval");

    await repo.getByTestId("mcp-approve").click();
    await chat.page.locator("[data-testid=mcp-server-row][data-name=repo][data-status=connected]").waitFor();
    expect(existsSync(marker)).toBe(true);
  });

  it("offers MCP prompts as slash commands, fills the chosen one in and sends its text", async () => {
    const { server } = suite;
    await server.server.context.mcp.settled();
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(reply().text("Reviewed."));
    // Typing a slash offers the servers' prompts; choosing one fills in its command.
    await chat.composer.fill("/mcp__fix");
    const suggestion = chat.page.getByTestId("mcp-prompt-suggestion");
    expect(await suggestion.textContent()).toContain("/mcp__fixture__review file=…");
    await suggestion.click();
    expect(await chat.composer.inputValue()).toBe("/mcp__fixture__review ");
    await chat.send("/mcp__fixture__review src/main.ts");
    await chat.waitForAgentTextContaining("Reviewed.");
    const body = server.fake.requests[0]?.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(body.messages.at(-1)?.content)).toContain("Please review src/main.ts carefully.");
  });
});
