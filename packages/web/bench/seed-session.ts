import type { StoredMessage } from "@parley/protocol";
import { reply } from "@parley/testkit";
import type { E2eServer } from "../e2e/support/e2e-server.ts";

/** The first message of a seeded session; seeing it means the reader has reached the very top. */
export const SEEDED_FIRST_QUESTION = "Seed question: what does the history look like?";

/** Markdown an agent might write: paragraphs, now and then a list or a code block, so rows differ in height. */
function agentText(turn: number): string {
  const paragraph = `Turn ${turn}: the change touches the store, the stream and the renderer; each part keeps its own tests, so a failure points at one place.`;
  if (turn % 7 === 0)
    return `${paragraph}\n\n\`\`\`ts\nexport const turn${turn} = ${turn};\nconsole.log(turn${turn} * 2);\n\`\`\``;
  if (turn % 5 === 0)
    return `${paragraph}\n\n- first, the **store**\n- then the stream\n- last, the renderer`;
  if (turn % 3 === 0) return `${paragraph}\n\n${paragraph}`;
  return paragraph;
}

/** The texts of a seeded session, oldest first, for a baseline page showing the same content. */
export function seededTexts(messageCount: number): string[] {
  const texts = [SEEDED_FIRST_QUESTION, agentText(1)];
  for (let turn = 2; turn <= messageCount / 2; turn += 1) texts.push(questionText(turn), agentText(turn));
  return texts;
}

function questionText(turn: number): string {
  return `Question ${turn}: and what about part ${turn}?`;
}

/**
 * Makes a session of `messageCount` messages: one real turn through the API and the scripted model (so the
 * stored shapes are the server's own), then copies of that pair with new ids and texts, written straight
 * into the server's store in one transaction, as thousands of real turns would have left them.
 */
export async function seedSession(server: E2eServer, messageCount: number): Promise<string> {
  server.fake.script(reply().text(agentText(1)));
  const chat = await api<{ session_id: string; run_id: string }>(server, "POST", "/api/chat", {
    text: SEEDED_FIRST_QUESTION,
    client_message_id: "bench-seed",
  });
  await server.events.waitFor("Outcome", (event) => event.run_id === chat.run_id);
  const { messages } = await api<{ messages: StoredMessage[] }>(
    server,
    "GET",
    `/api/sessions/${chat.session_id}/messages?limit=10`,
  );
  const user = messages.find((message) => message.role === "user");
  const agent = messages.find((message) => message.role === "assistant");
  if (user === undefined || agent === undefined || messages.length !== 2) {
    throw new Error(`the seed turn stored ${messages.length} messages, not one question and one answer`);
  }
  const { store } = server.server.context;
  const startMs = Date.now() - messageCount * 60_000;
  store.transactor.run(() => {
    for (let turn = 2; turn <= messageCount / 2; turn += 1) {
      const runId = `run_bench_${turn}`;
      const atMs = startMs + turn * 60_000;
      store.messages.append(
        withText(user, { id: `msg_bench_user_${turn}`, runId, atMs }, questionText(turn)),
      );
      store.messages.append(
        withText(agent, { id: `msg_bench_agent_${turn}`, runId, atMs: atMs + 1 }, agentText(turn)),
      );
    }
  });
  return chat.session_id;
}

/** A copy of a stored message with a new identity and text. */
function withText(
  template: StoredMessage,
  identity: { id: string; runId: string; atMs: number },
  text: string,
): Omit<StoredMessage, "position"> {
  const { position: _position, client_message_id: _clientId, ...rest } = template;
  return {
    ...rest,
    id: identity.id,
    run_id: template.run_id === null ? null : identity.runId,
    created_at_ms: identity.atMs,
    rich: { ...template.rich, data: { ...(template.rich.data as object), text } },
  };
}

/** An authenticated JSON request to the server under measurement. */
async function api<T>(server: E2eServer, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.server.token}`,
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
