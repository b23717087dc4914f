import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AgentCancelResponseSchema, ApprovalSchema, AskUserResponseSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, modelRequest } from "./support/api-checks.ts";
import type { EventStream } from "./support/event-stream.ts";
import { resultText, startChat, toolResultsIn, waitForPendingApproval } from "./support/interactions.ts";
import { waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { type ServersOnOneDatabase, startServersOnOneDatabase } from "./support/servers-on-one-database.ts";
import { postgresMissing, stopTestCluster, testCluster } from "./support/test-database.ts";

const missing = postgresMissing();
if (missing === undefined) {
  beforeAll(() => testCluster(), 60_000);
  afterAll(() => stopTestCluster());
}
if (missing !== undefined) console.warn(`SKIPPING the several-instances interaction tests: ${missing}`);

describe.skipIf(missing !== undefined)("answering on one server for a run going on another", () => {
  let cluster: ServersOnOneDatabase | undefined;
  const streams: EventStream[] = [];
  afterEach(async () => {
    for (const stream of streams.splice(0)) await stream.close();
    await cluster?.close();
    cluster = undefined;
  });

  /** Two servers, A and B, on one database, with an event stream on B. */
  async function startTwo() {
    cluster = await startServersOnOneDatabase(2);
    const [a, b] = cluster.servers as [
      ServersOnOneDatabase["servers"][0],
      ServersOnOneDatabase["servers"][0],
    ];
    const onB = await b.events({ after: 0 });
    streams.push(onB);
    return { a, b, onB, fake: cluster.fake };
  }

  it("Stop sent to B stops the run A is streaming, and the model request is aborted", async () => {
    const { a, b, onB, fake } = await startTwo();
    fake.script(reply().text("Partial answer").hang());
    const chat = await startChat(a, { text: "Write a long essay" });
    await waitForEvent(onB, "Token", (event) => event.run_id === chat.run_id);
    await fake.waitForGate("hang");

    const response = await b.request("POST", "/api/agent-cancel", { body: { run_id: chat.run_id } });
    expect(await decodeResponse(response, AgentCancelResponseSchema)).toEqual({ cancelled: [chat.run_id] });
    expect((await waitForOutcome(onB, chat.run_id)).outcome).toBe("cancelled");
    expect(await fake.waitForResponseEnd(0)).toBe("client_aborted");
    expect(a.server.context.store.runs.get(chat.run_id)?.status).toBe("cancelled");
  }, 30_000);

  it("an approval answered on B lets A's waiting run carry out the call, and B starts no run of its own", async () => {
    const { a, b, onB, fake } = await startTwo();
    fake.script(
      reply().text("I'll write it.").toolCall("Write", { file_path: "notes/hello.txt", content: "hello\n" }),
      reply().text("Written."),
    );
    const chat = await startChat(a, { text: "Write hello into notes/hello.txt" });
    const approval = await waitForPendingApproval(b, onB, chat.run_id, "Write");

    const answered = await b.request("POST", `/api/approvals/${approval.id}`, {
      body: { decision: "approve" },
    });
    expect(await decodeResponse(answered, ApprovalSchema)).toMatchObject({ state: "approved" });
    expect((await waitForOutcome(onB, chat.run_id)).outcome).toBe("success");
    expect(readFileSync(join(a.directories.project, "notes/hello.txt"), "utf8")).toBe("hello\n");
    // One run did the whole turn: B did not start a second one to carry out the call.
    const runs = a.server.context.store.runs.listBySession(chat.session_id);
    expect(runs.map((run) => [run.id, run.status])).toEqual([[chat.run_id, "completed"]]);
    expect(fake.requests).toHaveLength(2);
  }, 30_000);

  it("a question answered on B reaches the run on A that asked it, which goes on with the answer", async () => {
    const { a, b, onB, fake } = await startTwo();
    fake.script(
      reply().toolCall("AskUserQuestion", {
        questions: [
          {
            question: "Which database should the service use?",
            header: "Database",
            options: [
              { label: "SQLite", description: "One file, no server" },
              { label: "PostgreSQL", description: "A server, for many writers" },
            ],
          },
        ],
      }),
      reply().text("PostgreSQL it is."),
    );
    const chat = await startChat(a, { text: "Set up storage" });
    const asked = await waitForEvent(onB, "AskUser", (event) => event.run_id === chat.run_id);

    const answered = await b.request("POST", "/api/ask-user-response", {
      body: { question_id: asked.question_id, answers: ["PostgreSQL"] },
    });
    expect(await decodeResponse(answered, AskUserResponseSchema)).toMatchObject({ run_id: chat.run_id });
    expect((await waitForOutcome(onB, chat.run_id)).outcome).toBe("success");
    expect(resultText([...toolResultsIn(modelRequest(a, 1)).values()][0]?.content)).toContain(
      "Answer: PostgreSQL",
    );
    const runs = a.server.context.store.runs.listBySession(chat.session_id);
    expect(runs.map((run) => [run.id, run.status])).toEqual([[chat.run_id, "completed"]]);
  }, 30_000);

  it("a message sent to B while A's run streams is queued for that agent and answered after it, by one run at a time", async () => {
    const { a, b, onB, fake } = await startTwo();
    fake.script(reply().text("First ").gate("first").text("answer."), reply().text("Second answer."));
    const chat = await startChat(a, { text: "First question" });
    await fake.waitForGate("first");

    const second = await b.json<{ status: string; queue_item_id?: string }>("POST", "/api/chat", {
      session_id: chat.session_id,
      text: "Second question",
    });
    expect(second.status).toBe("queued");
    fake.release("first");
    await waitForEvent(onB, "Token", (event) => event.token === "Second answer.");
    const runs = a.server.context.store.runs.listBySession(chat.session_id);
    for (const run of runs) await waitForOutcome(onB, run.id);
    // The model never saw two requests at once: the second question waited for the first answer.
    expect(fake.requests).toHaveLength(2);
    expect(JSON.stringify(fake.requests[1]?.body)).toContain("Second question");
  }, 30_000);
});
