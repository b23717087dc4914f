import type { Store } from "../store/store.ts";
import type { ServerSignal } from "./server-signal.ts";

// Servers sharing a PostgreSQL database each own the runs they start. When one is asked to act on a run
// another one owns, it leaves that owner a signal (`ServerSignals`); on SQLite `store.signals` is undefined
// and each of these returns at once.

/**
 * Leaves `signal` for the server that runs `runId` when that is another live server (an answer given here
 * for a run waiting there); false when the run is this server's to act on.
 */
export function forwardToRunOwner(store: Store, runId: string | null, signal: ServerSignal): boolean {
  const signals = store.signals;
  if (signals === undefined || runId === null) return false;
  const owner = signals.runOwnerElsewhere(runId);
  if (owner === undefined) return false;
  signals.send(owner, signal);
  return true;
}

/**
 * Asks the servers running runs of `tree` (other than those `cancelledHere`) to cancel the tree from
 * `rootId`; returns the ids of those runs, which stop on their servers.
 */
export function cancelElsewhere(
  store: Store,
  rootId: string,
  tree: readonly string[],
  cancelledHere: readonly string[],
  clearQueue: boolean,
): string[] {
  const signals = store.signals;
  if (signals === undefined) return [];
  const owners = new Set<string>();
  const cancelled: string[] = [];
  for (const runId of tree) {
    if (cancelledHere.includes(runId)) continue;
    const owner = signals.runOwnerElsewhere(runId);
    if (owner === undefined) continue;
    owners.add(owner);
    cancelled.push(runId);
  }
  for (const owner of owners)
    signals.send(owner, { kind: "cancel", run_id: rootId, clear_queue: clearQueue });
  return cancelled;
}

/**
 * Inside the unit of work that queued a message: tells the server running the agent's turn, if another
 * one, to look at the queue (its turn may be ending, and would otherwise leave the message waiting).
 */
export function tellRunOwnerOfQueue(store: Store, sessionId: string, agentId: string): void {
  const signals = store.signals;
  if (signals === undefined) return;
  const owner = signals.agentOwnerElsewhere(sessionId, agentId);
  if (owner !== undefined) signals.send(owner, { kind: "queued", session_id: sessionId, agent_id: agentId });
}
