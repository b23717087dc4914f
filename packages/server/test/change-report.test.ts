import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ChangeReportBlockSchema, decodeWith } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { startChat, storedMessages } from "./support/interactions.ts";
import { eventsOfType, runEvents, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("the change report at the end of a run", () => {
  let sessionId: string;
  const server = useTestServer();
  const events = useServerEvents(server);
  beforeAll(async () => {
    sessionId = (await server.json<{ id: string }>("POST", "/api/sessions", {})).id;
    await server.json("POST", `/api/sessions/${sessionId}/mode`, { permission_mode: "acceptEdits" });
  });

  it("lists each changed file once with its net unified diff, and keeps it as a change_report block", async () => {
    mkdirSync(join(server.directories.project, "src"), { recursive: true });
    writeFileSync(join(server.directories.project, "src/app.ts"), "one\ntwo\nthree\n");
    writeFileSync(join(server.directories.project, "src/same.ts"), "unchanged\n");
    server.fake.script(
      reply()
        .toolCall("Edit", { file_path: "src/app.ts", old_string: "two", new_string: "TWO" })
        .toolCall("Write", { file_path: "docs/new.md", content: "# New\n\nHello.\n" })
        .toolCall("Edit", { file_path: "src/app.ts", old_string: "three", new_string: "three\nfour" })
        .toolCall("Edit", { file_path: "src/same.ts", old_string: "unchanged", new_string: "changed" })
        .toolCall("Edit", { file_path: "src/same.ts", old_string: "changed", new_string: "unchanged" }),
      reply().text("Edited."),
    );
    const chat = await startChat(server, { session_id: sessionId, text: "Edit the app" });
    await waitForOutcome(events, chat.run_id);

    const [report] = eventsOfType(events.frames, "ChangeReport").filter(
      (event) => event.run_id === chat.run_id,
    );
    expect(report).toMatchObject({ agent_id: "main", truncated_count: 0, message_id: expect.any(String) });
    expect(report?.files).toEqual([
      {
        path: "src/app.ts",
        change: "modified",
        additions: 2,
        deletions: 1,
        diff: "--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,3 +1,4 @@\n one\n-two\n+TWO\n three\n+four\n",
      },
      {
        path: "docs/new.md",
        change: "added",
        additions: 3,
        deletions: 0,
        diff: "--- /dev/null\n+++ b/docs/new.md\n@@ -0,0 +1,3 @@\n+# New\n+\n+Hello.\n",
      },
    ]);
    const message = (await storedMessages(server, sessionId)).find(
      (stored) => stored.id === report?.message_id,
    );
    expect(message).toMatchObject({ role: "system", run_id: chat.run_id, rich: { kind: "Text" } });
    const block = decodeWith(
      ChangeReportBlockSchema,
      JSON.parse(String((message?.rich.data as { text?: string } | undefined)?.text)),
    );
    expect(block.success && block.value).toMatchObject({
      type: "change_report",
      files: report?.files,
      summary: "2 files changed",
    });
    // The report comes before the run's outcome.
    const order = runEvents(events.frames, chat.run_id)
      .map((event) => event.type)
      .filter((type) => type === "ChangeReport" || type === "Outcome");
    expect(order).toEqual(["ChangeReport", "Outcome"]);
  });

  it("sends no report for a run that changed no file", async () => {
    server.fake.script(reply().text("Nothing to change."));
    const chat = await startChat(server, { session_id: sessionId, text: "Look only" });
    await waitForOutcome(events, chat.run_id);

    expect(
      eventsOfType(events.frames, "ChangeReport").filter((event) => event.run_id === chat.run_id),
    ).toEqual([]);
  });
});
