import type { NotRestoredFile, RewindFile, RewindRequest, RewindResponse } from "@parley/protocol";
import { ApiError } from "../../http/api-error.ts";
import type { FileSnapshot } from "../../store/change-baseline-store.ts";
import {
  describeChangeOffLoop,
  describeChangesOffLoop,
  type FileChange,
} from "../changes/describe-changes.ts";
import { sameSnapshot } from "../changes/file-snapshot.ts";
import { publishChangeReport } from "../changes/publish-change-report.ts";
import type { AgentService } from "../service/agent-service.ts";
import { locateRestoreTarget, putBack, type RestoreTarget } from "./restore-target.ts";

/** Why a file that is now binary, not UTF-8 or too large is left. */
const CURRENT_OPAQUE_REASON =
  "it is now binary, not UTF-8 text or larger than 1 MiB, so it cannot be told from a file of your own; it was left as it is";
/** Why an opaque baseline cannot be put back. */
const OPAQUE_REASON =
  "its content was not kept: it was binary, not UTF-8 text or larger than 1 MiB when the agent first changed it";

/** One file of a rewind: what it held before the runs, what they left, where it is and what it holds now. */
interface FilePlan {
  file: RewindFile;
  before: FileSnapshot;
  target: RestoreTarget | undefined;
}

/**
 * `POST /api/sessions/:session_id/rewind`: puts every file the named run and the session's later runs changed
 * back as it was before that run (each file's baseline from the earliest of those runs that touched it).
 * Refused while an agent of the session is busy; its agents start no run until the files are back. A real
 * rewind publishes what it changed as a change report marked `rewind`, so every client shows it.
 */
export async function rewindFiles(
  agents: AgentService,
  sessionId: string,
  request: RewindRequest,
): Promise<RewindResponse> {
  const context = agents.context;
  const { store } = context;
  if (store.sessions.get(sessionId) === undefined) throw ApiError.notFound("session", sessionId);
  const run = store.runs.get(request.run_id);
  if (run === undefined) throw ApiError.notFound("run", request.run_id);
  if (run.session_id !== sessionId) {
    const message = `run ${JSON.stringify(run.id)} is not a run of session ${JSON.stringify(sessionId)}`;
    throw new ApiError("invalid_request", `body.run_id: ${message}`, {
      issues: [{ path: "body.run_id", message }],
    });
  }
  const runs = store.runs.listBySession(sessionId);
  const from = runs.slice(runs.findIndex((each) => each.id === run.id));
  const running = runs.find((each) => each.status === "running");
  const release =
    running === undefined
      ? agents.holdSession(sessionId, [...new Set(runs.map((each) => each.agent_id))])
      : undefined;
  if (release === undefined) {
    throw new ApiError(
      "conflict",
      running === undefined
        ? "an agent of this session is busy (waiting for an answer, or its files are being rewound); rewind once it is idle"
        : `run ${running.id} of this session is running; rewind once it has ended, or stop it first`,
    );
  }
  try {
    const plans = await planRewind(
      context.projectRoot,
      from.map((each) => store.changeBaselines.list(each.id)),
    );
    const response = { session_id: sessionId, run_id: run.id, dry_run: request.dry_run };
    if (request.dry_run) return { ...response, files: plans.map((plan) => plan.file) };
    const changes = await applyRewind(context.projectRoot, plans);
    const notRestored: NotRestoredFile[] = plans
      .filter((plan) => plan.file.outcome === "not_restorable")
      .map((plan) => ({ path: plan.file.path, reason: plan.file.reason ?? "" }));
    if (changes.length === 0 && notRestored.length === 0)
      return { ...response, files: plans.map((plan) => plan.file) };
    const scope = { sessionId, agentId: run.agent_id, runId: null };
    const rewind = { run_id: run.id, ...(notRestored.length > 0 && { not_restored: notRestored }) };
    const report = await describeChangesOffLoop(changes);
    const messageId = store.transaction(() => publishChangeReport(context, scope, report, { rewind }));
    context.bus.flush();
    return { ...response, files: plans.map((plan) => plan.file), message_id: messageId };
  } finally {
    release();
  }
}

/** Each file's earliest baseline and latest end state across the runs, and what putting it back does. */
async function planRewind(
  projectRoot: string,
  checkpointsByRun: readonly { path: string; before: FileSnapshot; after?: FileSnapshot }[][],
): Promise<FilePlan[]> {
  const files = new Map<string, { before: FileSnapshot; after: FileSnapshot | undefined }>();
  for (const checkpoints of checkpointsByRun) {
    for (const { path, before, after } of checkpoints) {
      const seen = files.get(path);
      if (seen === undefined) files.set(path, { before, after });
      else seen.after = after;
    }
  }
  const plans: FilePlan[] = [];
  for (const [path, { before, after }] of files) {
    if (before.kind === "opaque") {
      plans.push({
        file: { path, outcome: "not_restorable", reason: OPAQUE_REASON },
        before,
        target: undefined,
      });
      continue;
    }
    const target = await locateRestoreTarget(projectRoot, path);
    if (target.kind === "refused") {
      plans.push({ file: { path, outcome: "not_restorable", reason: target.reason }, before, target });
      continue;
    }
    const { current } = target;
    // What is there now cannot be compared or told apart from the person's own (a large or binary file put
    // in its place): it is left, as parley run's checkpoints leave it.
    if (current.kind === "opaque") {
      plans.push({
        file: { path, outcome: "not_restorable", reason: CURRENT_OPAQUE_REASON },
        before,
        target,
      });
      continue;
    }
    const file: RewindFile = { path, outcome: "unchanged" };
    if (!sameSnapshot(current, before)) {
      const { additions, deletions } = await describeChangeOffLoop(path, current, before);
      file.outcome = before.kind === "absent" ? "deleted" : "restored";
      if (additions !== undefined) file.additions = additions;
      if (deletions !== undefined) file.deletions = deletions;
    }
    // Known only when the runs' end state was kept and both contents can be compared.
    if (after !== undefined && after.kind !== "opaque")
      file.changed_since_agent = !sameSnapshot(current, after);
    plans.push({ file, before, target });
  }
  return plans;
}

/**
 * Writes and deletes what the plans say; a file that cannot be put back becomes `not_restorable`, and so
 * does one that changed since it was planned (the person saved it meanwhile): what they wrote is kept.
 */
async function applyRewind(projectRoot: string, plans: readonly FilePlan[]): Promise<FileChange[]> {
  const changes: FileChange[] = [];
  for (const plan of plans) {
    const { file, target } = plan;
    if (target?.kind !== "writable" || (file.outcome !== "restored" && file.outcome !== "deleted")) continue;
    try {
      // Read again just before writing: planning diffed every file, which takes a while.
      const now = await locateRestoreTarget(projectRoot, file.path);
      if (now.kind !== "writable" || !sameSnapshot(now.current, target.current))
        throw new Error(`${file.path} changed while the rewind was being prepared; it was left as it is.`);
      await putBack(now.confined, file.path, plan.before);
      changes.push([file.path, { before: target.current, after: plan.before }]);
    } catch (error) {
      file.outcome = "not_restorable";
      file.reason = error instanceof Error ? error.message : String(error);
      delete file.additions;
      delete file.deletions;
    }
  }
  return changes;
}
