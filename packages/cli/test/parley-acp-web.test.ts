import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SessionSummary, StoredMessage } from "@parley/protocol";
import { type ParleyServer, startParleyServer } from "@parley/server";
import { reply } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { EventStream } from "../../server/test/support/event-stream.ts";
import { chunks, useAcpTestbed } from "./support/acp-testbed.ts";

/**
 * An editor's thread over `parley acp` in the web UI: a real server of the project follows the thread while
 * a real `parley acp`, driven by the official ACP SDK's client side, answers it.
 */

const bed = useAcpTestbed();
const servers: ParleyServer[] = [];
const streams: EventStream[] = [];

afterEach(async () => {
  await Promise.all(streams.splice(0).map((stream) => stream.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function startServer(): Promise<ParleyServer> {
  const server = await startParleyServer({
    projectRoot: bed.project,
    home: bed.env.PARLEY_HOME as string,
    port: 0,
    env: bed.env,
  });
  servers.push(server);
  return server;
}

async function watch(server: ParleyServer): Promise<EventStream> {
  const stream = await EventStream.open(server.url, server.token, {});
  streams.push(stream);
  return stream;
}

async function call(server: ParleyServer, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

async function sessionsOf(server: ParleyServer): Promise<SessionSummary[]> {
  return ((await (await call(server, "GET", "/api/sessions")).json()) as { sessions: SessionSummary[] })
    .sessions;
}

/** A session's chat as the web UI draws it: each message's kind and its text, tool or output. */
async function chatOf(server: ParleyServer, sessionId: string): Promise<string[]> {
  const response = await call(server, "GET", `/api/sessions/${sessionId}/messages`);
  const { messages } = (await response.json()) as { messages: StoredMessage[] };
  return messages.map(({ role, rich }) => {
    const data = rich.data as Record<string, unknown>;
    const text = data.text ?? data.tool_name ?? "";
    return `${role} ${rich.kind}: ${text}${rich.kind === "ToolResult" ? ` → ${data.output}` : ""}`;
  });
}

/** Waits for a logged event whose frame contains `text` (a message of the thread, a session change). */
function eventWith(stream: EventStream, text: string): Promise<void> {
  return stream.waitFor((frames) => frames.some((frame) => frame.raw.includes(text)));
}

describe("an editor's thread over parley acp in the web UI", () => {
  it("shows the thread's prompt, tool calls and answers as the editor uses it, read-only, and follows its deletion", async () => {
    await writeFile(join(bed.project, "notes.md"), "buy milk\n");
    const server = await startServer();
    const events = await watch(server);
    bed.server.script(
      reply().toolCall("Read", { file_path: "notes.md" }, { id: "call-read" }),
      reply().text("Your notes say ").hang(),
      reply().text("Nothing else."),
    );
    const zed = bed.editor();
    await zed.initialize();
    const { sessionId } = await zed.agent.request("session/new", { cwd: bed.project, mcpServers: [] });
    const answer = zed.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "What do my notes say?" }],
    });

    // Mid-turn (the model is still answering), the web UI already has the prompt, the call and its result.
    await eventWith(events, "buy milk");
    await zed.until(() =>
      chunks(zed.updatesOf(sessionId), "agent_message_chunk").length > 0 ? true : undefined,
    );
    const [thread] = await sessionsOf(server);
    expect(thread).toMatchObject({ title: "What do my notes say?", origin: "acp" });
    const id = (thread as SessionSummary).id;
    expect(await chatOf(server, id)).toEqual([
      "user Text: What do my notes say?",
      "assistant ToolRequest: Read",
      "assistant ToolResult: Read →      1\tbuy milk",
    ]);

    // The editor owns the thread: the web UI can neither send to it nor delete it.
    const send = await call(server, "POST", "/api/chat", { session_id: id, text: "hello?" });
    expect(send.status).toBe(409);
    expect(((await send.json()) as { error: { message: string } }).error.message).toMatch(
      /editor's thread over parley acp: send it messages in the editor/,
    );
    expect((await call(server, "DELETE", `/api/sessions/${id}`)).status).toBe(409);

    await zed.agent.notify("session/cancel", { sessionId });
    expect((await answer).stopReason).toBe("cancelled");
    await zed.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "Anything else?" }],
    });
    await eventWith(events, "Nothing else.");
    expect((await chatOf(server, id)).slice(3)).toEqual(
      expect.arrayContaining(["user Text: Anything else?", "assistant Text: Nothing else."]),
    );
    const before = await chatOf(server, id);

    // A server started later shows the same thread once, not again, and not `parley run`'s conversations
    // kept in the same folder.
    await Promise.all(servers.splice(0).map((running) => running.close()));
    const history = [{ role: "user", content: "Hello from parley run" }];
    const conversation = { session_id: "run-1", cwd: bed.project, updated_at_ms: 1, history };
    await writeFile(
      join(bed.env.PARLEY_HOME as string, "cli-sessions", "run-1.json"),
      JSON.stringify(conversation),
    );
    const restarted = await startServer();
    expect((await sessionsOf(restarted)).map((session) => session.id)).toEqual([id]);
    expect(await chatOf(restarted, id)).toEqual(before);

    // Deleting the thread's file (where parley acp keeps it) removes it from the web UI.
    const later = await watch(restarted);
    await rm(join(bed.env.PARLEY_HOME as string, "cli-sessions", `${sessionId}.json`));
    await eventWith(later, "session_deleted");
    expect(await sessionsOf(restarted)).toEqual([]);
  });
});
