/** How long the history replay must have been quiet before the turn's prompt is sent. */
const QUIET_MS = 300;
/** The longest a replay may keep the prompt waiting. */
const LIMIT_MS = 5000;

/**
 * The history an ACP agent replays when a session is loaded, kept out of the new turn's answer. ACP says the
 * replay comes before the `session/load` response, but Gemini CLI 0.61 streams it after responding; the turn
 * starts once the replay has been quiet for a moment (at most a few seconds), and until then every update is
 * absorbed.
 */
export class HistoryReplay {
  #active = false;
  #lastUpdateAt = 0;

  start(): void {
    this.#active = true;
    this.#lastUpdateAt = Date.now();
  }

  /** True while replaying: the update belongs to the history. */
  absorbs(): boolean {
    if (this.#active) this.#lastUpdateAt = Date.now();
    return this.#active;
  }

  /** Resolves once the replay has been quiet for a moment; later updates are the turn's. */
  async finished(): Promise<void> {
    const startedAt = Date.now();
    for (;;) {
      const quietFor = Date.now() - this.#lastUpdateAt;
      if (quietFor >= QUIET_MS || Date.now() - startedAt >= LIMIT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS - quietFor));
    }
    this.#active = false;
  }
}
