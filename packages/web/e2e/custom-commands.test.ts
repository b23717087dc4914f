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
      mkdirSync(join(project, ".claude", "skills", "changelog"), { recursive: true });
      writeFileSync(
        join(project, ".claude", "skills", "changelog", "SKILL.md"),
        "---\nname: changelog\ndescription: Write a changelog entry\nargument-hint: <version>\n---\nEntry for $0 under Fixed.\n",
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

  it("offers a project's skill after /, marked as one, and the agent gets its instructions", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(reply().text("Written."));
    await chat.composer.fill("/chan");
    const suggestion = chat.page.getByTestId("custom-command-suggestion");
    expect(await suggestion.textContent()).toBe("/changelog <version> — Write a changelog entry (skill)");
    await chat.send("/changelog 2.0");
    await chat.waitForAgentTextContaining("Written.");
    const body = server.fake.requests.at(-1)?.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(body.messages.at(-1)?.content)).toContain(
      "Base directory for this skill: .claude/skills/changelog\\n\\nEntry for 2.0 under Fixed.",
    );
    expect(await chat.page.getByText("/changelog 2.0").count()).toBeGreaterThan(0);
  });
});
