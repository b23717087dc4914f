import { createHash } from "node:crypto";
import type { AcpAgentProcess, AcpLaunch } from "./acp-agent-process.ts";

/** How long a session's ACP agent is kept running after its last turn. */
export const DEFAULT_ACP_IDLE_MS = 10 * 60 * 1000;
/** How many idle agents are kept at most; keeping one more closes the one idle longest. */
export const DEFAULT_ACP_MAX_KEPT = 8;

interface Kept {
  process: AcpAgentProcess;
  sessionId: string;
  idle: NodeJS.Timeout;
}

/**
 * The ACP agents kept running between turns, one per CLI session: the next message of the session goes to the
 * same process (no restart, no `session/load`). A kept agent is closed after it has been idle for `idleMs`, when
 * its session is closed, when `maxKept` others are idle and it is the oldest, and by `closeAll` (server
 * shutdown); one that died while idle is forgotten, and what it
 * said when it died is handed to the session's next turn.
 */
export class AcpProcessPool {
  readonly #idleMs: number;
  readonly #maxKept: number;
  readonly #kept = new Map<string, Kept>();
  readonly #crashes = new Map<string, string>();

  constructor(options: { idleMs?: number; maxKept?: number } = {}) {
    this.#idleMs = options.idleMs ?? DEFAULT_ACP_IDLE_MS;
    this.#maxKept = options.maxKept ?? DEFAULT_ACP_MAX_KEPT;
  }

  /**
   * The running agent that holds `sessionId` for this launch and project, taken out of the pool for a turn
   * (the caller keeps it again or closes it); `crash` says how a kept one died since the last turn.
   */
  take(launch: AcpLaunch, cwd: string, sessionId: string): { process?: AcpAgentProcess; crash?: string } {
    const key = keyOf(launch, cwd, sessionId);
    const crash = this.#crashes.get(key);
    this.#crashes.delete(key);
    const kept = this.#kept.get(key);
    this.#kept.delete(key);
    if (kept !== undefined) clearTimeout(kept.idle);
    const process = kept?.process.alive ? kept.process : undefined;
    return { ...(process && { process }), ...(crash !== undefined && { crash }) };
  }

  /** Keeps a process whose turn ended, for the session's next message; it is closed after the idle time. */
  keep(
    launch: AcpLaunch,
    cwd: string,
    process: AcpAgentProcess,
    describeCrash: (exit: unknown) => string,
  ): void {
    const sessionId = process.sessionId;
    if (sessionId === null || !process.alive) {
      void process.close();
      return;
    }
    const key = keyOf(launch, cwd, sessionId);
    const idle = setTimeout(() => this.#close(key), this.#idleMs);
    idle.unref();
    const kept = { process, sessionId, idle };
    this.#kept.set(key, kept);
    // A map keeps insertion order: the first key is the agent idle longest.
    const oldest = this.#kept.keys().next().value;
    if (this.#kept.size > this.#maxKept && oldest !== undefined) void this.#close(oldest);
    void process.exit.then((exit) => {
      // Still kept, so nobody closed it: it died on its own while idle.
      if (this.#kept.get(key) !== kept) return;
      clearTimeout(idle);
      this.#kept.delete(key);
      this.#crashes.set(key, describeCrash(exit));
    });
  }

  /** Closes the kept agent of a CLI session (the Parley session it answered was deleted). */
  async closeSession(sessionId: string): Promise<void> {
    const keys = [...this.#kept].filter(([, kept]) => kept.sessionId === sessionId).map(([key]) => key);
    await Promise.all(keys.map((key) => this.#close(key)));
  }

  /** Closes every kept agent (the server is shutting down). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.#kept.keys()].map((key) => this.#close(key)));
  }

  /** How many agents are kept running now. */
  get size(): number {
    return this.#kept.size;
  }

  async #close(key: string): Promise<void> {
    const kept = this.#kept.get(key);
    if (kept === undefined) return;
    this.#kept.delete(key);
    clearTimeout(kept.idle);
    await kept.process.close();
  }
}

/**
 * One kept agent per CLI session and the exact way it was started: a changed command, argument or environment
 * (the person's settings changed) starts a new process. The environment is hashed, never kept as text.
 */
function keyOf(launch: AcpLaunch, cwd: string, sessionId: string): string {
  const started = JSON.stringify([launch.command, launch.args, launch.env, launch.sessionOptions ?? {}]);
  return `${cwd}\u0000${sessionId}\u0000${createHash("sha256").update(started).digest("hex")}`;
}
