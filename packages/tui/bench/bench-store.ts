import {
  type ChatAction,
  type ChatMessage,
  type ChatStoreApi,
  type ChatStoreState,
  chatReducer,
  emptySessionState,
  MissionClient,
  type ParleyClient,
  WorkflowClient,
} from "@parley/sdk";
import type { TuiServices } from "../src/store/services.tsx";

/**
 * A chat store for the measurement: the sdk's real reducer applies each streamed token, and subscribers
 * hear about it once per token, as the real store publishes once per event frame. Nothing here talks to a
 * server; the actions a person would take do nothing.
 */
export class BenchStore {
  #state: ChatStoreState;
  readonly #listeners = new Set<() => void>();

  constructor() {
    const session = emptySessionState("bench-session");
    this.#state = {
      connection: "connected",
      sessions: [],
      activeSessionId: session.sessionId,
      session,
      loadingSession: false,
      model: { ref: "anthropic:bench", isDemo: false },
    };
  }

  apply(action: ChatAction): void {
    const session = this.#state.session;
    if (session === undefined) return;
    this.#state = { ...this.#state, session: chatReducer(session, action) };
    for (const listener of this.#listeners) listener();
  }

  services(): TuiServices {
    const noop = async () => {};
    const store: ChatStoreApi & { client: ParleyClient } = {
      subscribe: (listener) => {
        this.#listeners.add(listener);
        return () => this.#listeners.delete(listener);
      },
      getSnapshot: () => this.#state,
      start: noop,
      stop: () => {},
      openSession: noop,
      newSession: () => {},
      sendMessage: noop,
      stopRun: noop,
      removeQueued: noop,
      queuedText: async () => undefined,
      renameSession: noop,
      deleteSession: noop,
      loadOlder: noop,
      answerQuestion: async () => ({ status: "done" }),
      answerApproval: async () => ({ status: "done" }),
      executePlan: async () => ({ status: "done" }),
      refinePlan: async () => ({ status: "done" }),
      setPermissionMode: noop,
      compact: noop,
      rewindFiles: async (runId, options) => ({
        session_id: "",
        run_id: runId,
        dry_run: options.dryRun,
        files: [],
      }),
      dismissError: () => {},
      client: {
        baseUrl: "http://127.0.0.1:0",
        listMcpServers: async () => ({ servers: [], trust_read_only_tools: false }),
      } as unknown as ParleyClient,
    };
    return {
      store,
      workflows: new WorkflowClient({ baseUrl: "http://127.0.0.1:0" }),
      missions: new MissionClient({ baseUrl: "http://127.0.0.1:0" }),
      projectRoot: "/bench/project",
    };
  }
}

/** The user's message and the agent's turn that the tokens stream into. */
export function startTurn(store: BenchStore, runId: string): void {
  const atMs = Date.now();
  const user: ChatMessage = {
    id: `${runId}:user`,
    role: "user",
    text: "Write it out",
    timestamp: new Date(atMs).toISOString(),
    timestampMs: atMs,
  };
  store.apply({ type: "PUSH_MESSAGE", message: user });
  store.apply({
    type: "PUSH_MESSAGE",
    message: {
      id: runId,
      runId,
      role: "agent",
      text: "",
      timestamp: new Date(atMs).toISOString(),
      timestampMs: atMs,
      isGenerating: true,
    },
  });
}
