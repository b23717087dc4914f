import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { projectPermissionRules } from "@parley/server";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { chunks, useAcpTestbed } from "./support/acp-testbed.ts";

/** `parley acp` driven by the official ACP SDK's client side, as an editor drives it, against the fake model. */

const bed = useAcpTestbed();

describe("parley acp, as an editor uses it", () => {
  it("introduces itself with its capabilities and no sign-in, and streams an answer with its thinking", async () => {
    bed.server.script(reply().thinking("Let me think.").text("Hello ").text("from Parley."));
    const zed = bed.editor();
    const init = await zed.initialize();
    expect(init.authMethods).toEqual([]);
    expect(init.agentCapabilities).toMatchObject({
      loadSession: true,
      promptCapabilities: { embeddedContext: true },
    });
    const session = await zed.agent.request("session/new", { cwd: bed.project, mcpServers: [] });
    expect(session.modes?.currentModeId).toBe("default");
    expect(session.modes?.availableModes.map((mode) => mode.id)).toContain("acceptEdits");
    const answer = await zed.agent.request("session/prompt", {
      sessionId: session.sessionId,
      prompt: [{ type: "text", text: "Say hello" }],
    });
    expect(answer.stopReason).toBe("end_turn");
    const updates = zed.updatesOf(session.sessionId);
    expect(chunks(updates, "agent_thought_chunk").join("")).toBe("Let me think.");
    expect(chunks(updates, "agent_message_chunk")).toEqual(["Hello ", "from Parley."]);
  });

  it("asks the editor before a write: allow writes the file, reject leaves it unwritten, always adds Parley's rule", async () => {
    const write = (name: string) =>
      reply().toolCall("Write", { file_path: name, content: `${name} body` }, { id: `call-${name}` });
    bed.server.script(
      write("allowed.txt"),
      reply().text("Wrote it."),
      write("rejected.txt"),
      reply().text("Did not write it."),
      write("always.txt"),
      reply().text("Wrote it."),
      write("always.txt"),
      reply().text("Wrote that too."),
    );
    const answers = ["allow", "reject", "always"];
    const zed = bed.editor({
      "session/request_permission": ({ params }) => {
        const optionId = answers.shift() as string;
        expect(params.options.map((option) => option.optionId)).toContain(optionId);
        return { outcome: { outcome: "selected", optionId } };
      },
    });
    await zed.initialize();
    const { sessionId } = await zed.agent.request("session/new", { cwd: bed.project, mcpServers: [] });
    const prompt = (text: string) =>
      zed.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text }] });

    await prompt("Write allowed.txt");
    expect(await readFile(join(bed.project, "allowed.txt"), "utf8")).toBe("allowed.txt body");
    const call = zed.updatesOf(sessionId).find((update) => update.sessionUpdate === "tool_call");
    expect(call).toMatchObject({
      toolCallId: "call-allowed.txt",
      kind: "edit",
      status: "pending",
      locations: [{ path: join(bed.project, "allowed.txt") }],
      content: [
        { type: "diff", path: join(bed.project, "allowed.txt"), oldText: null, newText: "allowed.txt body" },
      ],
    });
    const finals = () =>
      zed
        .updatesOf(sessionId)
        .filter((update) => update.sessionUpdate === "tool_call_update" && update.status !== "in_progress");
    expect(finals().at(-1)).toMatchObject({ toolCallId: "call-allowed.txt", status: "completed" });

    await prompt("Write rejected.txt");
    expect(existsSync(join(bed.project, "rejected.txt"))).toBe(false);
    expect(finals().at(-1)).toMatchObject({ toolCallId: "call-rejected.txt", status: "failed" });

    await prompt("Write always.txt");
    await prompt("Write always.txt again");
    expect(finals().at(-1)).toMatchObject({ toolCallId: "call-always.txt", status: "completed" });
    // Three questions for four writes: "always" answered the fourth.
    expect(zed.asked.filter((request) => request.method === "session/request_permission")).toHaveLength(3);
    expect(answers).toEqual([]);
    // "Always" is Parley's project rule, the one the web UI shows and a server run obeys.
    expect(projectPermissionRules.list(bed.env.PARLEY_HOME as string, bed.project)).toEqual([
      expect.objectContaining({ tool: "Write", behavior: "allow" }),
    ]);
  });

  it("stops a turn mid-answer on session/cancel and says it was cancelled", async () => {
    bed.server.script(reply().text("Starting a long answer").hang());
    const zed = bed.editor();
    await zed.initialize();
    const { sessionId } = await zed.agent.request("session/new", { cwd: bed.project, mcpServers: [] });
    const answer = zed.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "Go on" }],
    });
    await zed.until(() =>
      chunks(zed.updatesOf(sessionId), "agent_message_chunk").length > 0 ? true : undefined,
    );
    await zed.agent.notify("session/cancel", { sessionId });
    expect((await answer).stopReason).toBe("cancelled");
    expect(chunks(zed.updatesOf(sessionId), "agent_message_chunk")).toEqual(["Starting a long answer"]);
  });

  it("withdraws a waiting approval on session/cancel: the editor's prompt is cancelled and nothing is written", async () => {
    bed.server.script(
      reply().toolCall("Write", { file_path: "never.txt", content: "no" }),
      reply().text("Unused."),
    );
    let asked: () => void = () => {};
    const askedOnce = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const zed = bed.editor({
      "session/request_permission": ({ signal }) =>
        new Promise((resolve) => {
          asked();
          // A person has not answered yet; the agent withdraws the question.
          signal.addEventListener("abort", () => resolve({ outcome: { outcome: "cancelled" } }));
        }),
    });
    await zed.initialize();
    const { sessionId } = await zed.agent.request("session/new", { cwd: bed.project, mcpServers: [] });
    const answer = zed.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "Write" }],
    });
    await askedOnce;
    await zed.agent.notify("session/cancel", { sessionId });
    expect((await answer).stopReason).toBe("cancelled");
    expect(existsSync(join(bed.project, "never.txt"))).toBe(false);
    expect(bed.server.requests).toHaveLength(1);
  });

  it("lists and loads an earlier session, replaying it, and continues the same conversation", async () => {
    bed.server.script(reply().text("The launch is on Tuesday."), reply().text("Still Tuesday."));
    const first = bed.editor();
    await first.initialize();
    const { sessionId } = await first.agent.request("session/new", { cwd: bed.project, mcpServers: [] });
    await first.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "When is the launch?" }],
    });
    await first.close();

    const second = bed.editor();
    const init = await second.initialize();
    expect(init.agentCapabilities?.sessionCapabilities?.list).toEqual({});
    const listed = await second.agent.request("session/list", { cwd: bed.project });
    expect(listed.sessions).toEqual([
      { sessionId, cwd: bed.project, title: "When is the launch?", updatedAt: expect.any(String) },
    ]);
    await second.agent.request("session/load", { sessionId, cwd: bed.project, mcpServers: [] });
    const replayed = second.updatesOf(sessionId);
    expect(chunks(replayed, "user_message_chunk")).toEqual(["When is the launch?"]);
    expect(chunks(replayed, "agent_message_chunk")).toEqual(["The launch is on Tuesday."]);
    await second.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "Sure?" }] });
    expect(JSON.stringify(bed.server.requests.at(-1)?.body)).toContain("The launch is on Tuesday.");
  });

  it("reads and writes through the editor's buffers and runs commands in its terminal", async () => {
    await writeFile(join(bed.project, "notes.txt"), "saved text\n");
    bed.server.script(
      reply().toolCall("Read", { file_path: "notes.txt" }, { id: "read-1" }),
      reply().toolCall("Write", { file_path: "notes.txt", content: "new text" }, { id: "write-1" }),
      reply().toolCall(
        "Edit",
        { file_path: "notes.txt", old_string: "unsaved", new_string: "edited" },
        { id: "edit-1" },
      ),
      reply().toolCall("Bash", { command: "npm test" }, { id: "bash-1" }),
      reply().text("Done."),
    );
    const written: string[] = [];
    const zed = bed.editor({
      "session/request_permission": () => ({ outcome: { outcome: "selected", optionId: "allow" } }),
      "fs/read_text_file": ({ params }) => {
        expect(params.path).toBe(join(bed.project, "notes.txt"));
        return { content: "unsaved text in the editor\n" };
      },
      "fs/write_text_file": ({ params }) => {
        written.push(`${params.path}: ${params.content}`);
        return {};
      },
      "terminal/create": ({ params }) => {
        expect(params).toMatchObject({ command: "/bin/sh", args: ["-c", "npm test"], cwd: bed.project });
        return { terminalId: "term-1" };
      },
      "terminal/wait_for_exit": () => ({ exitCode: 0 }),
      "terminal/output": () => ({
        output: "all 12 tests pass\n",
        truncated: false,
        exitStatus: { exitCode: 0 },
      }),
      "terminal/release": () => ({}),
    });
    await zed.initialize({ fs: { readTextFile: true, writeTextFile: true }, terminal: true });
    const { sessionId } = await zed.agent.request("session/new", { cwd: bed.project, mcpServers: [] });
    await zed.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "Update notes, test" }],
    });

    const toModel = JSON.stringify(bed.server.requests.map((request) => request.body));
    expect(toModel).toContain("unsaved text in the editor");
    expect(toModel).toContain("all 12 tests pass");
    expect(written).toEqual([
      `${join(bed.project, "notes.txt")}: new text`,
      `${join(bed.project, "notes.txt")}: edited text in the editor\n`,
    ]);
    expect(await readFile(join(bed.project, "notes.txt"), "utf8")).toBe("saved text\n");
    expect(zed.updatesOf(sessionId)).toContainEqual(
      expect.objectContaining({
        toolCallId: "bash-1",
        content: [{ type: "terminal", terminalId: "term-1" }],
      }),
    );
  });
  it("uses an MCP server the editor names in session/new, asking before its call", async () => {
    const everything = fileURLToPath(
      new URL("../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js", import.meta.url),
    );
    bed.server.script(
      reply().toolCall("mcp__everything__echo", { message: "over MCP" }, { id: "mcp-1" }),
      reply().text("Echoed."),
    );
    const zed = bed.editor({
      "session/request_permission": () => ({ outcome: { outcome: "selected", optionId: "allow" } }),
    });
    await zed.initialize();
    const { sessionId } = await zed.agent.request("session/new", {
      cwd: bed.project,
      mcpServers: [{ name: "everything", command: process.execPath, args: [everything, "stdio"], env: [] }],
    });
    await zed.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "Echo" }] });
    expect(zed.asked.map((request) => request.method)).toEqual(["session/request_permission"]);
    expect(JSON.stringify(bed.server.requests[1]?.body)).toContain("Echo: over MCP");
    expect(zed.updatesOf(sessionId)).toContainEqual(
      expect.objectContaining({ toolCallId: "mcp-1", status: "completed" }),
    );
  });

  it("gives the model the project's AGENTS.md and the editor's attached files and links with the prompt", async () => {
    await writeFile(join(bed.project, "AGENTS.md"), "Use tabs for indentation.\n");
    bed.server.script(reply().text("Seen."));
    const zed = bed.editor();
    await zed.initialize();
    const { sessionId } = await zed.agent.request("session/new", { cwd: bed.project, mcpServers: [] });
    await zed.agent.request("session/prompt", {
      sessionId,
      prompt: [
        { type: "text", text: "Review this" },
        { type: "resource", resource: { uri: `file://${bed.project}/a.ts`, text: "export const a = 1;" } },
        { type: "resource_link", uri: `file://${bed.project}/b.ts`, name: "b.ts" },
      ],
    });
    const sent = JSON.stringify(bed.server.requests[0]?.body);
    expect(sent).toContain("Review this");
    // The project's instruction files, read when the session starts, as in every face of Parley.
    expect(sent).toContain('<instructions file=\\"AGENTS.md\\">\\nUse tabs for indentation.');
    expect(sent).toContain(
      `<context uri=\\"file://${bed.project}/a.ts\\">\\nexport const a = 1;\\n</context>`,
    );
    expect(sent).toContain(`[Attached: b.ts](file://${bed.project}/b.ts)`);
  });

  it("switches to plan mode from the editor, shows the plan it answers with as the editor's plan, and its progress", async () => {
    const plan = {
      type: "plan",
      goal: "Add a greeting",
      steps: [
        { step_number: 1, action: "Read the entry point", reason: "Find where to greet" },
        { step_number: 2, action: "Add the greeting", reason: "The feature" },
      ],
    };
    bed.server.script(reply().text(`Here is the plan:\n\n\`\`\`json\n${JSON.stringify(plan)}\n\`\`\``));
    const zed = bed.editor();
    await zed.initialize();
    const { sessionId } = await zed.agent.request("session/new", { cwd: bed.project, mcpServers: [] });
    await zed.agent.request("session/set_mode", { sessionId, modeId: "plan" });
    await expect(zed.agent.request("session/set_mode", { sessionId, modeId: "yolo" })).rejects.toMatchObject({
      code: -32602,
    });
    await zed.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "Plan a greeting" }],
    });
    expect(JSON.stringify(bed.server.requests[0]?.body)).toContain("Plan mode is on");
    expect(zed.updatesOf(sessionId).filter((update) => update.sessionUpdate === "plan")).toEqual([
      {
        sessionUpdate: "plan",
        entries: [
          { content: "Read the entry point", priority: "medium", status: "pending" },
          { content: "Add the greeting", priority: "medium", status: "pending" },
        ],
      },
    ]);

    // Carrying it out, the agent reports progress; the editor's plan follows.
    bed.server.script(
      reply().toolCall("UpdatePlan", {
        steps: [
          { step_number: 1, status: "completed", note: "found it" },
          { step_number: 2, status: "in_progress" },
        ],
      }),
      reply().text("Working on step 2."),
    );
    await zed.agent.request("session/set_mode", { sessionId, modeId: "acceptEdits" });
    await zed.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "Go" }] });
    expect(
      zed
        .updatesOf(sessionId)
        .filter((update) => update.sessionUpdate === "plan")
        .at(-1),
    ).toEqual({
      sessionUpdate: "plan",
      entries: [
        { content: "Read the entry point — found it", priority: "medium", status: "completed" },
        { content: "Add the greeting", priority: "medium", status: "in_progress" },
      ],
    });
  });
});
