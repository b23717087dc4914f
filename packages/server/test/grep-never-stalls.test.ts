import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AgentCancelResponseSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, modelRequest } from "./support/api-checks.ts";
import { resultText, startChat, toolResultsIn, waitForRich } from "./support/interactions.ts";
import { waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

/** `(a+)+$` backtracks exponentially on this line: on the event loop it took days, and froze the server meanwhile. */
const HOSTILE_LINE = `${"a".repeat(40)}!`;

describe("a Grep pattern that backtracks for ever never stalls the server", () => {
  const server = useTestServer();
  const events = useServerEvents(server);
  beforeAll(async () => {
    mkdirSync(join(server.directories.project, "vendor"));
    writeFileSync(join(server.directories.project, "vendor/hostile.txt"), `${HOSTILE_LINE}\n`);
    writeFileSync(join(server.directories.project, "notes.md"), "the needle is here\n");
  });

  it("answers /api/health while the agent's Grep runs it, stops it when the run is cancelled, and searches again after", async () => {
    server.fake.script(
      reply().toolCall("Grep", { pattern: "(a+)+$" }, { id: "toolu_runaway" }),
      reply().text("-"),
    );
    const chat = await startChat(server, { text: "Search the vendored code" });
    await waitForRich(
      events,
      "ToolRequest",
      (data, event) => event.run_id === chat.run_id && data.tool_name === "Grep",
    );

    for (let probe = 0; probe < 3; probe++) {
      expect((await server.request("GET", "/api/health", { auth: false })).status).toBe(200);
    }
    const cancelled = decodeResponse(
      await server.request("POST", "/api/agent-cancel", { body: { run_id: chat.run_id } }),
      AgentCancelResponseSchema,
    );
    expect(await cancelled).toEqual({ cancelled: [chat.run_id] });
    expect((await waitForOutcome(events, chat.run_id)).outcome).toBe("cancelled");

    server.fake.reset();
    server.fake.script(
      reply().toolCall("Grep", { pattern: "needle" }, { id: "toolu_honest" }),
      reply().text("Found."),
    );
    const next = await startChat(server, { text: "Find the needle", session_id: chat.session_id });
    expect((await waitForOutcome(events, next.run_id)).outcome).toBe("success");
    const result = toolResultsIn(modelRequest(server, 1)).get("toolu_honest");
    expect(resultText(result?.content)).toBe("notes.md");
  });
});
