/** A stream that sends a heartbeat when its period's timer ticks. */
export interface HeartbeatTarget {
  heartbeat(): void;
}

/**
 * One interval timer per period, shared by every event stream open in the process (`/api/events` and AG-UI
 * runs, of every server): a stream joins its period's ticker instead of holding a timer and a closure of its
 * own (about 200 bytes a stream, which adds up at thousands of idle streams), and a tick is one wake for all
 * of them. A stream sends its first heartbeat as it opens; its next comes at the next tick, within one period.
 */
const tickers = new Map<number, { targets: Set<HeartbeatTarget>; timer: NodeJS.Timeout }>();

/** Adds `target` to the ticker of `periodMs`, starting it if it is the first. */
export function joinHeartbeats(periodMs: number, target: HeartbeatTarget): void {
  let ticker = tickers.get(periodMs);
  if (ticker === undefined) {
    const targets = new Set<HeartbeatTarget>();
    const timer = setInterval(() => beatAll(targets), periodMs);
    // Heartbeats alone never keep the process alive.
    timer.unref();
    ticker = { targets, timer };
    tickers.set(periodMs, ticker);
  }
  ticker.targets.add(target);
}

/** Removes `target` from the ticker of `periodMs`, stopping it once no stream is left. */
export function leaveHeartbeats(periodMs: number, target: HeartbeatTarget): void {
  const ticker = tickers.get(periodMs);
  if (ticker === undefined || !ticker.targets.delete(target) || ticker.targets.size > 0) return;
  clearInterval(ticker.timer);
  tickers.delete(periodMs);
}

/** Beats every target; one that throws still fails the tick (as its own timer would have), after the rest. */
function beatAll(targets: ReadonlySet<HeartbeatTarget>): void {
  let failure: { error: unknown } | undefined;
  for (const target of targets) {
    try {
      target.heartbeat();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure !== undefined) throw failure.error;
}
