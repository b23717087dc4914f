import { type AgentTurnOptions, type EngineMessage, runAgentTurn } from "../src/index.ts";
import { sequentialIds } from "./helpers.ts";

/** A turn running in the background: its messages so far, a way to await one, and its abort controller. */
export interface RunningTurn {
  controller: AbortController;
  messages: EngineMessage[];
  done: Promise<void>;
  waitForMessage(predicate: (message: EngineMessage) => boolean): Promise<EngineMessage>;
}

/** Starts a turn (deterministic ids, instant retries) and collects its messages as they come. */
export function startTurn(
  options: Partial<AgentTurnOptions> & Pick<AgentTurnOptions, "model" | "cwd">,
): RunningTurn {
  const controller = new AbortController();
  const messages: EngineMessage[] = [];
  const waiters: {
    predicate: (message: EngineMessage) => boolean;
    resolve: (message: EngineMessage) => void;
  }[] = [];
  const turn = runAgentTurn({
    sessionId: "session-1",
    history: [],
    prompt: "go",
    idGenerator: sequentialIds(),
    sleep: async () => {},
    random: () => 0,
    signal: controller.signal,
    ...options,
  });
  const done = (async () => {
    for await (const message of turn) {
      messages.push(message);
      for (const waiter of waiters.filter((candidate) => candidate.predicate(message))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  })();
  const waitForMessage = (predicate: (message: EngineMessage) => boolean) => {
    const seen = messages.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise<EngineMessage>((resolve) => waiters.push({ predicate, resolve }));
  };
  return { controller, messages, done, waitForMessage };
}

/** The result of tool call `toolUseId` in a turn's messages, with its content as text. */
export function toolResultOf(
  messages: readonly EngineMessage[],
  toolUseId: string,
): { content: string; isError: boolean; data: unknown } {
  for (const message of messages) {
    if (message.type !== "user" || typeof message.message.content === "string") continue;
    for (const block of message.message.content) {
      if (block.type !== "tool_result" || block.tool_use_id !== toolUseId) continue;
      const content =
        typeof block.content === "string"
          ? block.content
          : (block.content ?? [])
              .map((part) => (part.type === "text" ? part.text : `[${part.type}]`))
              .join("");
      return { content, isError: block.is_error === true, data: message.tool_use_result };
    }
  }
  throw new Error(`no tool_result for ${toolUseId}`);
}

/** The `tool_progress` lines a turn emitted for one call. */
export function progressLinesOf(messages: readonly EngineMessage[], toolUseId: string): string[] {
  return messages.flatMap((message) =>
    message.type === "tool_progress" && message.tool_use_id === toolUseId && "line" in message
      ? [String(message.line)]
      : [],
  );
}
