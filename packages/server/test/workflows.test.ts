// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${{ … }} is the workflow reference syntax
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { WorkflowExecutionView, WorkflowList } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { expectApiError, modelRequest } from "./support/api-checks.ts";
import {
  resultText,
  richEvents,
  startChat,
  storedMessages,
  toolResultsIn,
  waitForPendingApproval,
  waitForRich,
} from "./support/interactions.ts";
import { eventsOfType, waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";
import { isRunning, openGate, step, waitForWorkflow, writeGate, writeWorkflow } from "./support/workflows.ts";

describe("workflows", () => {
  let project: string;
  let counter = 0;
  const start = (name: string, body: Record<string, unknown> = {}) =>
    server.json<WorkflowExecutionView>("POST", `/api/workflows/${name}/executions`, body);
  const act = (id: string, verb: string, body: unknown = {}) =>
    server.json<WorkflowExecutionView>("POST", `/api/workflow-executions/${id}/${verb}`, body);
  /** Runs `body` with only these permission rules, then puts back the bare Bash allow rule. */
  const withRules = async (rules: Record<string, unknown>[], body: () => Promise<void>) => {
    const existing = await server.json<{ rules: { id: string }[] }>("GET", "/api/permission-rules");
    for (const rule of existing.rules) await server.json("DELETE", `/api/permission-rules/${rule.id}`);
    for (const rule of rules) await server.json("POST", "/api/permission-rules", rule);
    try {
      await body();
    } finally {
      const added = await server.json<{ rules: { id: string }[] }>("GET", "/api/permission-rules");
      for (const rule of added.rules) await server.json("DELETE", `/api/permission-rules/${rule.id}`);
      await server.json("POST", "/api/permission-rules", { tool: "Bash", behavior: "allow" });
    }
  };
  /** A fresh gate name per test, so gates opened by one test never release another. */
  const gate = (label: string) => {
    counter += 1;
    const name = `${label}${counter}`;
    return { name, command: writeGate(project, name), open: () => openGate(project, name) };
  };

  const server = useTestServer();
  const events = useServerEvents(server);
  beforeAll(async () => {
    project = server.directories.project;
    await server.json("POST", "/api/permission-rules", { tool: "Bash", behavior: "allow" });
  });

  it("runs shell and tool steps in order, passing inputs and outputs on, and completes one card updated in place", async () => {
    writeFileSync(join(project, "VERSION"), "1.4.2\n");
    writeWorkflow(
      project,
      "release",
      `name: release
description: Read the version and tag it
inputs:
  channel: { type: string, default: stable }
  build: { type: number }
steps:
  - id: version
    name: Read the version
    tool: Read
    with: { file_path: VERSION }
  - id: tag
    run: echo "tag ${"${{ inputs.channel }}"}-${"${{ inputs.build }}"}" && echo "${"${{ steps.version.output }}"}" | grep -c 1.4.2
`,
    );
    const started = await start("release", { inputs: { build: "7" } });
    expect(started.inputs).toEqual({ channel: "stable", build: 7 });
    expect(started.execution).toMatchObject({ status: "Running", completed_steps: 0, total_steps: 2 });

    const done = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Completed");
    expect(done).toMatchObject({ completed_steps: 2, current_step: null, error: null });
    expect(step(done, "version")).toMatchObject({ status: "completed", attempts: 1, kind: "tool" });
    expect(step(done, "tag").output).toBe("tag stable-7\n1");
    expect(done.result).toEqual({ output: "tag stable-7\n1", outputs: expect.any(Object) });

    const session = started.session_id;
    expect(richEvents(events, "WorkflowExecution", session)).toHaveLength(1);
    // Calls nobody had to decide on show on the workflow's card only, not as turns of their own.
    expect(richEvents(events, "ToolRequest", session)).toEqual([]);
    expect(richEvents(events, "ToolResult", session)).toEqual([]);
    const updates = eventsOfType(events.frames, "ContextUpdate", session);
    expect(updates.every((event) => event.message_id === started.message_id)).toBe(true);
    const stored = await storedMessages(server, session);
    const card = stored.find((message) => message.id === started.message_id);
    expect(card?.rich).toMatchObject({ kind: "WorkflowExecution", data: { status: "Completed" } });
    expect(await server.json("GET", `/api/workflow-executions/${started.execution_id}`)).toMatchObject({
      execution: { status: "Completed" },
    });
  });

  it("fails at a failing step keeping the progress made, and Retry reruns that step and finishes", async () => {
    writeWorkflow(
      project,
      "check",
      `name: check
steps:
  - id: prepare
    run: echo ready
  - id: verify
    run: test -f fixed.txt && echo verified
  - id: report
    run: echo reported
`,
    );
    const started = await start("check");
    const failed = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Failed");
    expect(failed).toMatchObject({ completed_steps: 1, current_step: "verify" });
    expect(failed.error).toMatchObject({ code: "tool_error", details: { step: "verify" } });
    expect(step(failed, "prepare").status).toBe("completed");
    expect(step(failed, "verify")).toMatchObject({ status: "failed", error: { code: "tool_error" } });
    expect(step(failed, "report").status).toBe("pending");

    writeFileSync(join(project, "fixed.txt"), "");
    const retried = await act(started.execution_id, "retry");
    expect(retried.execution).toMatchObject({ status: "Running", error: null });
    const done = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Completed");
    expect(step(done, "prepare").attempts).toBe(1);
    expect(step(done, "verify")).toMatchObject({ status: "completed", attempts: 2, output: "verified" });
    await expectApiError(
      await server.request("POST", `/api/workflow-executions/${started.execution_id}/retry`, { body: {} }),
      409,
      "conflict",
    );
  });

  it("retries a step as its retry says, and goes on past a failure marked continue_on_error", async () => {
    writeWorkflow(
      project,
      "flaky",
      `name: flaky
steps:
  - id: once
    run: if [ -f once.mark ]; then echo second try; else touch once.mark; exit 3; fi
    retry: { count: 2, backoff: 0 }
  - id: optional
    run: exit 1
    continue_on_error: true
  - id: last
    run: echo last
`,
    );
    const started = await start("flaky");
    const done = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Completed");
    expect(step(done, "once")).toMatchObject({ status: "completed", attempts: 2, output: "second try" });
    expect(step(done, "optional")).toMatchObject({ status: "failed", attempts: 1 });
    expect(step(done, "last").status).toBe("completed");
    expect(done.completed_steps).toBe(3);
  });

  it("pauses at the next step boundary, then resumes from the current step", async () => {
    const first = gate("boundary");
    writeWorkflow(
      project,
      "boundary",
      `name: boundary
steps:
  - id: first
    run: ${first.command}
  - id: second
    run: echo second
`,
    );
    const started = await start("boundary");
    await waitForWorkflow(
      events,
      started.execution_id,
      (data) => step(data, "first").output === `${first.name} waiting`,
    );
    const pausing = await act(started.execution_id, "pause", {});
    expect(pausing.execution).toMatchObject({ status: "Running", pause_requested: true });
    first.open();
    const paused = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Paused");
    expect(paused).toMatchObject({ completed_steps: 1, current_step: "second" });
    expect(step(paused, "second").status).toBe("pending");

    const resumed = await act(started.execution_id, "resume");
    expect(resumed.execution.status).toBe("Running");
    const done = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Completed");
    expect(step(done, "second").output).toBe("second");
  });

  it("forgets a pause asked for when the step then fails, so Retry runs the step instead of pausing", async () => {
    const wait = gate("failing");
    writeWorkflow(
      project,
      "pause-then-fail",
      `name: pause-then-fail\nsteps:\n  - id: check\n    run: ${wait.command} && test -f ok-${wait.name}\n`,
    );
    const started = await start("pause-then-fail");
    await waitForWorkflow(
      events,
      started.execution_id,
      (data) => step(data, "check").output === `${wait.name} waiting`,
    );
    await act(started.execution_id, "pause");
    wait.open();
    const failed = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Failed");
    expect(failed).toMatchObject({ pause_requested: false });
    writeFileSync(join(project, `ok-${wait.name}`), "");
    await act(started.execution_id, "retry");
    const after = await waitForWorkflow(
      events,
      started.execution_id,
      (data) => step(data, "check").attempts === 2 && data.status !== "Running",
    );
    expect(after.status).toBe("Completed");
  });

  it("pauses now by stopping the running step, which runs again from its start on Resume", async () => {
    const slow = gate("slow");
    writeWorkflow(project, "pause-now", `name: pause-now\nsteps:\n  - id: slow\n    run: ${slow.command}\n`);
    const started = await start("pause-now");
    await waitForWorkflow(
      events,
      started.execution_id,
      (data) => step(data, "slow").output === `${slow.name} waiting`,
    );
    const paused = await act(started.execution_id, "pause", { now: true });
    expect(paused.execution).toMatchObject({ status: "Paused", completed_steps: 0, current_step: "slow" });
    expect(step(paused, "slow")).toMatchObject({
      status: "interrupted",
      error: {
        code: "paused",
        message: "stopped: Pause now was used; it runs again from its start on Resume",
      },
    });

    // Resumed, the step no longer says it was stopped.
    const resumed = await act(started.execution_id, "resume");
    expect(step(resumed, "slow")).toMatchObject({ status: "pending", error: null });
    await waitForWorkflow(
      events,
      started.execution_id,
      (data) => step(data, "slow").attempts === 2 && step(data, "slow").output === `${slow.name} waiting`,
    );
    slow.open();
    const done = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Completed");
    expect(step(done, "slow")).toMatchObject({
      attempts: 2,
      output: `${slow.name} waiting\n${slow.name} done`,
    });
  });

  it("says why a step was stopped when the pause came with a reason", async () => {
    const slow = gate("reason");
    writeWorkflow(project, "pause-why", `name: pause-why\nsteps:\n  - id: slow\n    run: ${slow.command}\n`);
    const started = await start("pause-why");
    await waitForWorkflow(
      events,
      started.execution_id,
      (data) => step(data, "slow").output === `${slow.name} waiting`,
    );
    const paused = await act(started.execution_id, "pause", {
      now: true,
      reason: "Ctrl-C in parley workflow run",
    });
    expect(step(paused, "slow").error?.message).toBe(
      "stopped: Ctrl-C in parley workflow run; it runs again from its start on Resume",
    );
    await act(started.execution_id, "cancel");
  });

  it("runs in the permission mode it was started with: bypassPermissions asks nothing, dontAsk refuses at once", async () => {
    writeWorkflow(
      project,
      "unattended",
      "name: unattended\nsteps:\n  - id: mark\n    run: touch unattended.txt\n",
    );
    await withRules([], async () => {
      const bypass = await start("unattended", { permission_mode: "bypassPermissions" });
      const done = await waitForWorkflow(events, bypass.execution_id, (data) => data.status !== "Running");
      expect(done.status).toBe("Completed");
      expect(existsSync(join(project, "unattended.txt"))).toBe(true);
      const stored = await storedMessages(server, bypass.session_id);
      expect(stored.map((message) => message.rich?.kind)).toEqual(["SystemControl", "WorkflowExecution"]);
      expect(stored[0]?.rich?.data).toMatchObject({ action: "mode_change", mode: "bypassPermissions" });

      const strict = await start("unattended", { permission_mode: "dontAsk" });
      const failed = await waitForWorkflow(events, strict.execution_id, (data) => data.status !== "Running");
      expect(failed.error).toMatchObject({
        code: "permission_denied",
        message: expect.stringContaining("dontAsk"),
      });
    });
    await expectApiError(
      await server.request("POST", "/api/workflows/unattended/executions", {
        body: { permission_mode: "yolo" },
      }),
      400,
      "invalid_request",
      "body.permission_mode",
    );
  });

  it("cancels a running workflow, stopping its command, and refuses to resume it", async () => {
    const wait = gate("cancel");
    writeWorkflow(
      project,
      "cancel-me",
      `name: cancel-me\nsteps:\n  - id: wait\n    run: ${wait.command} && touch after-cancel.txt\n  - id: never\n    run: echo never\n`,
    );
    const started = await start("cancel-me");
    await waitForWorkflow(
      events,
      started.execution_id,
      (data) => step(data, "wait").output === `${wait.name} waiting`,
    );
    const cancelled = await act(started.execution_id, "cancel");
    expect(cancelled.execution).toMatchObject({ status: "Cancelled", completed_steps: 0 });
    expect(step(cancelled, "wait").status).toBe("cancelled");
    wait.open();
    await expectApiError(
      await server.request("POST", `/api/workflow-executions/${started.execution_id}/resume`, { body: {} }),
      409,
      "conflict",
    );
    const list = await server.json<{ executions: WorkflowExecutionView[] }>(
      "GET",
      `/api/workflow-executions?session_id=${started.session_id}`,
    );
    expect(list.executions.map((execution) => execution.execution.status)).toEqual(["Cancelled"]);
    expect(existsSync(join(project, "after-cancel.txt"))).toBe(false);
  });

  it("stops a session's running workflow, and its command, when the session is deleted", async () => {
    const wait = gate("deleted");
    writeWorkflow(project, "orphan", `name: orphan\nsteps:\n  - id: wait\n    run: ${wait.command}\n`);
    const started = await start("orphan");
    await waitForWorkflow(
      events,
      started.execution_id,
      (data) => step(data, "wait").output === `${wait.name} waiting`,
    );
    const pid = Number(readFileSync(join(project, `${wait.name}.pid`), "utf8"));
    await server.json("DELETE", `/api/sessions/${started.session_id}`);
    expect(isRunning(pid)).toBe(false);
    await expectApiError(
      await server.request("GET", `/api/workflow-executions/${started.execution_id}`),
      404,
      "not_found",
    );
  });

  it("fails a step that runs past its timeout", async () => {
    const never = gate("timeout");
    writeWorkflow(
      project,
      "slowpoke",
      `name: slowpoke\nsteps:\n  - id: wait\n    run: ${never.command}\n    timeout: 1\n`,
    );
    const started = await start("slowpoke");
    const failed = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Failed");
    expect(failed.error).toMatchObject({ code: "timeout", details: { step: "wait" } });
  });

  it("asks before a shell step the permission rules do not allow, and fails it when refused", async () => {
    writeWorkflow(project, "deploy", `name: deploy\nsteps:\n  - id: push\n    run: git push origin main\n`);
    await withRules([], async () => {
      const started = await start("deploy");
      const card = await waitForRich(
        events,
        "ToolRequest",
        (data, event) => event.session_id === started.session_id && data.approval_status === "Pending",
      );
      expect(card.data).toMatchObject({ tool_name: "Bash", parameters: { command: "git push origin main" } });
      expect(card.event.run_id).toBeUndefined();
      await server.json("POST", `/api/approvals/${card.data.approval_id}`, { decision: "reject" });
      const failed = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Failed");
      expect(failed.error).toMatchObject({ code: "permission_denied", details: { step: "push" } });
    });
  });

  it("expands each reference once and gives a shell step its inputs as literal words, which Bash(echo:*) allows", async () => {
    writeFileSync(join(project, "README.md"), "# mine\n");
    writeWorkflow(
      project,
      "say",
      `name: say
inputs:
  message: { type: string }
  other: { type: string, default: secret }
steps:
  - id: say
    run: echo ${"${{ inputs.message }}"} "and ${"${{ inputs.other }}"}"
`,
    );
    await withRules([{ tool: "Bash", pattern: "echo:*", behavior: "allow" }], async () => {
      const hostile = await start("say", { inputs: { message: "hi > README.md; touch pwned" } });
      const done = await waitForWorkflow(events, hostile.execution_id, (data) => data.status !== "Running");
      expect(done.status).toBe("Completed");
      expect(step(done, "say").output).toBe("hi > README.md; touch pwned and secret");
      expect(readFileSync(join(project, "README.md"), "utf8")).toBe("# mine\n");
      expect(existsSync(join(project, "pwned"))).toBe(false);

      const nested = await start("say", { inputs: { message: "${{ inputs.other }}", other: "$(id)" } });
      const echoed = await waitForWorkflow(events, nested.execution_id, (data) => data.status !== "Running");
      expect(step(echoed, "say").output).toBe("${{ inputs.other }} and $(id)");
    });
  });

  it("asks before a shell step that redirects into a file, although Bash(echo:*) is allowed", async () => {
    writeFileSync(join(project, "README.md"), "# mine\n");
    writeWorkflow(
      project,
      "clobber",
      "name: clobber\nsteps:\n  - id: write\n    run: echo owned > README.md\n",
    );
    await withRules([{ tool: "Bash", pattern: "echo:*", behavior: "allow" }], async () => {
      const started = await start("clobber");
      const card = await waitForRich(
        events,
        "ToolRequest",
        (data, event) => event.session_id === started.session_id && data.approval_status === "Pending",
      );
      await server.json("POST", `/api/approvals/${card.data.approval_id}`, { decision: "reject" });
      await waitForWorkflow(events, started.execution_id, (data) => data.status === "Failed");
      expect(readFileSync(join(project, "README.md"), "utf8")).toBe("# mine\n");
    });
  });

  it("gives an agent step its prompt as a turn and passes the agent's answer to the next step", async () => {
    server.fake.script(reply().text("Use the ").gate("advice").text("blue theme."));
    writeWorkflow(
      project,
      "advise",
      `name: advise
inputs:
  topic: { type: string }
steps:
  - id: ask
    prompt: Give one sentence of advice about ${"${{ inputs.topic }}"}.
  - id: save
    run: echo "${"${{ steps.ask.output }}"}" > advice.txt
`,
    );
    const started = await start("advise", { inputs: { topic: "colours" } });
    // The agent's answer shows on the card while it streams.
    await server.fake.waitForGate("advice");
    await waitForWorkflow(
      events,
      started.execution_id,
      (data) => step(data, "ask").status === "running" && step(data, "ask").output === "Use the ",
    );
    server.fake.release("advice");
    const done = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Completed");
    expect(step(done, "ask")).toMatchObject({ kind: "agent", output: "Use the blue theme." });
    expect(readFileSync(join(project, "advice.txt"), "utf8")).toBe("Use the blue theme.\n");
    const stored = await storedMessages(server, started.session_id);
    const prompt = stored.find((message) => message.role === "user");
    // The step names its turn, so a client can show the turn's messages with the step.
    expect(prompt?.run_id).toEqual(expect.any(String));
    expect(step(done, "ask").agent_run_ids).toEqual([prompt?.run_id]);
  });

  it("gives an agent step that names its model and tools a turn with that model and only those tools", async () => {
    server.fake.script(reply().text("Looked."));
    writeWorkflow(
      project,
      "narrow",
      "name: narrow\nsteps:\n  - id: look\n    prompt: Look around\n    model: anthropic:claude-step-2\n    tools: [Read, Grep]\n",
    );
    const started = await start("narrow");
    const done = await waitForWorkflow(events, started.execution_id, (data) => data.status === "Completed");
    expect(step(done, "look").output).toBe("Looked.");
    const request = modelRequest(server, 0) as unknown as { model: string; tools: { name: string }[] };
    expect(request.model).toBe("claude-step-2");
    expect(request.tools.map((tool) => tool.name)).toEqual(["Read", "Grep"]);
  });

  it("lets the agent start a workflow with RunWorkflow once the person approves the call", async () => {
    writeWorkflow(
      project,
      "tidy",
      "name: tidy\ndescription: Tidies up\nsteps:\n  - id: sweep\n    run: echo swept\n",
    );
    // Read once first: a run's start waits only so long for the reader's worker, which a loaded machine may
    // start later than that, and the description would then say the workflows are still being read.
    await server.json("GET", "/api/workflows");
    server.fake.script(reply().toolCall("RunWorkflow", { name: "tidy" }), reply().text("It is running."));
    const chat = await startChat(server, { text: "Tidy up, please" });
    const approval = await waitForPendingApproval(server, events, chat.run_id, "RunWorkflow");
    const offered = (modelRequest(server, 0) as unknown as { tools: { name: string; description: string }[] })
      .tools;
    expect(offered.find((tool) => tool.name === "RunWorkflow")?.description).toContain("- tidy: Tidies up");
    await server.json("POST", `/api/approvals/${approval.id}`, { decision: "approve" });
    const started = await waitForEvent(
      events,
      "ContextUpdate",
      (event) =>
        event.session_id === chat.session_id &&
        (event.rich.data as { workflow_name?: string; status?: string }).status === "Completed",
    );
    expect((started.rich.data as { workflow_name: string }).workflow_name).toBe("tidy");
    await waitForOutcome(events, chat.run_id);
    const results = toolResultsIn(modelRequest(server, 1));
    expect([...results.values()].map((result) => resultText(result.content))).toEqual([
      expect.stringMatching(/^Started workflow "tidy" \(execution wfx_\w+, 1 steps\)/),
    ]);
  });

  it("executes an approved plan step by step as a workflow, one agent turn per step", async () => {
    const session = await server.json<{ id: string }>("POST", "/api/sessions", {});
    await server.json("POST", `/api/sessions/${session.id}/mode`, { permission_mode: "plan" });
    const plan = {
      type: "plan",
      goal: "Tidy the docs",
      steps: [
        { step_number: 1, action: "Fix the typos", reason: "they distract" },
        { step_number: 2, action: "Sort the index", reason: "" },
      ],
    };
    server.fake.script(reply().text(JSON.stringify(plan)));
    const chat = await startChat(server, { session_id: session.id, text: "Plan a docs tidy-up" });
    const proposed = await waitForEvent(events, "PlanUpdate", (event) => event.run_id === chat.run_id);
    await waitForOutcome(events, chat.run_id);

    server.fake.script(reply().text("Fixed three typos."), reply().text("Sorted the index."));
    const executed = await server.json<{ workflow_execution_id: string; decision: { action: string } }>(
      "POST",
      `/api/plans/${proposed.message_id}/execute`,
      { step_by_step: true },
    );
    expect(executed.decision.action).toBe("execute");
    const done = await waitForWorkflow(
      events,
      executed.workflow_execution_id,
      (data) => data.status === "Completed",
    );
    expect(done).toMatchObject({ workflow_name: "plan", total_steps: 2, completed_steps: 2 });
    expect(done.steps?.map((progress) => [progress.name, progress.output])).toEqual([
      ["1. Fix the typos", "Fixed three typos."],
      ["2. Sort the index", "Sorted the index."],
    ]);
    const prompts = [1, 2].map((index) => JSON.stringify(modelRequest(server, index).messages.at(-1)));
    expect(prompts[0]).toContain("Carry out step 1 of the approved plan, and only this step.");
    expect(prompts[1]).toContain("Step 2: Sort the index");
  });

  it("lists valid definitions and names what is wrong with the others; bad starts get a 4xx naming the field", async () => {
    writeWorkflow(project, "broken", "name: broken\nsteps:\n  - id: x\n    run: ls\n    retries: 3\n");
    writeWorkflow(project, "misnamed", "name: other\nsteps:\n  - id: x\n    run: ls\n");
    const list = await server.json<WorkflowList>("GET", "/api/workflows");
    expect(list.workflows.map((workflow) => workflow.name)).toContain("release");
    expect(list.workflows.find((workflow) => workflow.name === "release")).toMatchObject({
      source: "project",
      steps: [
        { id: "version", name: "Read the version", kind: "tool" },
        { id: "tag", name: "tag", kind: "shell" },
      ],
    });
    expect(list.problems).toEqual(
      expect.arrayContaining([
        {
          path: expect.stringMatching(/broken\.yaml$/),
          name: "broken",
          message: 'line 5, column 5: steps.0: Unrecognized key: "retries"',
          issues: [{ path: "steps.0", message: 'Unrecognized key: "retries"', line: 5, column: 5 }],
        },
        expect.objectContaining({
          path: expect.stringMatching(/misnamed\.yaml$/),
          message: 'line 1, column 7: name: "other" must match the file name "misnamed"',
        }),
      ]),
    );
    // Running a file with mistakes names the file and each mistake, and starts nothing.
    const before = (await server.json<{ executions: unknown[] }>("GET", "/api/workflow-executions"))
      .executions;
    const broken = await expectApiError(
      await server.request("POST", "/api/workflows/broken/executions", { body: {} }),
      422,
      "invalid_workflow",
    );
    expect(broken.error.message).toMatch(
      /^workflow "broken" cannot run: .*broken\.yaml has a mistake:\n {2}line 5, column 5: steps\.0: Unrecognized key: "retries"$/,
    );
    expect(broken.error.details).toMatchObject({ name: "broken", issues: [{ line: 5, column: 5 }] });
    const after = (await server.json<{ executions: unknown[] }>("GET", "/api/workflow-executions"))
      .executions;
    expect(after).toHaveLength(before.length);
    await expectApiError(
      await server.request("POST", "/api/workflows/release/executions", { body: { inputs: { build: "x" } } }),
      400,
      "invalid_request",
      "body.inputs.build",
    );
    await expectApiError(
      await server.request("POST", "/api/workflows/nothing/executions", { body: {} }),
      404,
      "not_found",
    );
    await expectApiError(
      await server.request("POST", "/api/workflow-executions/wfx_missing/pause", { body: { now: "yes" } }),
      400,
      "invalid_request",
      "body.now",
    );
  });
});
