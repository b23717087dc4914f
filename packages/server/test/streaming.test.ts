import { reply } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/test-server.ts";

describe("a chat message streamed through the real server", () => {
  let server: TestServer;
  afterEach(() => server?.dispose());

  it("streams the model's tokens over SSE, then the segment, the outcome and the stored reply", async () => {
    server = await startTestServer();
    server.fake.script(
      reply().thinking("Let me think.").text("Hello ").text("there!").usage({ input: 12, output: 5 }),
    );
    const events = await server.events({ after: 0 });

    const chat = await server.json<{ session_id: string; status: string; run_id: string }>(
      "POST",
      "/api/chat",
      {
        text: "Say hello",
        client_message_id: "client-message-1",
      },
    );
    await events.waitForKind("run", "outcome");

    expect(chat.status).toBe("started");
    const kinds = events.frames.map(
      (frame) => `${frame.message.kind}${frame.message.phase ? `/${frame.message.phase}` : ""}`,
    );
    // The new session is announced first (so every tab lists it), then the person's message.
    expect(kinds.slice(0, 2)).toEqual(["run/sync", "message"]);
    expect(kinds.slice(-3)).toEqual(["activity/done", "run/outcome", "run/context_usage"]);
    const tokens = events.frames.filter(
      (frame) => frame.message.kind === "token" && frame.message.phase !== "done",
    );
    const thinking = tokens.filter((frame) => (frame.message.data as { thinking: boolean }).thinking);
    const text = tokens.filter((frame) => !(frame.message.data as { thinking: boolean }).thinking);
    expect(thinking.map((frame) => frame.message.text).join("")).toBe("Let me think.");
    expect(text.map((frame) => frame.message.text).join("")).toBe("Hello there!");
    expect(events.frames.find((frame) => frame.message.kind === "text_segment")?.message.text).toBe(
      "Hello there!",
    );
    // Every frame's SSE id is its seq, and seqs have no gaps.
    expect(events.frames.every((frame) => frame.id === String(frame.message.seq))).toBe(true);
    expect(events.seqs).toEqual(events.seqs.map((_, index) => index + 1));

    const state = await server.json<{ messages: { role: string; rich: { data: { text: string } } }[] }>(
      "GET",
      `/api/sessions/${chat.session_id}/state`,
    );
    expect(state.messages.map((message) => [message.role, message.rich.data.text])).toEqual([
      ["user", "Say hello"],
      ["assistant", "Hello there!"],
    ]);
    await events.close();
  });
});
