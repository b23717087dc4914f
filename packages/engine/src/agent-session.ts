import type { MessageParam } from "@parley/protocol";
import type { EngineMessage } from "./loop/engine-message.ts";
import { foldTurnIntoHistory } from "./loop/fold-turn-into-history.ts";
import { type AgentTurnOptions, runAgentTurn } from "./loop/run-agent-turn.ts";
import { InstructionFolders } from "./project-instructions/instruction-folders.ts";

/** Options shared by every turn of an `AgentSession`; `sessionId` defaults to a fresh UUID. */
export type AgentSessionOptions = Omit<AgentTurnOptions, "sessionId" | "history" | "prompt"> & {
  sessionId?: string;
  history?: MessageParam[];
};

/** What a single turn may change: anything but the session, history and prompt. */
export type AgentTurnOverrides = Partial<Omit<AgentTurnOptions, "sessionId" | "history" | "prompt">>;

/**
 * A conversation kept in memory, for callers without a store (the CLI, tests): each `send` runs a
 * turn with the history so far and folds what it emitted back into the history.
 */
export class AgentSession {
  readonly sessionId: string;
  private readonly entries: MessageParam[];
  /** What the session's turns have cost so far, for `maxBudgetUsd`. */
  private spentUsd = 0;
  /** The turn running now: its prompt and what it emitted so far. */
  private running: { prompt: MessageParam["content"]; emitted: EngineMessage[] } | undefined;
  /** Folders found without instruction files: not looked at again in this session. */
  private readonly instructionFolders = new InstructionFolders();

  constructor(private readonly options: AgentSessionOptions) {
    this.sessionId = options.sessionId ?? globalThis.crypto.randomUUID();
    this.entries = [...(options.history ?? [])];
  }

  /** The conversation so far, ready to be sent as a turn's `history`. */
  get history(): readonly MessageParam[] {
    return this.entries;
  }

  /** The conversation with the running turn as far as it got (its open tool calls without results). */
  historySoFar(): MessageParam[] {
    if (this.running === undefined) return [...this.entries];
    return [
      ...this.entries,
      ...foldTurnIntoHistory({
        prompt: this.running.prompt,
        messages: this.running.emitted,
        running: true,
      }),
    ];
  }

  /** Runs one turn and yields its messages; the history grows even if the caller stops early. */
  async *send(
    prompt: MessageParam["content"],
    overrides: AgentTurnOverrides = {},
  ): AsyncGenerator<EngineMessage> {
    const emitted: EngineMessage[] = [];
    this.running = { prompt, emitted };
    try {
      for await (const message of runAgentTurn({
        instructionFolders: this.instructionFolders,
        ...this.options,
        ...overrides,
        sessionId: this.sessionId,
        history: [...this.entries],
        prompt,
        spentUsd: this.spentUsd,
      })) {
        if (message.type === "result") this.spentUsd += message.total_cost_usd;
        emitted.push(message);
        yield message;
      }
    } finally {
      this.running = undefined;
      this.entries.push(...foldTurnIntoHistory({ prompt, messages: emitted }));
    }
  }
}
