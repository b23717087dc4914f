import { join } from "node:path";
import { createLanguageModel } from "@parley/engine";
import { ChatResponseSchema } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { decodeResponse } from "./support/api-checks.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("the demo model behind the server", { timeout: 30_000 }, () => {
  const server = useTestServer({
    env: { PARLEY_MODEL: "demo" },
    // The demo model as Parley builds it, without the pause it makes between words for people.
    turnDefaults: { createModel: (config) => createLanguageModel(config, { demo: { delayMs: 0 } }) },
  });
  const events = useServerEvents(server);

  it("tells the person to edit the settings file of this server's PARLEY_HOME, not ~/.parley's", async () => {
    const chat = await decodeResponse(
      await server.request("POST", "/api/chat", { body: { text: "How do I use a real model?" } }),
      ChatResponseSchema,
    );
    await waitForOutcome(events, chat.run_id as string);

    const answer = JSON.stringify(server.server.context.store.conversation.history(chat.session_id, "main"));
    expect(answer).toContain(join(server.directories.home, "settings.json"));
    expect(answer).not.toContain("~/.parley");
  });
});
