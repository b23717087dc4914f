import {
  type Approval,
  type ChatResponse,
  decodeRichMessage,
  type SessionState,
  type StoredMessage,
} from "@parley/protocol";
import { reply } from "@parley/testkit";
import { expect } from "vitest";
import type { EventStream } from "./event-stream.ts";
import { type EventOf, eventsOfType, waitForEvent, waitForOutcome } from "./server-events.ts";
import type { TestServer } from "./test-server.ts";

/** A rich message carried by a Message event, with its data typed loosely for assertions. */
export interface RichEvent {
  event: EventOf<"Message">;
  kind: string;
  data: Record<string, unknown>;
}

/** The Message events of one rich kind received so far (of one session, when given), in order. */
export function richEvents(events: EventStream, kind: string, sessionId?: string): RichEvent[] {
  return eventsOfType(events.frames, "Message", sessionId)
    .filter((event) => event.rich?.kind === kind)
    .map((event) => ({ event, kind, data: (event.rich?.data ?? {}) as Record<string, unknown> }));
}

/** Waits for a Message event of one rich kind whose data satisfies `predicate`. */
export async function waitForRich(
  events: EventStream,
  kind: string,
  predicate: (data: Record<string, unknown>, event: EventOf<"Message">) => boolean = () => true,
): Promise<RichEvent> {
  const event = await waitForEvent(
    events,
    "Message",
    (candidate) =>
      candidate.rich?.kind === kind &&
      predicate((candidate.rich.data ?? {}) as Record<string, unknown>, candidate),
  );
  return { event, kind, data: (event.rich?.data ?? {}) as Record<string, unknown> };
}

/** Waits for the pending approval card of a run's tool call and returns the approval it names. */
export async function waitForPendingApproval(
  server: TestServer,
  events: EventStream,
  runId: string,
  toolName?: string,
): Promise<Approval> {
  const card = await waitForRich(
    events,
    "ToolRequest",
    (data, event) =>
      event.run_id === runId &&
      data.approval_status === "Pending" &&
      (toolName === undefined || data.tool_name === toolName),
  );
  const id = String(card.data.approval_id);
  const { approvals } = await server.json<{ approvals: Approval[] }>(
    "GET",
    `/api/approvals?session_id=${card.event.session_id}&state=pending`,
  );
  const approval = approvals.find((candidate) => candidate.id === id);
  expect(approval, `approval ${id} is listed as pending`).toBeDefined();
  return approval as Approval;
}

/** Starts a chat that must start a run. */
export async function startChat(
  server: TestServer,
  body: Record<string, unknown>,
): Promise<ChatResponse & { run_id: string }> {
  const chat = await server.json<ChatResponse>("POST", "/api/chat", body);
  expect(chat.status).toBe("started");
  return chat as ChatResponse & { run_id: string };
}

/** Sends a message and expects its run to succeed: whatever the test did, the chat still answers. */
export async function expectChatAnswers(server: TestServer): Promise<void> {
  const events = await server.events();
  server.fake.script(reply().text("Still here."));
  const chat = await startChat(server, { text: "hello" });
  expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("success");
  await events.close();
}

/** The session's state snapshot. */
export function sessionState(server: TestServer, sessionId: string): Promise<SessionState> {
  return server.json<SessionState>("GET", `/api/sessions/${sessionId}/state`);
}

/** Every stored message of a session, oldest first. */
export async function storedMessages(server: TestServer, sessionId: string): Promise<StoredMessage[]> {
  const page = await server.json<{ messages: StoredMessage[] }>(
    "GET",
    `/api/sessions/${sessionId}/messages?limit=10000`,
  );
  return page.messages;
}

/** The tool_result blocks a model request carried, by tool_use_id. */
export function toolResultsIn(body: unknown): Map<string, { content: unknown; is_error?: boolean }> {
  const results = new Map<string, { content: unknown; is_error?: boolean }>();
  const messages = (body as { messages?: { content?: unknown }[] }).messages ?? [];
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as {
      type?: string;
      tool_use_id?: string;
      content?: unknown;
      is_error?: boolean;
    }[]) {
      if (block.type === "tool_result" && block.tool_use_id !== undefined)
        results.set(block.tool_use_id, { content: block.content, ...(block.is_error && { is_error: true }) });
    }
  }
  return results;
}

/** A tool result's content as text. */
export function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content.map((block) => (typeof block?.text === "string" ? block.text : "")).join("\n");
  return "";
}

/** Every stored message decodes as a known rich message of the protocol (what a UI's decoder accepts). */
export function expectValidRichMessages(messages: readonly StoredMessage[]): void {
  for (const message of messages) {
    const decoded = decodeRichMessage(message.rich);
    if (!decoded.success)
      throw new Error(`message ${message.id} (${message.rich.kind}): ${decoded.error.message}`);
    expect(decoded.value.kind, message.id).toBe(message.rich.kind);
  }
}
