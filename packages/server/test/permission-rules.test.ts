import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type AgentPermissionMode,
  type PermissionRuleList,
  type PermissionRuleRecord,
  PermissionRuleRecordSchema,
} from "@parley/protocol";
import { reply } from "@parley/testkit";
import { beforeEach, describe, expect, it } from "vitest";
import { decodeResponse, expectApiError, modelRequest } from "./support/api-checks.ts";
import {
  resultText,
  richEvents,
  sessionState,
  startChat,
  toolResultsIn,
  waitForPendingApproval,
} from "./support/interactions.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("permission rules and modes", () => {
  const file = (path: string) => join(server.directories.project, path);
  const addRule = async (rule: Record<string, unknown>) =>
    decodeResponse(
      await server.request("POST", "/api/permission-rules", { body: rule }),
      PermissionRuleRecordSchema,
      201,
    );
  const rules = async () => (await server.json<PermissionRuleList>("GET", "/api/permission-rules")).rules;
  const cardsOf = (runId: string) =>
    richEvents(events, "ToolRequest")
      .filter((card) => card.event.run_id === runId)
      .map((card) => [card.data.approval_status, card.data.decided_by]);
  const server = useTestServer();
  const events = useServerEvents(server);
  beforeEach(async () => {
    for (const rule of await rules()) await server.json("DELETE", `/api/permission-rules/${rule.id}`);
  });

  it("adds, lists and removes rules; an identical rule is not stored twice", async () => {
    const added = await addRule({ tool: "Bash", pattern: "git status", behavior: "allow" });
    expect(added).toEqual({
      id: expect.any(String),
      tool: "Bash",
      pattern: "git status",
      behavior: "allow",
      source: "api",
      created_at_ms: expect.any(Number),
    });
    const again = await addRule({ tool: "Bash", pattern: "git status", behavior: "allow" });
    const bare = await addRule({ tool: "WebFetch", behavior: "deny" });

    expect(again.id).toBe(added.id);
    expect(bare).not.toHaveProperty("pattern");
    expect((await rules()).map((rule: PermissionRuleRecord) => rule.id)).toEqual([added.id, bare.id]);
    expect(await server.json("DELETE", `/api/permission-rules/${added.id}`)).toEqual({
      deleted: true,
      rule_id: added.id,
    });
    await expectApiError(
      await server.request("DELETE", `/api/permission-rules/${added.id}`),
      404,
      "not_found",
    );
    expect((await rules()).map((rule) => rule.id)).toEqual([bare.id]);
  });

  it("an allow rule runs a matching command without asking; a deny rule refuses one without asking", async () => {
    await addRule({ tool: "Bash", pattern: "echo", behavior: "allow" });
    await addRule({ tool: "Bash", pattern: "rm", behavior: "deny" });
    server.fake.script(
      reply().toolCall("Bash", { command: "echo allowed" }).toolCall("Bash", { command: "rm -rf build" }),
      reply().text("Done."),
    );
    const chat = await startChat(server, { text: "Echo, then clean" });
    await waitForOutcome(events, chat.run_id);

    expect(cardsOf(chat.run_id)).toEqual([
      ["AutoApproved", "policy"],
      ["Rejected", "policy"],
    ]);
    const results = [...toolResultsIn(modelRequest(server, 1)).values()].map((result) =>
      resultText(result.content),
    );
    expect(results[0]).toBe("allowed");
    expect(results[1]).toContain("denied by the project rule Bash(rm)");
  });

  it("an allow rule for echo does not let the agent's Bash redirect into a file: that write asks on its own", async () => {
    writeFileSync(file("README.md"), "# mine\n");
    await addRule({ tool: "Bash", pattern: "echo:*", behavior: "allow" });
    server.fake.script(reply().toolCall("Bash", { command: "echo owned > README.md" }), reply().text("Ok."));
    const chat = await startChat(server, { text: "Overwrite the readme" });

    const approval = await waitForPendingApproval(server, events, chat.run_id);
    expect(approval.reason).toContain("`> README.md` writes README.md");
    await server.json("POST", `/api/approvals/${approval.id}`, { decision: "reject" });
    await waitForOutcome(events, chat.run_id);
    expect(readFileSync(file("README.md"), "utf8")).toBe("# mine\n");
  });

  it("a Read rule stops the agent's reads and searches of what it names; other reads run as before, with no card", async () => {
    mkdirSync(file("secrets"), { recursive: true });
    writeFileSync(file("secrets/key.txt"), "token sk-live-123\n");
    writeFileSync(file(".env"), "TOKEN=sk-env-456\n");
    writeFileSync(file("notes.md"), "the token is elsewhere\n");
    await addRule({ tool: "Read", pattern: "secrets/**", behavior: "deny" });
    await addRule({ tool: "Read", pattern: ".env", behavior: "ask" });
    server.fake.script(
      reply()
        .toolCall("Read", { file_path: "secrets/key.txt" })
        .toolCall("Grep", { pattern: "token", "-i": true, output_mode: "content" })
        .toolCall("Read", { file_path: "notes.md" })
        .toolCall("Read", { file_path: ".env" }),
      reply().text("Done."),
    );
    const chat = await startChat(server, { text: "Find the token" });
    // The ask rule makes a card for the .env read; rejected, it is not read.
    const approval = await waitForPendingApproval(server, events, chat.run_id);
    expect(approval.tool_name).toBe("Read");
    expect(approval.input).toEqual({ file_path: ".env" });
    await server.json("POST", `/api/approvals/${approval.id}`, { decision: "reject" });
    await waitForOutcome(events, chat.run_id);

    // The denied read is rejected by the rule, the asked one waited for the person; the search and the free
    // read ran as reads always do, needing no approval.
    expect(cardsOf(chat.run_id)).toEqual([
      ["Rejected", "policy"],
      ["AutoApproved", "not_required"],
      ["AutoApproved", "not_required"],
      ["Pending", "user"],
      ["Rejected", "user"],
    ]);
    const results = [...toolResultsIn(modelRequest(server, 1)).values()].map((result) =>
      resultText(result.content),
    );
    expect(results[0]).toContain("denied by the project rule Read(secrets/**)");
    expect(results[1]).toBe(
      "notes.md:1:the token is elsewhere\n[2 names were left out: a Read rule denies or asks about reading them.]",
    );
    expect(results[2]).toContain("the token is elsewhere");
    expect(results.join("\n")).not.toContain("sk-");
    for (const path of ["secrets", ".env", "notes.md"]) rmSync(file(path), { recursive: true });
  });

  it("an ask rule asks even in bypassPermissions", async () => {
    const session = await server.json<{ id: string }>("POST", "/api/sessions", {});
    await server.json("POST", `/api/sessions/${session.id}/mode`, { permission_mode: "bypassPermissions" });
    await addRule({ tool: "Write", pattern: "secrets/**", behavior: "ask" });
    server.fake.script(
      reply().toolCall("Write", { file_path: "secrets/key.txt", content: "k" }),
      reply().text("Ok."),
    );
    const chat = await startChat(server, { session_id: session.id, text: "Store the key" });

    const approval = await waitForPendingApproval(server, events, chat.run_id);
    expect(approval.reason).toContain("Write(secrets/**)");
    await server.json("POST", `/api/approvals/${approval.id}`, { decision: "reject" });
    await waitForOutcome(events, chat.run_id);
    expect(existsSync(file("secrets/key.txt"))).toBe(false);
  });

  it("a session's mode wins over the agent override, which wins over the default", async () => {
    const session = await server.json<{ id: string }>("POST", "/api/sessions", {});
    const modeOf = async () =>
      (await sessionState(server, session.id)).permission_modes?.find((mode) => mode.agent_id === "main");
    expect(await modeOf()).toEqual({ agent_id: "main", permission_mode: "default", source: "default" });

    await server.json("POST", "/api/agent-override", { agent_id: "main", permission_mode: "acceptEdits" });
    expect(await modeOf()).toEqual({
      agent_id: "main",
      permission_mode: "acceptEdits",
      source: "agent_override",
    });
    server.fake.script(
      reply().toolCall("Write", { file_path: "edited.txt", content: "edited\n" }),
      reply().text("Ok."),
    );
    const chat = await startChat(server, { session_id: session.id, text: "Edit" });
    await waitForOutcome(events, chat.run_id);
    expect(readFileSync(file("edited.txt"), "utf8")).toBe("edited\n");
    expect(cardsOf(chat.run_id)).toEqual([["AutoApproved", "policy"]]);

    const chosen = await server.json<AgentPermissionMode>("POST", `/api/sessions/${session.id}/mode`, {
      permission_mode: "dontAsk",
    });
    expect(chosen).toMatchObject({ permission_mode: "dontAsk", source: "session" });
    expect(await modeOf()).toMatchObject({ permission_mode: "dontAsk", source: "session" });
    await expectApiError(
      await server.request("POST", `/api/sessions/${session.id}/mode`, { body: { permission_mode: "yolo" } }),
      400,
      "invalid_request",
      "body.permission_mode",
    );
    await server.json("POST", "/api/agent-override", { agent_id: "main" });
  });

  it("gives the agent no tool path to its settings or rules: writes outside the project are refused", async () => {
    server.fake.script(
      reply()
        .toolCall("Write", {
          file_path: "../home/settings.json",
          content: '{"permission_mode":"bypassPermissions"}',
        })
        .toolCall("Edit", { file_path: "../home/settings.json", old_string: "{", new_string: "{}" }),
      reply().text("I cannot."),
    );
    const chat = await startChat(server, { text: "Turn on auto-approve" });
    await waitForOutcome(events, chat.run_id);

    expect(existsSync(join(server.directories.home, "settings.json"))).toBe(false);
    expect(cardsOf(chat.run_id)).toEqual([
      ["Rejected", "policy"],
      ["Rejected", "policy"],
    ]);
    expect(await rules()).toEqual([]);
  });
});
