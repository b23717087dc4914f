// @vitest-environment node
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { lastUserTextSent, systemPromptSent, toolResultSent } from "./support/model-requests.ts";
import { saveScreenshot } from "./support/screenshots.ts";

/** A plan-mode answer: a line of text and the plan as a fenced JSON block, as the engine asks for it. */
function planAnswer(goal: string, steps: { action: string; tools: string[] }[], risks: string[]): string {
  const plan = {
    type: "plan",
    goal,
    steps: steps.map((step, index) => ({
      step_number: index + 1,
      action: step.action,
      reason: `needed to ${goal.toLowerCase()}`,
      tools_needed: step.tools,
    })),
    tools_needed: [...new Set(steps.flatMap((step) => step.tools))],
    risks,
    estimated_time: "5 minutes",
  };
  return `Here is my plan.\n\n\`\`\`json\n${JSON.stringify(plan, null, 2)}\n\`\`\``;
}

describe("plans and questions in the browser", { timeout: 90_000 }, () => {
  const suite = useBrowserSuite();

  it("in plan mode shows the plan as a card; Refine brings a new plan, Execute leaves plan mode and carries it out", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.choosePermissionMode("plan");
    await chat.page.getByTestId("plan-mode-badge").waitFor();
    expect(await chat.page.locator(".app").getAttribute("data-plan-mode")).toBe("true");

    server.fake.script(
      reply().text(
        planAnswer(
          "Add a cache",
          [
            { action: "Read the service", tools: ["Read"] },
            { action: "Write the cache module", tools: ["Write"] },
          ],
          ["Stale entries could be served"],
        ),
      ),
    );
    await chat.send("Plan a cache for the service");
    const first = chat.plan(0);
    await first.waitForStatus("proposed");
    await chat.waitForAgentPhase("done");
    expect(await first.goal.textContent()).toBe("Add a cache");
    expect(await first.stepStates()).toEqual([
      ["1", "pending"],
      ["2", "pending"],
    ]);
    expect(await first.steps.nth(0).locator(".plan-step-action").textContent()).toBe("Read the service");
    expect(await first.steps.nth(1).getByTestId("plan-step-tools").textContent()).toBe("Write");
    expect(await first.risks.allTextContents()).toEqual(["Stale entries could be served"]);
    expect(await first.root.getByTestId("plan-risks").getAttribute("role")).toBe("note");
    expect(await first.root.getByTestId("plan-estimated-time").textContent()).toBe("Estimated: 5 minutes");
    expect(systemPromptSent(server.fake, 0)).toContain("Plan mode is on");
    await saveScreenshot(chat.page, "15-plan");

    server.fake.script(
      reply().text(
        planAnswer(
          "Add a cache with expiry",
          [
            { action: "Read the service", tools: ["Read"] },
            { action: "Write the cache module", tools: ["Write"] },
            { action: "Expire entries after an hour", tools: ["Edit"] },
          ],
          ["Stale entries could be served", "Expiry needs a clock in tests"],
        ),
      ),
    );
    await first.refine("Entries must expire after an hour.");
    await first.waitForStatus("refining");
    expect(await first.decision.getAttribute("data-decision")).toBe("refine");
    expect(await first.root.getByTestId("plan-execute").count()).toBe(0);
    const second = chat.plan(1);
    await second.waitForStatus("proposed");
    await chat.waitForAgentPhase("done", 1);
    expect(await second.goal.textContent()).toBe("Add a cache with expiry");
    expect(await second.steps.count()).toBe(3);
    expect(lastUserTextSent(server.fake, 1)).toBe("Entries must expire after an hour.");
    expect(systemPromptSent(server.fake, 1)).toContain("Plan mode is on");
    expect(await chat.messages("user").getByTestId("message-text").allTextContents()).toEqual([
      "Plan a cache for the service",
      "Entries must expire after an hour.",
    ]);

    server.fake.script(
      reply().toolCall("UpdatePlan", { steps: [{ step_number: 1, status: "in_progress" }] }),
      reply().toolCall("Write", { file_path: "src/cache.ts", content: "export const cache = new Map();\n" }),
      reply().toolCall("UpdatePlan", {
        steps: [
          { step_number: 1, status: "completed" },
          { step_number: 2, status: "completed", note: "added src/cache.ts" },
          { step_number: 3, status: "skipped", note: "the Map is cleared on restart" },
        ],
      }),
      reply().text("The cache is in place."),
    );
    await second.execute("acceptEdits");
    await second.waitForStatus("completed");
    await chat.waitForAgentTextContaining("The cache is in place.");
    await chat.waitForAgentPhase("done");
    expect(await second.stepStates()).toEqual([
      ["1", "completed"],
      ["2", "completed"],
      ["3", "skipped"],
    ]);
    expect(await second.root.getByTestId("plan-step-note").allTextContents()).toEqual([
      "added src/cache.ts",
      "the Map is cleared on restart",
    ]);
    expect(await second.decision.getAttribute("data-decision")).toBe("execute");
    // Execute left plan mode for the mode chosen next to the button: the Write ran without asking.
    expect(await chat.page.getByTestId("plan-mode-badge").count()).toBe(0);
    expect(await chat.page.getByTestId("permission-mode-select").inputValue()).toBe("acceptEdits");
    expect(await chat.approvalCards.count()).toBe(0);
    expect(readFileSync(join(server.projectDirectory, "src/cache.ts"), "utf8")).toBe(
      "export const cache = new Map();\n",
    );
    expect(lastUserTextSent(server.fake, 2)).toContain("Execute the plan now.");
    expect(lastUserTextSent(server.fake, 2)).toContain("3. Expire entries after an hour");
    expect(systemPromptSent(server.fake, 2)).not.toContain("Plan mode is on");
  });

  it("asks with one button per option, marks the suggested one, and resumes with the answer the person clicked", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().toolCall("AskUserQuestion", {
        questions: [
          {
            question: "Which database should the service use?",
            header: "Database",
            options: [
              { label: "SQLite", description: "One file, no server" },
              { label: "PostgreSQL", description: "A server, for many writers" },
            ],
            severity: "major",
            default: "SQLite",
            context: "The service runs on one machine today.",
          },
        ],
      }),
      reply().text("PostgreSQL it is."),
    );
    await chat.send("Set up storage");
    const card = chat.question();
    await card.waitForStatus("pending");
    expect(await card.root.getAttribute("data-severity")).toBe("major");
    expect(await card.root.getAttribute("class")).toContain("question-severity-major");
    expect(await card.root.getByTestId("question-severity").textContent()).toBe("Important");
    expect(await card.root.getByTestId("question-text").textContent()).toBe(
      "Which database should the service use?",
    );
    expect(await card.root.getByTestId("question-context").textContent()).toBe(
      "The service runs on one machine today.",
    );
    expect(
      await card
        .options()
        .evaluateAll((options) => options.map((option) => option.getAttribute("data-value"))),
    ).toEqual(["SQLite", "PostgreSQL"]);
    expect(await card.option("SQLite").getAttribute("data-default")).toBe("true");
    expect(await card.option("SQLite").getByTestId("question-option-default").textContent()).toBe(
      "Suggested",
    );
    expect(await card.option("PostgreSQL").getAttribute("data-default")).toBeNull();
    expect(await card.option("PostgreSQL").textContent()).toContain("A server, for many writers");
    await saveScreenshot(chat.page, "16-question");
    const { data } = await server.events.waitForRich("Question", (data) => data.status === "pending");
    const toolUseId = String(data.tool_use_id);

    await card.option("PostgreSQL").click();
    await card.waitForStatus("answered");
    expect(
      await card
        .options()
        .evaluateAll((options) => options.map((option) => (option as HTMLButtonElement).disabled)),
    ).toEqual([true, true]);
    expect(await card.option("PostgreSQL").getAttribute("data-chosen")).toBe("true");
    expect(await card.option("SQLite").getAttribute("data-chosen")).toBe("false");
    expect(await card.answer.textContent()).toContain("Answered: PostgreSQL");
    await chat.waitForAgentTextContaining("PostgreSQL it is.");
    await chat.waitForAgentPhase("done");
    expect(await chat.messages("user").getByTestId("message-text").allTextContents()).toEqual([
      "Set up storage",
      "PostgreSQL",
    ]);
    expect(toolResultSent(server.fake, 1, toolUseId).text).toContain("Answer: PostgreSQL");
  });

  it("takes several choices and typed text for a critical multi-part question, sent with Submit", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    server.fake.script(
      reply().toolCall("AskUserQuestion", {
        questions: [
          {
            question: "Which platforms must the release support?",
            options: [{ label: "Linux" }, { label: "macOS" }, { label: "Windows" }],
            multiSelect: true,
            severity: "critical",
          },
          { question: "Anything else I should know?", options: [], allowFreeText: true },
        ],
      }),
      reply().text("Noted: Linux and macOS, shipping on Friday."),
    );
    await chat.send("Plan the release");
    const card = chat.question();
    await card.waitForStatus("pending");
    expect(await card.root.getAttribute("data-severity")).toBe("critical");
    expect(await card.root.getAttribute("class")).toContain("question-severity-critical");
    expect(await card.root.getByTestId("question-severity").textContent()).toBe("Critical");
    const submit = card.root.getByTestId("question-submit");
    expect(await submit.isDisabled()).toBe(true);
    const { data } = await server.events.waitForRich("Question", (data) => data.status === "pending");
    const toolUseId = String(data.tool_use_id);

    await card.option("Linux", 0).click();
    await card.option("macOS", 0).click();
    await card.option("Windows", 0).click();
    await card.option("Windows", 0).click();
    expect(await card.option("Linux", 0).getAttribute("aria-pressed")).toBe("true");
    expect(await card.option("Windows", 0).getAttribute("aria-pressed")).toBe("false");
    await card.root
      .locator("[data-testid=question-item][data-index='1']")
      .getByTestId("question-free-text")
      .fill("Ship on Friday.");
    await submit.click();
    await card.waitForStatus("answered");
    expect(await card.root.getByTestId("question-typed-answer").textContent()).toBe("“Ship on Friday.”");
    expect(
      await card
        .options(0)
        .evaluateAll((options) => options.map((option) => option.getAttribute("data-chosen"))),
    ).toEqual(["true", "true", "false"]);
    await chat.waitForAgentTextContaining("Noted: Linux and macOS, shipping on Friday.");
    await chat.waitForAgentPhase("done");

    expect(await chat.messages("user").getByTestId("message-text").last().textContent()).toBe(
      "Which platforms must the release support?\n→ Linux, macOS\n\nAnything else I should know?\n→ Ship on Friday.",
    );
    const sent = toolResultSent(server.fake, 1, toolUseId).text;
    expect(sent).toContain("Answer: Linux, macOS");
    expect(sent).toContain("Answer: Ship on Friday.");
  });

  it("turns a question the agent wrote as JSON into a card, and sends the option clicked as the next message", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    const question = {
      type: "ask_user",
      question: "Which colour should the button be?",
      options: [
        { label: "Blue, like the links", value: "blue" },
        { label: "Green, like success", value: "green" },
      ],
    };
    server.fake.script(
      reply().text(`Before I style it:\n\n\`\`\`json\n${JSON.stringify(question)}\n\`\`\``),
      reply().text("Green it is."),
    );
    await chat.send("Style the button");
    const card = chat.question();
    await card.waitForStatus("pending");
    await chat.waitForAgentPhase("done");
    expect(await card.root.getAttribute("data-severity")).toBe("minor");
    expect(await card.root.getByTestId("question-severity").count()).toBe(0);
    expect(await card.root.getByTestId("question-text").textContent()).toBe(
      "Which colour should the button be?",
    );

    await card.option("green").click();
    await card.waitForStatus("answered");
    await chat.waitForAgentText("Green it is.");
    await chat.waitForAgentPhase("done");
    expect(
      await card
        .options()
        .evaluateAll((options) => options.every((option) => (option as HTMLButtonElement).disabled)),
    ).toBe(true);
    expect(await chat.messages("agent").count()).toBe(2);
    expect(await chat.messages("user").getByTestId("message-text").allTextContents()).toEqual([
      "Style the button",
      "Green, like success",
    ]);
    expect(lastUserTextSent(server.fake, 1)).toBe("Green, like success");
  });
});
