// @vitest-environment node
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { holdFirstRequest } from "./support/held-request.ts";
import { toolResultSent } from "./support/model-requests.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { resultsRecorded, toolUseIdOfApproval } from "./support/tool-call-facts.ts";

describe("approving the agent's tool calls in the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();
  const projectFile = (path: string) => join(suite.server.projectDirectory, path);

  it("shows what a Write would do, writes nothing until approved, then writes the file once and goes on", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    const start = server.events.mark;
    server.fake.script(
      reply()
        .text("I'll write the note.")
        .toolCall("Write", { file_path: "notes/hello.txt", content: "hello from the agent\n" }),
      reply().text("Wrote notes/hello.txt."),
    );
    await chat.send("Write a hello note");

    const card = chat.approval();
    await card.waitForStatus("pending");
    expect(await card.root.getAttribute("data-tool")).toBe("Write");
    expect(await card.tool.textContent()).toBe("Write");
    expect(await card.headline.textContent()).toBe("Writing notes/hello.txt");
    expect(await card.parameter("file_path").locator("dd").textContent()).toBe("notes/hello.txt");
    expect(await card.parameter("content").locator("dd").textContent()).toContain("hello from the agent");
    await chat.page
      .getByTestId("activity-headline")
      .filter({ hasText: "Waiting for your approval" })
      .waitFor();
    await chat.waitForAgentPhase("working");
    expect(existsSync(projectFile("notes/hello.txt"))).toBe(false);
    expect(server.fake.requests).toHaveLength(1);
    await saveScreenshot(chat.page, "12-approval-pending");

    const toolUseId = await toolUseIdOfApproval(server.events, await card.approvalId());
    await card.approveOnce();
    await card.waitForStatus("approved");
    expect(await card.decision.textContent()).toContain("Approved once");
    expect(await card.actions.count()).toBe(0);
    await card.result.waitFor();
    expect(await card.result.getAttribute("data-status")).toBe("Success");
    expect(await card.result.getByTestId("tool-result-output").textContent()).toBe(
      "Created notes/hello.txt (21 bytes).",
    );
    await chat.waitForAgentTextContaining("Wrote notes/hello.txt.");
    await chat.waitForAgentPhase("done");
    await saveScreenshot(chat.page, "13-approval-approved");

    expect(readFileSync(projectFile("notes/hello.txt"), "utf8")).toBe("hello from the agent\n");
    expect(server.fake.requests).toHaveLength(2);
    expect(toolResultSent(server.fake, 1, toolUseId)).toEqual({
      text: "Created notes/hello.txt (21 bytes).",
      isError: false,
    });
    expect(resultsRecorded(server.events, toolUseId, start)).toBe(1);
  });

  it("always allow saves a rule, so the next write there runs without asking, and the rule is listed in settings", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().toolCall("Write", { file_path: "always/one.txt", content: "one\n" }),
      reply().text("First file written."),
    );
    await chat.send("Write the first file");
    const card = chat.approval();
    await card.waitForStatus("pending");
    expect(await card.root.getByTestId("approval-rule").textContent()).toBe("Write(always/**)");

    await card.alwaysAllow();
    await card.waitForStatus("approved");
    expect(await card.decision.getAttribute("data-decision")).toBe("approve_always");
    expect(await card.decision.textContent()).toContain("Always allowed: saved the rule Write(always/**)");
    await chat.waitForAgentTextContaining("First file written.");
    await chat.waitForAgentPhase("done");

    server.fake.script(
      reply().toolCall("Write", { file_path: "always/two.txt", content: "two\n" }),
      reply().text("Second file written."),
    );
    const secondRunStart = server.events.mark;
    await chat.send("Now write the second file");
    await chat.waitForAgentTextContaining("Second file written.", 1);
    await chat.waitForAgentPhase("done", 1);

    // The second call was allowed by the rule: no card asked, it shows in the turn's tool activity.
    expect(await chat.approvalCards.count()).toBe(1);
    const secondTurn = chat.messages("agent").nth(1);
    await secondTurn.getByTestId("activity-toggle").click();
    const entry = secondTurn.getByTestId("activity-entry");
    expect(await entry.getAttribute("data-state")).toBe("done");
    const decided = server.events.richMessages("ToolRequest", secondRunStart);
    expect(decided.map(({ data }) => data.approval_status)).toEqual(["AutoApproved"]);
    expect(readFileSync(projectFile("always/two.txt"), "utf8")).toBe("two\n");
    const secondCall = String(decided[0]?.data.tool_use_id);
    expect(toolResultSent(server.fake, 3, secondCall).text).toBe("Created always/two.txt (4 bytes).");

    const rules = await server.api("GET", "/api/permission-rules");
    expect(rules.status).toBe(200);
    expect((rules.body as { rules: unknown[] }).rules).toContainEqual(
      expect.objectContaining({ tool: "Write", pattern: "always/**", behavior: "allow", source: "approval" }),
    );
    await chat.page.getByTestId("settings-link").click();
    const rule = chat.page.getByTestId("settings-rule").filter({ hasText: "Write(always/**)" });
    await rule.waitFor();
    expect(await rule.getAttribute("data-behavior")).toBe("allow");
    // Deleting it from the settings page makes Parley ask again (and leaves the next test a clean project).
    await rule.getByTestId("settings-rule-delete").click();
    await rule.waitFor({ state: "detached" });
    const after = await server.api("GET", "/api/permission-rules");
    expect(
      (after.body as { rules: { pattern?: string }[] }).rules.map((saved) => saved.pattern),
    ).not.toContain("always/**");
  });

  it("a rejection with feedback writes nothing and hands the feedback to the agent, which goes on", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    const feedback = "Do not create files; describe the change instead.";
    const start = server.events.mark;
    server.fake.script(
      reply().toolCall("Write", { file_path: "rejected/plan.txt", content: "the plan\n" }),
      reply().text("Understood: here is the change in words instead."),
    );
    await chat.send("Write the plan to a file");
    const card = chat.approval();
    await card.waitForStatus("pending");
    const toolUseId = await toolUseIdOfApproval(server.events, await card.approvalId());

    await card.reject(feedback);
    await card.waitForStatus("rejected");
    expect(await card.decision.getAttribute("data-decision")).toBe("reject");
    expect(await card.decision.locator("span").first().textContent()).toBe("Rejected");
    expect(await card.root.getByTestId("approval-feedback-text").textContent()).toBe(feedback);
    await card.result.waitFor();
    expect(await card.result.getAttribute("data-status")).toBe("Cancelled");
    await chat.waitForAgentTextContaining("Understood: here is the change in words instead.");
    await chat.waitForAgentPhase("done");
    await saveScreenshot(chat.page, "14-approval-rejected");

    expect(existsSync(projectFile("rejected/plan.txt"))).toBe(false);
    const sent = toolResultSent(server.fake, 1, toolUseId);
    expect(sent.isError).toBe(true);
    expect(sent.text).toContain(feedback);
    expect(resultsRecorded(server.events, toolUseId, start)).toBe(1);
  });

  it("runs a Write with the content the person edited in the card, not the agent's", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    const asked = { file_path: "edited/greeting.txt", content: "Hi from the model\n" };
    const edited = { file_path: "edited/greeting.txt", content: "Hi from the person\n" };
    server.fake.script(reply().toolCall("Write", asked), reply().text("Greeting written."));
    await chat.send("Write a greeting");
    const card = chat.approval();
    await card.waitForStatus("pending");
    const toolUseId = await toolUseIdOfApproval(server.events, await card.approvalId());

    expect(await card.editAndApprove(edited)).toEqual(asked);
    await card.waitForStatus("approved");
    expect(await card.decision.textContent()).toContain("Approved once, with an edited input");
    expect(await card.parameter("content").locator("dd").textContent()).toContain("Hi from the person");
    expect(await card.root.getByTestId("approval-original").textContent()).toContain("Hi from the model");
    await chat.waitForAgentTextContaining("Greeting written.");
    await chat.waitForAgentPhase("done");

    expect(readFileSync(projectFile("edited/greeting.txt"), "utf8")).toBe("Hi from the person\n");
    expect(toolResultSent(server.fake, 1, toolUseId)).toEqual({
      text: "Created edited/greeting.txt (19 bytes).",
      isError: false,
    });
  });

  it("still shows a pending approval after a reload, and approving it there runs the call", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().toolCall("Write", { file_path: "reload/after.txt", content: "written after a reload\n" }),
      reply().text("Written after the reload."),
    );
    await chat.send("Write a file, I may reload");
    await chat.approval().waitForStatus("pending");
    const approvalId = await chat.approval().approvalId();

    await chat.page.reload();
    await chat.waitForConnection("connected");
    const card = chat.approval();
    await card.waitForStatus("pending");
    expect(await card.approvalId()).toBe(approvalId);
    expect(await card.headline.textContent()).toBe("Writing reload/after.txt");
    expect(existsSync(projectFile("reload/after.txt"))).toBe(false);

    await card.approveOnce();
    await card.waitForStatus("approved");
    await chat.waitForAgentTextContaining("Written after the reload.");
    await chat.waitForAgentPhase("done");
    expect(readFileSync(projectFile("reload/after.txt"), "utf8")).toBe("written after a reload\n");
    expect(server.fake.requests).toHaveLength(2);
  });

  it("shows one pending approval in two tabs; approving in one turns the other's card into that answer, and the call runs once", async () => {
    const { server } = suite;
    const start = server.events.mark;
    const first = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    const second = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().toolCall("Bash", { command: "echo ran >> two-tabs-live.txt" }),
      reply().text("The counter ran."),
    );
    await first.send("Run the counter");
    const card = first.approval();
    await card.waitForStatus("pending");
    await openSameSession(first, second);
    const other = second.approval();
    await other.waitForStatus("pending");
    expect(await other.approvalId()).toBe(await card.approvalId());
    const toolUseId = await toolUseIdOfApproval(server.events, await card.approvalId());

    await card.approveOnce();
    await other.waitForStatus("approved");
    expect(await other.decision.textContent()).toContain("Approved once");
    expect(await other.root.getByTestId("approval-approve").count()).toBe(0);
    expect(await other.root.getByTestId("approval-reject").count()).toBe(0);
    expect(await other.root.getByTestId("approval-answered-elsewhere").count()).toBe(0);
    await second.waitForAgentTextContaining("The counter ran.");
    await first.waitForAgentTextContaining("The counter ran.");

    expect(readFileSync(projectFile("two-tabs-live.txt"), "utf8")).toBe("ran\n");
    expect(resultsRecorded(server.events, toolUseId, start)).toBe(1);
    expect(server.fake.requests).toHaveLength(2);
  });

  it("when a second tab answers an approval already answered in the first, it shows the first answer and the call runs once", async () => {
    const { server } = suite;
    const start = server.events.mark;
    const first = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    const second = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().toolCall("Bash", { command: "echo ran >> two-tabs-race.txt" }),
      reply().text("The counter ran once."),
    );
    await first.send("Run the counter, racing");
    const card = first.approval();
    await card.waitForStatus("pending");
    await openSameSession(first, second);
    const other = second.approval();
    await other.waitForStatus("pending");
    const toolUseId = await toolUseIdOfApproval(server.events, await card.approvalId());

    // The second tab loses its event stream and its reconnect is held: it hears nothing of the first answer.
    const reconnect = holdFirstRequest();
    await second.page.route("**/api/events?*", reconnect.handler);
    expect(server.cutEventStreams()).toBeGreaterThan(0);
    await reconnect.arrived;
    await card.approveOnce();
    await card.waitForStatus("approved");
    const runId = String(
      (await server.events.waitForRich("ToolRequest", (data) => data.tool_use_id === toolUseId, start)).event
        .run_id,
    );
    await server.events.waitFor("Outcome", (event) => event.run_id === runId);
    expect(await other.root.getAttribute("data-status")).toBe("pending");

    await other.reject("Too late: do not run it.");
    await other.waitForStatus("approved");
    await other.root.getByTestId("approval-answered-elsewhere").waitFor();
    expect(await other.decision.textContent()).toContain("Approved once");
    expect(await other.root.getByTestId("approval-feedback-text").count()).toBe(0);
    expect(await second.page.getByTestId("error-banner").count()).toBe(0);

    reconnect.release();
    await second.waitForConnection("connected");
    await second.waitForAgentTextContaining("The counter ran once.");
    expect(await other.root.getAttribute("data-status")).toBe("approved");
    expect(readFileSync(projectFile("two-tabs-race.txt"), "utf8")).toBe("ran\n");
    expect(resultsRecorded(server.events, toolUseId, start)).toBe(1);
    expect(toolResultSent(server.fake, 1, toolUseId).isError).toBe(false);
    expect(server.fake.requests).toHaveLength(2);
    await second.page.unroute("**/api/events?*", reconnect.handler);
  });
});

/** Opens the session the first tab is in, by its address, in the second tab. */
async function openSameSession(first: ChatPage, second: ChatPage): Promise<void> {
  await first.page.waitForURL(/\/sessions\/ses_/);
  await second.page.goto(first.page.url());
  await second.waitForConnection("connected");
}
