import { describe, expect, it } from "vitest";
import type { ServerEvent } from "./server-event.ts";
import { toUiSseMessage } from "./to-ui-sse-message.ts";
import type { TokenEvent } from "./token-event.ts";
import { uiSseFrameText, uiSseTokenFrameParts } from "./ui-sse-frame-text.ts";

const token = (fields: Record<string, unknown>) =>
  ({ type: "Token", agent_id: "main", token: "Hi", done: false, thinking: false, ...fields }) as ServerEvent;

/** Tokens in every shape a frame distinguishes, and text JSON must escape. */
const tokens: [string, ServerEvent][] = [
  ["a delta of a run", token({ message_id: "run_1.0", session_id: "ses_1", run_id: "run_1" })],
  ["the last delta", token({ token: "", done: true, message_id: "m" })],
  ["a reasoning delta", token({ thinking: true, session_id: "ses_1" })],
  ["a delta after a retry", token({ reset: true, message_id: "m", run_id: "r" })],
  ["text that needs escaping", token({ token: 'say "hi"\n\t\\ \u2028 😀 \u0001' })],
  ["a project root and explicitly undefined fields", token({ project_root: "/p", message_id: undefined })],
  ["fields from a newer server", token({ future: { nested: [1, null, "x"] }, count: 3 })],
  [
    "keys in another order",
    {
      session_id: "s",
      run_id: "r",
      type: "Token",
      token: "x",
      done: false,
      thinking: false,
      agent_id: "a",
    } as ServerEvent,
  ],
];

const others: [string, ServerEvent][] = [
  [
    "a message",
    { type: "Message", agent_id: "main", content: "hello", session_id: "s", message_id: "m" } as ServerEvent,
  ],
  [
    "a status",
    { type: "AgentStatus", agent_id: "main", lifecycle: "doing", detail: "reading" } as ServerEvent,
  ],
  [
    "a queue update",
    { type: "QueueUpdated", agent_id: "main", project_root: "/p", items: [] } as unknown as ServerEvent,
  ],
];

describe("uiSseFrameText", () => {
  it.each([...tokens, ...others])("writes %s exactly as the frame object serializes", (_name, event) => {
    for (const envelope of [
      { seq: 42, rev: 2, ts_ms: 1_700_000_000_123 },
      { seq: 42, rev: 1, ts_ms: 1_700_000_000_123, id: "evt_42" },
    ])
      expect(uiSseFrameText(event, envelope)).toBe(JSON.stringify(toUiSseMessage(event, envelope)));
  });

  it("writes each delta of a stream with its own fields when they change from one delta to the next", () => {
    const shared = { step: 1 };
    const stream = [
      token({ message_id: "m1", run_id: "r1", session_id: "s" }),
      token({ message_id: "m1", run_id: "r1", session_id: "s", token: "again" }),
      token({ message_id: "m2", run_id: "r1", session_id: "s" }),
      token({ message_id: "m2", run_id: "r1" }),
      token({ message_id: "m2", run_id: "r1", agent_id: "other" }),
      token({ message_id: "m2", run_id: "r1", thinking: true }),
      token({ message_id: "m2", extra: shared }),
    ];
    const envelope = { seq: 1, rev: 2, ts_ms: 5 };
    for (const event of stream)
      expect(uiSseFrameText(event, envelope)).toBe(JSON.stringify(toUiSseMessage(event, envelope)));
    shared.step = 2;
    const changed = stream.at(-1) as ServerEvent;
    expect(uiSseFrameText(changed, envelope)).toBe(JSON.stringify(toUiSseMessage(changed, envelope)));
  });

  it.each(tokens)("gives %s in parts that make up its frame after the seq", (_name, event) => {
    const envelope = { seq: 1_234, rev: 2, ts_ms: 1_700_000_000_123 };
    const { head, own, tail } = uiSseTokenFrameParts(event as TokenEvent, envelope);
    expect(`{"seq":1234${head}${own}${tail}`).toBe(JSON.stringify(toUiSseMessage(event, envelope)));
  });

  it("gives the deltas of one stream published at one time the same head and tail, and each its own text", () => {
    const at = (text: string, ts_ms: number) =>
      uiSseTokenFrameParts(
        token({ token: text, message_id: "m", run_id: "r", session_id: "s" }) as TokenEvent,
        {
          rev: 2,
          ts_ms,
        },
      );
    const [first, second, later] = [at("Once", 5), at(" upon", 5), at(" a time", 6)];
    expect(second.head).toBe(first.head);
    expect(second.tail).toBe(first.tail);
    expect([first.own, second.own]).toEqual([',"text":"Once"', ',"text":" upon"']);
    expect(later.head).not.toBe(first.head);
    expect(later.tail).toBe(first.tail);
  });
});
