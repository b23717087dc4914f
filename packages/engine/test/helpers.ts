import type { Uuid } from "@parley/protocol";
import type { FakeModelServer } from "@parley/testkit";
import type { AgentTurnOptions } from "../src/index.ts";
import {
  type CanUseToolCallback,
  type EngineClock,
  type EngineMessage,
  type IdGenerator,
  type ModelConfig,
  runAgentTurn,
} from "../src/index.ts";

// The fake model ids are unknown to the providers; their compatibility warnings are noise here.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** UUIDs 00000000-0000-4000-8000-000000000001, …002, … so expected messages can be written out. */
export function sequentialIds(): IdGenerator {
  let next = 0;
  return { uuid: () => `00000000-0000-4000-8000-${String(++next).padStart(12, "0")}` as Uuid };
}

/** Allows every call that asks: for tests of what tools do, not of who approves them. */
export const allowEveryCall: CanUseToolCallback = async ({ toolUseId }) => ({
  behavior: "allow",
  toolUseID: toolUseId,
});

/** A clock frozen at 2026-01-01 whose timers fire only when the test says so. */
export class ManualClock implements EngineClock {
  private time = Date.parse("2026-01-01T00:00:00.000Z");
  private readonly timers = new Set<{ ms: number; callback: () => void }>();
  private onArmed: (() => void) | undefined;
  now(): number {
    return this.time;
  }
  setTimer(ms: number, callback: () => void): () => void {
    const timer = { ms, callback };
    this.timers.add(timer);
    this.onArmed?.();
    this.onArmed = undefined;
    return () => this.timers.delete(timer);
  }
  advance(ms: number): void {
    this.time += ms;
  }
  /** Fires the armed timers, waiting for one to be armed if none is (the code may be busy elsewhere). */
  async fireWhenArmed(): Promise<void> {
    if (this.timers.size === 0) await new Promise<void>((resolve) => (this.onArmed = resolve));
    this.fireTimers();
  }

  /** Fires every armed timer (as if their time had come); returns how many fired. */
  fireTimers(): number {
    const due = [...this.timers];
    this.timers.clear();
    for (const timer of due) timer.callback();
    return due.length;
  }
}

/** A sleep that returns at once and remembers what it was asked to wait. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

export type Format = "anthropic" | "openai" | "openai-compatible";

/** A model config that points a provider at the fake server. */
export function modelFor(server: FakeModelServer, format: Format, model = `${format}-fake-1`): ModelConfig {
  switch (format) {
    case "anthropic":
      return {
        kind: "anthropic",
        provider: "anthropic",
        model,
        baseUrl: server.anthropicBaseUrl,
        apiKey: "sk-ant-fake",
        apiKeySource: "env",
        source: "override",
      };
    case "openai":
      return {
        kind: "openai",
        provider: "openai",
        model,
        baseUrl: server.openaiBaseUrl,
        apiKey: "sk-fake",
        apiKeySource: "env",
        source: "override",
      };
    case "openai-compatible":
      return {
        kind: "openai-compatible",
        provider: "local",
        model,
        baseUrl: server.openaiBaseUrl,
        apiKeySource: "none",
        source: "override",
      };
  }
}

/** Runs a turn with deterministic ids and an instant sleep, and collects everything it emits. */
export async function collectTurn(
  options: Partial<AgentTurnOptions> & Pick<AgentTurnOptions, "model" | "prompt">,
): Promise<EngineMessage[]> {
  const messages: EngineMessage[] = [];
  for await (const message of runAgentTurn({
    sessionId: "session-1",
    history: [],
    cwd: "/work/project",
    idGenerator: sequentialIds(),
    sleep: async () => {},
    random: () => 0,
    ...options,
  })) {
    messages.push(message);
  }
  return messages;
}

/** A compact label per message: `system/init`, `assistant:text`, `user:tool_result`, `result/success`. */
export function labels(messages: readonly EngineMessage[]): string[] {
  return messages.map((message) => {
    switch (message.type) {
      case "system":
      case "result":
        return `${message.type}/${message.subtype}`;
      case "assistant":
        return `assistant:${message.message.content.map((block) => block.type).join(",")}`;
      case "user": {
        const content = message.message.content;
        return `user:${typeof content === "string" ? "text" : content.map((block) => block.type).join(",")}`;
      }
      case "stream_event":
        return `stream_event:${message.event.type}`;
      default:
        return message.type;
    }
  });
}

/** The last message, which must be the turn's result. */
export function resultOf(messages: readonly EngineMessage[]) {
  const last = messages.at(-1);
  if (last?.type !== "result") throw new Error(`the turn did not end with a result: ${JSON.stringify(last)}`);
  return last;
}
