import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  ChatResponseSchema,
  type MessageAttachment,
  ProjectStructureMessageSchema,
  SessionStateSchema,
} from "@parley/protocol";
import { reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, expectApiError, modelRequest } from "./support/api-checks.ts";
import { eventsOfType, waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("a project structure the person shares in the chat", () => {
  const server = useTestServer();
  const events = useServerEvents(server);
  beforeAll(async () => {
    mkdirSync(join(server.directories.project, "src"), { recursive: true });
    writeFileSync(join(server.directories.project, "src", "main.ts"), "export {};\n");
    writeFileSync(join(server.directories.project, "README.md"), "# Demo\n");
  });

  const structure = async (type: string): Promise<MessageAttachment> =>
    decodeResponse(
      await server.request("GET", `/api/workspace/structure?type=${type}`),
      ProjectStructureMessageSchema,
    );
  const post = async (body: Record<string, unknown>) =>
    decodeResponse(await server.request("POST", "/api/chat", { body }), ChatResponseSchema);

  it("is stored with the message, replayed over SSE as the card, and read by the model as text", async () => {
    const tree = await structure("tree");
    server.fake.script(reply().text("I see src/main.ts."));
    const sent = await post({ text: "", attachments: [tree], client_message_id: "client-structure-1" });
    await waitForOutcome(events, sent.run_id as string);

    const modelText = modelRequest(server, 0)
      .messages.at(-1)
      ?.content.map((block) => block.text)
      .join("");
    expect(modelText).toMatch(
      /^Directory tree of the project, shared by the person for context:\n\nProject structure of /,
    );
    expect(modelText).toContain("main.ts");
    expect(modelText).toContain("README.md");

    const live = await waitForEvent(events, "Message", (event) => event.message_id === sent.message_id);
    expect(live).toMatchObject({ role: "user", content: "", client_message_id: "client-structure-1" });
    expect(live.rich).toEqual({ kind: "Text", data: { text: "", attachments: [tree] } });

    // A tab that opens later reads it from the snapshot, and one that replays the log gets the same event.
    const state = await decodeResponse(
      await server.request("GET", `/api/sessions/${sent.session_id}/state`),
      SessionStateSchema,
    );
    expect(state.messages[0]?.rich).toEqual({
      kind: "Text",
      data: { text: "", attachments: [tree] },
    });
    const replay = await server.events({ after: 0 });
    try {
      await replay.waitFor((frames) =>
        eventsOfType(frames, "Message").some((event) => event.message_id === sent.message_id),
      );
      const replayed = eventsOfType(replay.frames, "Message").find(
        (event) => event.message_id === sent.message_id,
      );
      expect(replayed?.rich).toEqual(live.rich);
    } finally {
      await replay.close();
    }
    const { sessions } = await server.json<{ sessions: { id: string; title: string }[] }>(
      "GET",
      "/api/sessions",
    );
    expect(sessions.find((session) => session.id === sent.session_id)?.title).toBe(
      "Directory tree of the project",
    );
  });

  it("waits in the queue with its card while the agent is busy, and reaches the model after the person's words", async () => {
    const dependencies = await structure("dependencies");
    server.fake.script(
      reply().text("Looking.").gate("busy").toolCall("lookup", { query: "x" }),
      reply().text("Noted the dependencies."),
    );
    const first = await post({ text: "Start something" });
    await server.fake.waitForGate("busy");
    const queued = await post({
      session_id: first.session_id,
      text: "Here they are",
      attachments: [dependencies],
    });
    expect(queued.status).toBe("queued");
    const added = await waitForEvent(events, "QueueUpdated", (event) => event.change === "added");
    expect(added.items[0]?.preview).toBe("Here they are\n[Dependencies of the project]");
    expect(
      await server.json<{ attachments?: unknown }>("GET", `/api/queue-items/${queued.queue_item_id}`),
    ).toMatchObject({ text: "Here they are", attachments: [dependencies] });

    server.fake.release("busy");
    await waitForOutcome(events, first.run_id as string);
    const lastUserTurn = server.fake.requests.at(-1)?.body as {
      messages: { content: { text?: string }[] }[];
    };
    const delivered = lastUserTurn.messages.at(-1)?.content.at(-1)?.text;
    expect(delivered).toMatch(
      /^Here they are\n\nDependencies of the project, shared by the person for context:/,
    );
    const message = eventsOfType(events.frames, "Message", first.session_id).find(
      (event) => event.role === "user" && event.content === "Here they are",
    );
    expect(message?.rich).toEqual({
      kind: "Text",
      data: { text: "Here they are", attachments: [dependencies] },
    });
  });

  it("refuses a malformed structure with a 400 naming the field, and stores nothing", async () => {
    const tree = await structure("tree");
    const before = server.fake.requests.length;
    const { root_path: _missing, ...withoutRoot } = tree.data;
    await expectApiError(
      await server.request("POST", "/api/chat", {
        body: { text: "", attachments: [{ kind: "ProjectStructure", data: withoutRoot }] },
      }),
      400,
      "invalid_request",
      "body.attachments.0.data.root_path",
    );
    await expectApiError(
      await server.request("POST", "/api/chat", { body: { text: "", attachments: [] } }),
      400,
      "invalid_request",
      "body.text",
    );
    expect(server.fake.requests.length).toBe(before);
  });
});
