// @vitest-environment node
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { ApprovalCardPart } from "./pages/cards.ts";
import { ChatPage } from "./pages/chat-page.ts";
import { useBrowserSuite } from "./support/browser-suite.ts";
import { saveScreenshot } from "./support/screenshots.ts";

/** `ship`: three shell steps; the second waits (in its own process) until the test writes `two.go`. */
const SHIP = `name: ship
description: Build, package and publish
inputs:
  label: { type: string, default: dev }
steps:
  - id: one
    name: Build
    run: echo "building \${{ inputs.label }}"
  - id: two
    name: Package
    run: sh two.sh
  - id: three
    name: Publish
    run: echo published
`;

/** `check`: its second step fails until the test writes `fixed.txt`. */
const CHECK = `name: check
steps:
  - id: prepare
    run: echo ready
  - id: verify
    run: test -f fixed.txt || { echo "fixed.txt is missing"; exit 1; }
  - id: finish
    run: echo finished
`;

describe("workflows in the browser", { timeout: 120_000 }, () => {
  const suite = useBrowserSuite();
  // Definitions are read when they are listed or started, so they can be written once the server runs.
  beforeAll(() => {
    const project = suite.server.projectDirectory;
    const folder = join(project, ".parley", "workflows");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "ship.yaml"), SHIP);
    writeFileSync(join(folder, "check.yaml"), CHECK);
    writeFileSync(
      join(folder, "hello.yaml"),
      `name: hello\ndescription: Greets\ninputs:\n  who: { type: string }\nsteps:\n  - id: greet\n    run: echo "hello \${{ inputs.who }}"\n`,
    );
    writeFileSync(
      join(folder, "review.yaml"),
      "name: review\nsteps:\n  - id: ask\n    name: Review\n    prompt: Review the change\n  - id: mark\n    name: Mark reviewed\n    run: echo reviewed > reviewed.txt\n",
    );
    writeFileSync(
      join(folder, "long.yaml"),
      "name: long\nsteps:\n  - id: wait\n    name: Wait for the go\n    run: sh long.sh\n  - id: done\n    run: echo done\n",
    );
    writeFileSync(join(project, "long.sh"), "while [ ! -f long.go ]; do sleep 0.02; done\necho went\n");
    writeFileSync(
      join(folder, "broken.yaml"),
      "name: broken\nsteps:\n  - id: a\n    run: echo a\n    retries: 3\n",
    );
    writeFileSync(
      join(folder, "deploy.yaml"),
      "name: deploy\nsteps:\n  - id: push\n    run: echo deployed > deployed.txt\n",
    );
    writeFileSync(
      join(project, "two.sh"),
      'echo "two waiting"\nwhile [ ! -f two.go ]; do sleep 0.02; done\necho "two packaged"\n',
    );
  });
  const file = (name: string) => join(suite.server.projectDirectory, name);

  it("starts a workflow from the composer, pauses it, keeps it paused across a reload, resumes and completes", async () => {
    const { server } = suite;
    expect(
      (await server.api("POST", "/api/permission-rules", { tool: "Bash", behavior: "allow" })).status,
    ).toBe(201);
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());

    await chat.composer.fill("/sh");
    const suggestion = chat.page.getByTestId("workflow-suggestion");
    await suggestion.filter({ hasText: "/ship" }).waitFor();
    expect(await suggestion.first().textContent()).toBe("/ship label=dev — Build, package and publish");
    await chat.send("/ship label=nightly");

    const card = chat.page.getByTestId("workflow-card");
    const step = (id: string) => card.locator(`[data-testid=workflow-step][data-step-id=${id}]`);
    await step("one").and(chat.page.locator("[data-status=completed]")).waitFor();
    expect(await step("one").getByTestId("workflow-step-output").textContent()).toBe("building nightly");
    await step("two").getByTestId("workflow-step-output").filter({ hasText: "two waiting" }).waitFor();
    expect(await step("two").getAttribute("data-status")).toBe("running");
    expect(await step("two").getByTestId("workflow-step-elapsed").count()).toBe(1);
    await saveScreenshot(chat.page, "workflow-running");

    await card.getByTestId("workflow-pause").click();
    await card.getByTestId("workflow-status").filter({ hasText: "Pausing" }).waitFor();
    writeFileSync(file("two.go"), "");
    await chat.page.locator("[data-testid=workflow-card][data-status=Paused]").waitFor();
    expect(await card.getByTestId("workflow-progress").textContent()).toBe("2 of 3 steps");
    expect(await step("three").getAttribute("data-status")).toBe("pending");

    await chat.page.reload();
    await chat.waitForConnection("connected");
    const reloaded = chat.page.locator("[data-testid=workflow-card][data-status=Paused]");
    await reloaded.waitFor();
    expect(await reloaded.getByTestId("workflow-progress").textContent()).toBe("2 of 3 steps");
    expect(await reloaded.locator("[data-step-id=two]").getAttribute("data-status")).toBe("completed");

    await reloaded.getByTestId("workflow-resume").click();
    const done = chat.page.locator("[data-testid=workflow-card][data-status=Completed]");
    await done.waitFor();
    expect(await done.getByTestId("workflow-progress").textContent()).toBe("3 of 3 steps");
    expect(await done.locator("[data-step-id=three] [data-testid=workflow-step-output]").textContent()).toBe(
      "published",
    );
    expect(await done.getByTestId("workflow-resume").count()).toBe(0);
    // One card, updated in place: never a second message per step.
    expect(await chat.page.getByTestId("workflow-card").count()).toBe(1);
    await saveScreenshot(chat.page, "workflow-completed");
  });

  it("shows a failing step's error with the progress made, and Retry step finishes the workflow", async () => {
    const { server } = suite;
    await server.api("POST", "/api/permission-rules", { tool: "Bash", behavior: "allow" });
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    // Typed and sent at once, before the list of workflows has arrived: still a workflow, not a message.
    await chat.send("/check");

    const failed = chat.page.locator("[data-testid=workflow-card][data-status=Failed]");
    await failed.waitFor();
    expect(await failed.getByTestId("workflow-progress").textContent()).toBe("1 of 3 steps");
    expect(await failed.locator("[data-step-id=prepare]").getAttribute("data-status")).toBe("completed");
    const verify = failed.locator("[data-step-id=verify]");
    expect(await verify.getAttribute("data-status")).toBe("failed");
    expect(await verify.getByTestId("workflow-step-error").textContent()).toContain("fixed.txt is missing");
    expect(await failed.locator("[data-step-id=finish]").getAttribute("data-status")).toBe("pending");
    // Said once, under its step: not again for the whole workflow.
    expect((await failed.textContent())?.split("fixed.txt is missing")).toHaveLength(2);
    expect(await failed.getByTestId("workflow-error").count()).toBe(0);
    await saveScreenshot(chat.page, "workflow-failed");

    writeFileSync(file("fixed.txt"), "");
    await failed.getByTestId("workflow-retry").click();
    const done = chat.page.locator("[data-testid=workflow-card][data-status=Completed]");
    await done.waitFor();
    expect(await done.locator("[data-step-id=finish]").getAttribute("data-status")).toBe("completed");

    await chat.page.getByTestId("workflows-link").click();
    const rows = chat.page.getByTestId("workflow-row");
    await rows.first().waitFor();
    expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute("data-status")))).toEqual([
      "Completed",
      "Completed",
    ]);
    expect(await rows.first().textContent()).toContain("check");
  });

  it("asks before a shell step no rule allows: Approve on its card runs it and the workflow completes", async () => {
    const { server } = suite;
    const rules = (await server.api("GET", "/api/permission-rules")).body as { rules: { id: string }[] };
    for (const rule of rules.rules) await server.api("DELETE", `/api/permission-rules/${rule.id}`);
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.composer.fill("/dep");
    await chat.page.getByTestId("workflow-suggestion").filter({ hasText: "/deploy" }).waitFor();
    await chat.send("/deploy");

    const approval = chat.approval();
    await approval.waitForStatus("pending");
    expect(await approval.tool.textContent()).toContain("Bash");
    expect(await chat.page.locator("[data-testid=workflow-card][data-status=Running]").count()).toBe(1);
    await approval.approveOnce();
    await chat.page.locator("[data-testid=workflow-card][data-status=Completed]").waitFor();
    await approval.waitForStatus("approved");
    expect(readFileSync(file("deployed.txt"), "utf8")).toBe("deployed\n");
    // The composer never thought an agent was at work: nothing to stop, nothing queued.
    expect(await chat.stopButton.count()).toBe(0);
  });

  it("shows an invalid workflow's mistakes instead of sending /name as chat, and the Workflows page lists and runs the definitions", async () => {
    const { server } = suite;
    await server.api("POST", "/api/permission-rules", { tool: "Bash", behavior: "allow" });
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    const modelRequests = server.fake.requests.length;

    await chat.composer.fill("/bro");
    const invalid = chat.page.locator("[data-testid=workflow-suggestion][data-invalid=true]");
    expect(await invalid.filter({ hasText: "/broken" }).textContent()).toBe(
      '/broken invalid — Unrecognized key: "retries"',
    );
    await chat.send("/broken");
    const error = chat.page.getByTestId("composer-error");
    await error.waitFor();
    expect(await error.textContent()).toMatch(
      /^workflow "broken" cannot run: .*broken\.yaml has a mistake:\n {2}line 5, column 5: steps\.0: Unrecognized key: "retries"$/,
    );
    // The line is given back to fix, and nothing reached the agent.
    expect(await chat.composer.inputValue()).toBe("/broken");
    expect(await chat.page.getByTestId("message").count()).toBe(0);
    expect(server.fake.requests.length).toBe(modelRequests);
    await saveScreenshot(chat.page, "workflow-invalid-in-composer");

    await chat.page.getByTestId("workflows-link").click();
    const problem = chat.page.getByTestId("workflow-invalid").filter({ hasText: "broken" });
    expect(await problem.getByTestId("workflow-invalid-issue").allTextContents()).toEqual([
      'line 5, column 5: steps.0: Unrecognized key: "retries"',
    ]);
    const definitions = chat.page.getByTestId("workflow-definition");
    expect(
      await definitions.evaluateAll((items) =>
        items.map((item) => item.querySelector("strong")?.textContent),
      ),
    ).toEqual(["check", "deploy", "hello", "long", "review", "ship"]);
    await saveScreenshot(chat.page, "workflows-page-definitions");

    const hello = definitions.filter({ hasText: "hello" });
    await hello.getByTestId("workflow-run").click();
    await hello.getByTestId("workflow-start").click();
    expect(await hello.getByTestId("workflow-run-error").textContent()).toContain('"who" is required');
    await hello.getByLabel("who").fill("page");
    await hello.getByTestId("workflow-start").click();
    const done = chat.page.locator("[data-testid=workflow-card][data-status=Completed]");
    await done.waitFor();
    expect(chat.page.url()).toMatch(/\/sessions\/ses_\w+$/);
    expect(await done.getByTestId("workflow-step-output").textContent()).toBe("hello page");
  });

  it("shows each step's approval and agent turn inside the workflow card, not as chat rows of their own", async () => {
    const { server } = suite;
    const rules = (await server.api("GET", "/api/permission-rules")).body as { rules: { id: string }[] };
    for (const rule of rules.rules) await server.api("DELETE", `/api/permission-rules/${rule.id}`);
    server.fake.script(reply().text("Looks fine to me."));
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.send("/review");

    const card = chat.page.getByTestId("workflow-card");
    const step = (id: string) => card.locator(`[data-testid=workflow-step][data-step-id=${id}]`);
    await step("mark").and(chat.page.locator("[data-waiting=true]")).waitFor();
    expect(await step("mark").getByTestId("workflow-step-waiting").textContent()).toBe(
      "waits for your approval",
    );
    // The approval to give is inside the card, under its step, open.
    const approval = new ApprovalCardPart(step("mark").getByTestId("approval-card"));
    await approval.waitForStatus("pending");
    expect(await approval.headline.textContent()).toContain("echo reviewed > reviewed.txt");
    expect(await step("ask").getByTestId("workflow-step-messages").textContent()).toContain(
      "Looks fine to me.",
    );
    await saveScreenshot(chat.page, "workflow-approval-in-card");
    await approval.approveOnce();
    await chat.page.locator("[data-testid=workflow-card][data-status=Completed]").waitFor();
    expect(readFileSync(file("reviewed.txt"), "utf8")).toBe("reviewed\n");

    // The chat has one row, the card: the agent's turn, the approval and the result are folded into it.
    const rows = chat.page.locator("[data-testid=message-list] .message-list-row");
    expect(await rows.count()).toBe(1);
    expect(await rows.getByTestId("workflow-card").count()).toBe(1);
    await chat.page.reload();
    await chat.waitForConnection("connected");
    await chat.page.locator("[data-testid=workflow-card][data-status=Completed]").waitFor();
    expect(await rows.count()).toBe(1);
    const folded = step("ask").getByTestId("workflow-step-messages");
    expect(await folded.getAttribute("open")).toBeNull();
    await folded.locator("summary").click();
    expect(await folded.textContent()).toContain("Looks fine to me.");
  });

  it("pins a running workflow's progress above the message box while its card is scrolled away; Show brings it back", async () => {
    const { server } = suite;
    await server.api("POST", "/api/permission-rules", { tool: "Bash", behavior: "allow" });
    const long = Array.from({ length: 80 }, (_, line) => `Line ${line + 1} of a long answer.`).join("\n\n");
    server.fake.script(reply().text(long));
    const chat = await ChatPage.signIn(
      await suite.newContext({ viewport: { width: 1000, height: 700 } }),
      server.loginUrl(),
    );
    await chat.send("/long");
    const card = chat.page.locator("[data-testid=workflow-card][data-status=Running]");
    await card.locator("[data-step-id=wait][data-status=running]").waitFor();
    const strip = chat.page.getByTestId("workflow-strip");
    expect(await strip.count()).toBe(0);

    // The person chats on; the long answer pushes the card out of view.
    await chat.send("Tell me something long");
    await chat.waitForAgentTextContaining("Line 80 of a long answer.");
    await strip.waitFor();
    expect(await strip.getByTestId("workflow-strip-progress").textContent()).toBe(
      "0 of 2 steps · Wait for the go",
    );
    await saveScreenshot(chat.page, "workflow-progress-pinned");

    await strip.getByTestId("workflow-strip-show").click();
    await strip.waitFor({ state: "detached" });
    expect(await card.getByTestId("workflow-status").isVisible()).toBe(true);

    // Back at the latest message the card is out of view again: pinned until the workflow ends.
    await chat.page.getByTestId("jump-to-latest").click();
    await strip.waitFor();
    writeFileSync(file("long.go"), "");
    await chat.page.locator("[data-testid=workflow-card][data-status=Completed]").waitFor();
    await strip.waitFor({ state: "detached" });
  });

  it("Execute Plan runs the plan as a workflow: each plan step is an agent turn on a workflow card", async () => {
    const { server } = suite;
    const chat = await ChatPage.signIn(await suite.newContext(), server.loginUrl());
    await chat.choosePermissionMode("plan");
    const plan = {
      type: "plan",
      goal: "Tidy the docs",
      steps: [
        { step_number: 1, action: "Fix the typos", reason: "they distract" },
        { step_number: 2, action: "Sort the index", reason: "easier to find" },
      ],
    };
    server.fake.script(
      reply().text(`Here is my plan.\n\n\`\`\`json\n${JSON.stringify(plan)}\n\`\`\``),
      reply().text("Fixed three typos."),
      reply().text("Sorted the index."),
    );
    await chat.send("Plan a docs tidy-up");
    const planCard = chat.page.locator("[data-testid=plan-card][data-status=proposed]");
    await planCard.waitFor();
    await planCard.getByTestId("plan-execute-steps").click();

    const done = chat.page.locator("[data-testid=workflow-card][data-status=Completed]");
    await done.waitFor();
    expect(await done.getByTestId("workflow-step").allTextContents()).toEqual([
      expect.stringContaining("1. Fix the typos"),
      expect.stringContaining("2. Sort the index"),
    ]);
    expect(await done.locator("[data-step-id=step-2] [data-testid=workflow-step-output]").textContent()).toBe(
      "Sorted the index.",
    );
    expect(await chat.page.locator("[data-testid=plan-card]").getAttribute("data-status")).toBe("executing");
  });
});
