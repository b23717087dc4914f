import type { ChatMessage } from "@parley/sdk";
import {
  approvalCard,
  planCard,
  questionCard,
  resultCard,
  turnWith,
} from "../../react/test/support/card-data.ts";
import {
  agentMessage,
  emptySession,
  FakeChatStore,
  sessionSummary,
  userMessage,
} from "../../react/test/support/fake-chat-store.ts";
import type { SettingsApi } from "../src/settings/settings-api.ts";
import { FakeSettingsApi } from "./fake-settings-api.ts";

const SAMPLE_ANSWER = `Here is what I found in \`src/server.ts\`:

1. The server binds to **127.0.0.1** by default.
2. It checks the \`Host\` and \`Origin\` headers.

\`\`\`ts
export const DEFAULT_PORT = 4780;
function listen(port: number): Promise<void> {
  return server.listen(port, "127.0.0.1");
}
\`\`\`

| Setting | Default |
| --- | --- |
| port | 4780 |
| host | 127.0.0.1 |

> Raw HTML such as <img src=x onerror=alert(1)> stays text, and ![a chart](https://example.com/chart.png) waits for a click.
`;

/**
 * A fake backend for `npm run dev:fake`: a session list, a 5,000-message session, a turn that keeps
 * streaming, a queue, a session with every interaction card, and a demo model, so the UI can be worked on
 * (and looked at) without a server.
 */
export function createDevBackend(): { store: FakeChatStore; settingsApi: SettingsApi } {
  const store = new FakeChatStore({ model: { ref: "demo", isDemo: true } });
  const now = Date.now();
  store.setState({
    sessions: [
      sessionSummary("long", "A very long session", now),
      sessionSummary("short", "Quick question about ports", now - 60_000),
      sessionSummary("cards", "Interaction cards", now - 1_800_000),
      sessionSummary("empty", "Empty session", now - 3_600_000),
    ],
  });
  const messages: ChatMessage[] = [];
  for (let index = 0; index < 2500; index += 1) {
    messages.push(userMessage(`u${index}`, `Question number ${index}: how does part ${index % 17} work?`));
    messages.push(
      agentMessage(
        `a${index}`,
        index % 5 === 0 ? SAMPLE_ANSWER : `Answer ${index}: it works like **this**.`,
        {
          toolCount: index % 3,
          activityEntries:
            index % 3 === 0 ? [] : ["Read src/server.ts", "Read src/app.ts"].slice(0, index % 3),
          durationMs: 1200 + index,
        },
      ),
    );
  }
  messages.push(userMessage("u-live", "Explain the event stream, please."));
  messages.push({
    ...agentMessage("a-live", ""),
    isGenerating: true,
    activityItems: [
      { label: "Read src/bus/event-bus.ts", toolName: "Read", state: "done", durationMs: 40 },
      { label: "Read src/http/sse.ts", toolName: "Read", state: "done", durationMs: 32 },
      { label: "Grep Last-Event-ID", toolName: "Grep", state: "done", durationMs: 120 },
    ],
    toolCount: 3,
    segments: [],
  });
  store.sessionStates.set("long", {
    ...emptySession("long"),
    messages,
    hasOlder: true,
    busy: true,
    activeRunId: "run-live",
    queue: [
      {
        id: "q1",
        text: "Also check the heartbeat interval",
        textLength: 33,
        truncated: false,
        queuedAtMs: now,
      },
    ],
    contextUsage: { messageCount: 42, estimatedTokens: 61_500, compressed: false, contextWindow: 200_000 },
  });
  store.olderPages.push(
    Array.from({ length: 50 }, (_, index) => userMessage(`old${index}`, `An older message ${index}`)),
  );
  store.sessionStates.set("short", {
    ...emptySession("short"),
    messages: [userMessage("s1", "Which port?"), agentMessage("s2", "")],
  });
  store.sessionStates.set("empty", emptySession("empty"));
  store.sessionStates.set("cards", cardsSession());

  const words = SAMPLE_ANSWER.split(/(?<=\s)/);
  let position = 0;
  setInterval(() => {
    if (store.getSnapshot().activeSessionId !== "long") return;
    if (position >= words.length) {
      position = 0;
      store.updateMessage("a-live", (message) => ({ ...message, segments: [] }));
    }
    store.appendToken("a-live", "a-live-text", words[position] ?? "");
    position += 1;
  }, 60);
  const settingsApi = new FakeSettingsApi();
  settingsApi.rules = [
    {
      id: "rule_1",
      tool: "Write",
      pattern: "notes/**",
      behavior: "allow",
      source: "approval",
      created_at_ms: now,
    },
  ];
  return { store, settingsApi };
}

/** A session showing each interaction card in a waiting state, plus a change report and a compaction. */
function cardsSession() {
  const report = {
    type: "change_report",
    files: [
      {
        path: "src/app.ts",
        change: "modified",
        additions: 2,
        deletions: 1,
        diff: "--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,3 +1,4 @@\n one\n-two\n+TWO\n three\n+four\n",
      },
    ],
    truncated_count: 2,
  };
  const messages: ChatMessage[] = [
    userMessage("c1", "Write hello into notes/hello.txt, then plan a cache"),
    turnWith(
      [
        approvalCard({ approval_status: "Approved", decision: "approve", approval_id: "apv_0" }, "req_done"),
        resultCard("Created notes/hello.txt (6 bytes).", {}, "req_done", "res_done"),
        approvalCard({}, "req_waiting"),
      ],
      { id: "turn_approval", runId: "turn_approval" },
    ),
    turnWith([planCard()], { id: "turn_plan", runId: "turn_plan" }),
    turnWith([questionCard()], { id: "turn_question", runId: "turn_question" }),
    agentMessage("turn_report", JSON.stringify(report)),
    {
      ...agentMessage("turn_compact", ""),
      cards: [
        {
          id: "compact",
          rich: {
            kind: "SystemControl",
            data: {
              action: "compact",
              details: {
                trigger: "manual",
                pre_tokens: 9_100,
                post_tokens: 800,
                summary: "The user works on a cache.",
              },
            },
          },
        },
      ],
    },
  ];
  return {
    ...emptySession("cards"),
    messages,
    permissionModes: { main: { mode: "plan", source: "session" as const } },
  };
}
