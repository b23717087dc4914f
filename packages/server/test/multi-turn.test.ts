import { type ChatResponse, MessagePageSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { decodeResponse, type ModelRequestBody, modelRequest } from "./support/api-checks.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("a conversation over several turns", () => {
  const server = useTestServer();
  const events = useServerEvents(server);

  const chat = async (body: Record<string, unknown>) => {
    const response = await server.json<ChatResponse>("POST", "/api/chat", body);
    expect(response.status).toBe("started");
    await waitForOutcome(events, response.run_id as string);
    return response;
  };

  it("sends the model the earlier turns with each new message, and stores the messages in order", async () => {
    server.fake.script(
      reply().text("Paris."),
      reply().thinking("They mean Paris.").text("About 2.1 million."),
      reply().text("The Seine."),
    );
    const first = await chat({ text: "What is the capital of France?" });
    const second = await chat({ session_id: first.session_id, text: "How many people live there?" });
    const third = await chat({ session_id: first.session_id, text: "Which river runs through it?" });

    const bodies = server.fake.requests.map((request) => request.body as ModelRequestBody);
    expect(bodies[0]?.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "What is the capital of France?" }] },
    ]);
    expect(bodies[1]?.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "What is the capital of France?" }] },
      { role: "assistant", content: [{ type: "text", text: "Paris." }] },
      { role: "user", content: [{ type: "text", text: "How many people live there?" }] },
    ]);
    const thirdMessages = bodies[2]?.messages ?? [];
    expect(thirdMessages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
    ]);
    // The second answer goes back with its (signed) thinking block, as the Messages API requires.
    expect(thirdMessages[3]?.content).toEqual([
      expect.objectContaining({ type: "thinking", thinking: "They mean Paris." }),
      { type: "text", text: "About 2.1 million." },
    ]);
    expect(thirdMessages[4]).toEqual({
      role: "user",
      content: [{ type: "text", text: "Which river runs through it?" }],
    });

    const page = await decodeResponse(
      await server.request("GET", `/api/sessions/${first.session_id}/messages`),
      MessagePageSchema,
    );
    expect(
      page.messages.map((message) => [
        message.position,
        message.role,
        (message.rich.data as { text: string }).text,
        message.run_id,
      ]),
    ).toEqual([
      [0, "user", "What is the capital of France?", first.run_id],
      [1, "assistant", "Paris.", first.run_id],
      [2, "user", "How many people live there?", second.run_id],
      [3, "assistant", "About 2.1 million.", second.run_id],
      [4, "user", "Which river runs through it?", third.run_id],
      [5, "assistant", "The Seine.", third.run_id],
    ]);
    expect(page.has_more_messages).toBe(false);
  });

  it("starts a new session with an empty conversation", async () => {
    server.fake.script(reply().text("Hello."), reply().text("Hi again."));
    const first = await chat({ text: "Remember the number 7." });
    const other = await chat({ text: "Which number did I ask you to remember?" });

    expect(other.session_id).not.toBe(first.session_id);
    expect(modelRequest(server, 1).messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Which number did I ask you to remember?" }] },
    ]);
  });

  it("keeps a separate conversation for each agent of a session", async () => {
    server.fake.script(
      reply().text("Main here."),
      reply().text("Reviewer here."),
      reply().text("Main again."),
    );
    const main = await chat({ text: "Hello main" });
    const reviewer = await chat({
      session_id: main.session_id,
      agent_id: "reviewer",
      text: "Hello reviewer",
    });
    await chat({ session_id: main.session_id, text: "Main, still there?" });

    expect(reviewer.agent_id).toBe("reviewer");
    const bodies = server.fake.requests.map((request) => request.body as ModelRequestBody);
    expect(bodies[1]?.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Hello reviewer" }] },
    ]);
    expect(bodies[2]?.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Hello main" }] },
      { role: "assistant", content: [{ type: "text", text: "Main here." }] },
      { role: "user", content: [{ type: "text", text: "Main, still there?" }] },
    ]);
  });
});
