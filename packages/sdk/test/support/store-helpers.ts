import type { ChatMessage, ChatStoreState } from "../../src/chat-state.ts";
import type { ChatStore } from "../../src/chat-store.ts";

/** Resolves with the first published snapshot that satisfies `predicate` (the current one included). */
export function waitForState(
  store: ChatStore,
  predicate: (state: ChatStoreState) => boolean,
): Promise<ChatStoreState> {
  return new Promise((resolve) => {
    const check = () => {
      const state = store.getSnapshot();
      if (!predicate(state)) return false;
      unsubscribe();
      resolve(state);
      return true;
    };
    const unsubscribe = store.subscribe(() => void check());
    check();
  });
}

/** The open session's messages (empty when none is open). */
export function messagesOf(state: ChatStoreState): ChatMessage[] {
  return state.session?.messages ?? [];
}

/** The agent turn of a run in the open session. */
export function turnOf(state: ChatStoreState, runId: string): ChatMessage | undefined {
  return messagesOf(state).find((message) => message.role === "agent" && message.id === runId);
}

/** A promise with its resolve function, for holding a request until the test lets it go. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * Wraps a response body so the test learns when some text has gone through it (e.g. a run's last
 * frame reached the client), without changing the bytes.
 */
export function tapBody(response: Response, onText: (textSoFar: string) => void): Response {
  if (response.body === null) return response;
  const decoder = new TextDecoder();
  let seen = "";
  const tapped = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += decoder.decode(chunk, { stream: true });
        controller.enqueue(chunk);
        onText(seen);
      },
    }),
  );
  return new Response(tapped, { status: response.status, headers: response.headers });
}
