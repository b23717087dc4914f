import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentContext, AgentRunList } from "@parley/protocol";
import { hang, reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { startChat, storedMessages, waitForPendingApproval } from "./support/interactions.ts";
import { eventsOfType, waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("subagents started with the Task tool", () => {
  const children = (runId: string) => server.json<AgentRunList>("GET", `/api/agent-children?run_id=${runId}`);
  const server = useTestServer();
  const events = useServerEvents(server);

  it("run as child runs with their own events, activity and messages, listed by agent-children", async () => {
    mkdirSync(join(server.directories.project, "docs"), { recursive: true });
    writeFileSync(join(server.directories.project, "docs/launch.md"), "The launch is on Friday.\n");
    server.fake.script(
      reply().text("Let me delegate.").toolCall("Task", {
        description: "Find the launch day",
        prompt: "Read docs/launch.md and report the launch day.",
      }),
      reply().toolCall("Read", { file_path: "docs/launch.md" }),
      reply().text("The launch is on Friday."),
      reply().text("The launch is on Friday, says the subagent."),
    );
    const chat = await startChat(server, { text: "When is the launch?" });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");

    const [child] = (await children(chat.run_id)).runs;
    expect(child).toMatchObject({
      parent_run_id: chat.run_id,
      session_id: chat.session_id,
      agent_id: expect.stringMatching(/^task_/),
      kind: "subagent",
      status: "completed",
      prompt: "Read docs/launch.md and report the launch day.",
      result: "The launch is on Friday.",
      model: "anthropic:claude-test-1",
      description: "Find the launch day",
      tool_use_id: expect.any(String),
    });
    const spawned = eventsOfType(events.frames, "SubagentSpawned").find(
      (event) => event.parent_run_id === chat.run_id,
    );
    expect(spawned).toMatchObject({
      parent_id: "main",
      subagent_id: child?.agent_id,
      task: "Find the launch day",
      run_id: child?.id,
      subagent_type: "general-purpose",
      tool_use_id: child?.tool_use_id,
    });
    const result = eventsOfType(events.frames, "SubagentResult").find((event) => event.run_id === child?.id);
    expect(result).toMatchObject({
      outcome: "success",
      summary: "The launch is on Friday.",
      subagent_id: child?.agent_id,
    });
    // The child's tool activity carries the child's agent id and run.
    const activity = eventsOfType(events.frames, "AgentStatus").filter((event) => event.run_id === child?.id);
    expect(activity.map((event) => [event.agent_id, event.status, event.detail])).toEqual([
      [child?.agent_id, "calling_tool", "Reading docs/launch.md"],
      [child?.agent_id, "working", "Reading docs/launch.md"],
    ]);
    // Its messages are stored with its run, and its raw SDK messages are in its context.
    const messages = (await storedMessages(server, chat.session_id)).filter(
      (message) => message.run_id === child?.id,
    );
    expect(messages.map((message) => [message.agent_id, message.rich.kind])).toEqual([
      [child?.agent_id, "ToolRequest"],
      [child?.agent_id, "ToolResult"],
      [child?.agent_id, "Text"],
    ]);
    const raw = await server.json<AgentContext>("GET", `/api/agent-context?run_id=${child?.id}&view=raw`);
    expect(
      (raw.messages as { type: string; parent_tool_use_id?: string }[]).map((message) => message.type),
    ).toEqual(["assistant", "user", "assistant"]);
    // The parent's answers are the parent's; the child's text is not part of them.
    const parentTexts = (await storedMessages(server, chat.session_id))
      .filter(
        (message) =>
          message.run_id === chat.run_id && message.rich.kind === "Text" && message.role === "assistant",
      )
      .map((message) => (message.rich.data as { text: string }).text);
    expect(parentTexts).toEqual(["Let me delegate.", "The launch is on Friday, says the subagent."]);
  });

  it("a subagent's change asks for approval under the subagent's run", async () => {
    server.fake.script(
      reply().toolCall("Task", { description: "Write the notes", prompt: "Write notes.txt saying hi." }),
      reply().toolCall("Write", { file_path: "notes.txt", content: "hi\n" }),
      reply().text("Wrote notes.txt."),
      reply().text("The subagent wrote the notes."),
    );
    const chat = await startChat(server, { text: "Get the notes written" });
    const spawned = await waitForEvent(
      events,
      "SubagentSpawned",
      (event) => event.parent_run_id === chat.run_id,
    );
    const approval = await waitForPendingApproval(server, events, spawned.run_id as string, "Write");

    expect(approval).toMatchObject({
      agent_id: spawned.subagent_id,
      run_id: spawned.run_id,
      parent_tool_use_id: spawned.tool_use_id,
    });
    await server.json("POST", `/api/approvals/${approval.id}`, { decision: "approve" });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");
    expect(readFileSync(join(server.directories.project, "notes.txt"), "utf8")).toBe("hi\n");
  });

  it("cancelling the parent cancels its children", async () => {
    server.fake.script(
      reply().toolCall("Task", { description: "Search forever", prompt: "Search everything." }),
      hang(),
    );
    const chat = await startChat(server, { text: "Search" });
    const spawned = await waitForEvent(
      events,
      "SubagentSpawned",
      (event) => event.parent_run_id === chat.run_id,
    );
    await server.fake.waitForGate("hang");

    const cancel = await server.json<{ cancelled: string[] }>("POST", "/api/agent-cancel", {
      run_id: chat.run_id,
    });
    expect(cancel.cancelled).toEqual([chat.run_id]);
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("cancelled");

    const [child] = (await children(chat.run_id)).runs;
    expect(child).toMatchObject({ id: spawned.run_id, status: "cancelled", ended_at_ms: expect.any(Number) });
    const result = await waitForEvent(events, "SubagentResult", (event) => event.run_id === spawned.run_id);
    expect(result.outcome).toBe("cancelled");
    expect(await server.fake.waitForResponseEnd(1)).toBe("client_aborted");
  });
});
