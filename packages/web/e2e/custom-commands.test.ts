// @vitest-environment node
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";

describe("custom slash commands in the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite({
    prepare: ({ project }) => {
      mkdirSync(join(project, ".claude", "commands"), { recursive: true });
      writeFileSync(
        join(project, ".claude", "commands", "review-pr.md"),
        "---\ndescription: Review a pull request\nargument-hint: <number>\n---\nReview pull request #$0 closely.\n",
      );
    },
  });

  it("offers a project's command after /, and the agent gets its prompt while the chat shows what was typed", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(reply().text("Reviewed."));
    await chat.composer.fill("/rev");
    const suggestion = chat.page.getByTestId("custom-command-suggestion");
    expect(await suggestion.textContent()).toBe("/review-pr <number> — Review a pull request");
    await suggestion.click();
    expect(await chat.composer.inputValue()).toBe("/review-pr ");
    await chat.send("/review-pr 42");
    await chat.waitForAgentTextContaining("Reviewed.");
    const body = server.fake.requests[0]?.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(body.messages.at(-1)?.content)).toContain("Review pull request #42 closely.");
    expect(await chat.page.getByText("/review-pr 42").count()).toBeGreaterThan(0);
  });
});
