import type { AgentRun, KnownFields } from "@parley/protocol";
import type { RunContext } from "../context/run-context.ts";
import { ChangeTracker } from "./change-tracker.ts";
import { publishChangeReport } from "./publish-change-report.ts";

/**
 * The change report of a run the server did not live to finish: what its files held before its first
 * change (kept as it ran) against what they hold now, published as the report the run would have ended
 * with. Nothing is published when the files ended up unchanged; what they hold now is kept as the end of
 * the run's checkpoint.
 */
export async function reportInterruptedChanges(
  context: RunContext,
  run: KnownFields<AgentRun>,
): Promise<void> {
  const { store } = context;
  const baselines = store.changeBaselines.list(run.id);
  if (baselines.length === 0) return;
  const tracker = await ChangeTracker.resume(context.projectRoot, baselines);
  const report = tracker.empty ? undefined : await tracker.report();
  store.transaction(() => {
    if (report !== undefined) {
      const scope = { sessionId: run.session_id, agentId: run.agent_id, runId: run.id };
      publishChangeReport(context, scope, report);
    }
    store.changeBaselines.finish(run.id, tracker.checkpoints());
  });
  context.bus.flush();
}
