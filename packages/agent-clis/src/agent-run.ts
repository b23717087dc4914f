import type { ResponsePart, RunResult } from "@parley/protocol";

/** What a run reports at its end besides its parts. */
export type RunOutcome = Pick<RunResult, "success" | "session_id" | "error_message" | "model">;

/**
 * One message being answered by an agent CLI: iterate it for the ResponseParts as they arrive, await `result`
 * for the RunResult. A part whose `part_id` was seen before is an update of that part (a tool call that
 * finished, text that grew): the stream yields it again and the result keeps only its latest version.
 */
export class AgentRun implements AsyncIterable<ResponsePart> {
  /** The run's structured result; never rejects (failures are `success: false` with an `error_message`). */
  readonly result: Promise<RunResult>;

  private readonly pending: ResponsePart[] = [];
  private readonly parts: ResponsePart[] = [];
  private done = false;
  private wake: (() => void) | undefined;

  /** `produce` emits parts as they arrive and resolves with the outcome; it must not reject. */
  constructor(produce: (emit: (part: ResponsePart) => void) => Promise<RunOutcome>) {
    this.result = produce((part) => this.emit(part)).then(
      (outcome) => this.end(outcome),
      (error: unknown) =>
        this.end({
          success: false,
          session_id: null,
          error_message: error instanceof Error ? error.message : String(error),
        }),
    );
  }

  async *[Symbol.asyncIterator](): AsyncIterator<ResponsePart> {
    while (true) {
      const next = this.pending.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.done) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  private emit(part: ResponsePart): void {
    const index = part.part_id ? this.parts.findIndex((known) => known.part_id === part.part_id) : -1;
    if (index >= 0) this.parts[index] = part;
    else this.parts.push(part);
    this.pending.push(part);
    this.notify();
  }

  private end(outcome: RunOutcome): RunResult {
    this.done = true;
    this.notify();
    return { ...outcome, response_parts: [...this.parts] };
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** A run that failed before it started (a missing CLI, an unusable option), as an AgentRun. */
export function failedRun(errorMessage: string, sessionId: string | null = null): AgentRun {
  return new AgentRun(async () => ({ success: false, session_id: sessionId, error_message: errorMessage }));
}
