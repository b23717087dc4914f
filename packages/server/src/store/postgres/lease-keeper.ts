import type { RunLeases } from "./run-leases.ts";

/** How long a server may stay quiet before its running runs are recovered by another (PARLEY_RUN_LEASE_MS). */
export const DEFAULT_LEASE_MS = 15_000;

/**
 * Keeps this server's lease alive (a beat every third of the lease) and, at each beat, recovers the runs
 * of servers that went quiet: within about 1⅓ leases of a server's death, its runs are interrupted and
 * its workflow executions Paused.
 */
export class LeaseKeeper {
  readonly #timer: NodeJS.Timeout;

  constructor(leases: RunLeases, leaseMs: number, recover: Parameters<RunLeases["recoverOrphans"]>[3]) {
    this.#timer = setInterval(
      () => {
        try {
          const nowMs = Date.now();
          leases.beat(nowMs);
          leases.recoverOrphans(nowMs, leaseMs, false, recover);
        } catch (error) {
          // The database is away: the next beat tries again (other servers see this one as quiet meanwhile).
          console.error("parley: could not renew the run lease:", (error as Error).message);
        }
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
