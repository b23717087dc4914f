import type { ChatMessage, ChatStoreState } from "@parley/sdk";
import { emptySessionState } from "@parley/sdk";
import { describe, expect, it } from "vitest";
import { KEY, renderInTerminal, settle } from "../../test/render.tsx";
import { ServicesProvider, type TuiServices } from "../store/services.tsx";
import { HistoryView } from "./history-view.tsx";

const PAGE_UP = "\u001b[5~";
const PAGE_DOWN = "\u001b[6~";
const END = "\u001b[F";

function message(position: number): ChatMessage {
  const atMs = 1_700_000_000_000 + position * 1000;
  return {
    id: `m${position}`,
    role: position % 2 === 1 ? "user" : "agent",
    text: position % 2 === 1 ? `question ${position}` : `answer ${position}`,
    timestamp: new Date(atMs).toISOString(),
    timestampMs: atMs,
  };
}

/**
 * A session of `total` messages of which the client holds the latest `held`, paging back `page` at a time
 * as the sdk's store does (`loadOlder` puts the page before the oldest one held in front).
 */
function longSession(total: number, held: number, page: number) {
  const all = Array.from({ length: total }, (_, index) => message(index + 1));
  let oldest = total - held;
  let state: ChatStoreState = {
    connection: "connected",
    sessions: [],
    activeSessionId: "long",
    loadingSession: false,
    session: { ...emptySessionState("long"), messages: all.slice(oldest), hasOlder: oldest > 0 },
  };
  const listeners = new Set<() => void>();
  let pagesLoaded = 0;
  const store = {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    loadOlder: async () => {
      pagesLoaded++;
      const from = Math.max(0, oldest - page);
      const session = state.session as NonNullable<ChatStoreState["session"]>;
      state = {
        ...state,
        session: {
          ...session,
          messages: [...all.slice(from, oldest), ...session.messages],
          hasOlder: from > 0,
        },
      };
      oldest = from;
      for (const listener of listeners) listener();
    },
  } as unknown as TuiServices["store"];
  const services = {
    store,
    workflows: {} as TuiServices["workflows"],
    missions: {} as TuiServices["missions"],
    projectRoot: "/project",
  };
  return { services, pagesLoaded: () => pagesLoaded };
}

function history(total: number, held: number, page = 20) {
  const session = longSession(total, held, page);
  const view = renderInTerminal(
    <ServicesProvider services={session.services}>
      <HistoryView height={16} onClose={() => {}} />
    </ServicesProvider>,
  );
  return { ...view, ...session };
}

describe("the history view", () => {
  it("opens a 5,000-message session at its latest messages, laying out only what fits the screen", async () => {
    const { frame } = history(5000, 200);
    // The line naming the keys shows once they are read (the frame after the first).
    await settle();
    expect(frame()).toContain("answer 5000");
    expect(frame()).toContain("The latest message");
    // Twelve lines of room: six messages with a blank line between them, the rest is counted, not drawn.
    expect(frame()).toContain("194 earlier messages above");
    expect(frame()).not.toContain("question 4993");
  });

  it("pages back with PgUp and forward with PgDn, and End returns to the latest", async () => {
    const { frame, press } = history(5000, 200);
    await press(PAGE_UP);
    expect(frame()).toContain("answer 4994");
    expect(frame()).not.toContain("answer 5000");
    expect(frame()).toContain("6 later messages below");

    await press(PAGE_DOWN);
    expect(frame()).toContain("answer 5000");

    await press(PAGE_UP, PAGE_UP, KEY.up, END);
    expect(frame()).toContain("answer 5000");
  });

  it("loads the page before the oldest message held from the server when paged past it", async () => {
    const { frame, press, pagesLoaded } = history(5000, 12, 20);
    await press(PAGE_UP);
    expect(frame()).toContain("question 4989");
    expect(frame()).toContain("Older messages are on the server");

    await press(PAGE_UP);
    await settle();
    expect(pagesLoaded()).toBe(1);
    await press(PAGE_UP);
    expect(frame()).toContain("answer 4988");
    expect(frame()).toContain("earlier messages above");
  });

  it("says where the conversation starts", async () => {
    const { frame, press } = history(4, 4);
    await press(PAGE_UP);
    expect(frame()).toContain("The start of the conversation");
    expect(frame()).toContain("question 1");
  });
});
