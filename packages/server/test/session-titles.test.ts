import { SessionListSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { decodeResponse } from "./support/api-checks.ts";
import { startChat } from "./support/interactions.ts";
import { waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("session titles", () => {
  const server = useTestServer();
  const events = useServerEvents(server);

  const titleOf = async (sessionId: string) => {
    const list = await decodeResponse(await server.request("GET", "/api/sessions"), SessionListSchema);
    return list.sessions.find((session) => session.id === sessionId)?.title;
  };
  const chatIn = async (sessionId: string, text: string) => {
    server.fake.script(reply().text("OK."));
    const chat = await startChat(server, { session_id: sessionId, text });
    await waitForOutcome(events, chat.run_id);
  };

  it("names a session created without a title after its first message, and tells every tab", async () => {
    const session = await server.json<{ id: string; title: string }>("POST", "/api/sessions", {});
    expect(session.title).toBe("New session");

    await chatIn(session.id, "Refactor the billing module");
    expect(await titleOf(session.id)).toBe("Refactor the billing module");
    await waitForEvent(
      events,
      "StateUpdated",
      (event) => event.session_id === session.id && event.reason === "session_renamed",
    );

    await chatIn(session.id, "And now the tests");
    expect(await titleOf(session.id)).toBe("Refactor the billing module");
  });

  it("announces a session a first message created, so every tab lists it", async () => {
    server.fake.script(reply().text("OK."));
    const chat = await startChat(server, { text: "Plan the release" });
    await waitForEvent(
      events,
      "StateUpdated",
      (event) => event.session_id === chat.session_id && event.reason === "session_created",
    );
    expect(await titleOf(chat.session_id)).toBe("Plan the release");
    await waitForOutcome(events, chat.run_id);
  });

  it("keeps a title the person chose, at creation or by renaming before the first message", async () => {
    const titled = await server.json<{ id: string }>("POST", "/api/sessions", { title: "Billing" });
    const renamed = await server.json<{ id: string }>("POST", "/api/sessions", {});
    await server.json("PATCH", `/api/sessions/${renamed.id}`, { title: "Spike: caching" });

    await chatIn(titled.id, "Refactor the billing module");
    await chatIn(renamed.id, "Try an LRU cache");
    expect(await titleOf(titled.id)).toBe("Billing");
    expect(await titleOf(renamed.id)).toBe("Spike: caching");
  });
});
