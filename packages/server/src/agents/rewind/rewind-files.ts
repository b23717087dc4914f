import {
  type CurrentFile,
  countChangedLines,
  type KeptSnapshot,
  readCurrentFile,
  restoreFile,
  sameSnapshot,
} from "@parley/engine";
import type { NotRestoredFile, RewindFile, RewindRequest, RewindResponse } from "@parley/protocol";
import { ApiError } from "../../http/api-error.ts";
import { describeChangesOffLoop, type FileChange } from "../changes/describe-changes.ts";
import { publishChangeReport } from "../changes/publish-change-report.ts";
import type { AgentService } from "../service/agent-service.ts";

/** Why a file that is now binary, not UTF-8 or too large is left. */
const CURRENT_OPAQUE_REASON =
  "it is now binary, not UTF-8 text or larger than 1 MiB, so it cannot be told from a file of your own; it was left as it is";
/** Why an opaque baseline cannot be put back. */
const OPAQUE_REASON =
  "its content was not kept: it was binary, not UTF-8 text or larger than 1 MiB when the agent first changed it";

/** One file of a rewind: what it held before the runs, and where it is and what it holds now when writable. */
interface FilePlan {
  file: RewindFile;
  before: KeptSnapshot;
  current?: CurrentFile;
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
  checkpointsByRun: readonly { path: string; before: KeptSnapshot; after?: KeptSnapshot }[][],
): Promise<FilePlan[]> {
  const files = new Map<string, { before: KeptSnapshot; after: KeptSnapshot | undefined }>();
  for (const checkpoints of checkpointsByRun) {
    for (const { path, before, after } of checkpoints) {
      const seen = files.get(path);
      if (seen === undefined) files.set(path, { before, after });
      else seen.after = after;
    }
  }
  const plans: FilePlan[] = [];
  const notRestorable = (path: string, before: KeptSnapshot, reason: string) =>
    plans.push({ file: { path, outcome: "not_restorable", reason }, before });
  for (const [path, { before, after }] of files) {
    if (before.kind === "opaque") {
      notRestorable(path, before, OPAQUE_REASON);
      continue;
    }
    // Confined again as the file tools confine what they write: a path that now leaves the project through
    // a symlink, or names a FIFO or a device, is refused.
    const current = await readCurrentFile({ projectRoot }, path).catch((error: unknown) =>
      error instanceof Error ? error.message : String(error),
    );
    if (typeof current === "string") notRestorable(path, before, current);
    // A rewind puts back the file itself only, not another file of the project a symlink now leads to.
    else if (current.confined.relative !== path) {
      const reason = `it now leads to ${current.confined.relative} through a symlink; only the file itself is put back`;
      notRestorable(path, before, reason);
    } else if (current.confined.kind === "directory") notRestorable(path, before, "it is a directory now");
    // What is there now cannot be compared or told apart from the person's own (a large or binary file put
    // in its place): it is left, as parley run's checkpoints leave it.
    else if (current.content.kind === "opaque") notRestorable(path, before, CURRENT_OPAQUE_REASON);
    else {
      const file: RewindFile = { path, outcome: "unchanged" };
      if (!sameSnapshot(current.content, before)) {
        const { insertions, deletions } = countChangedLines(textOf(current.content), textOf(before));
        file.outcome = before.kind === "absent" ? "deleted" : "restored";
        file.additions = insertions;
        file.deletions = deletions;
      }
      // Known only when the runs' end state was kept and both contents can be compared.
      if (after !== undefined && after.kind !== "opaque")
        file.changed_since_agent = !sameSnapshot(current.content, after);
      plans.push({ file, before, current });
    }
  }
  return plans;
}

function textOf(snapshot: KeptSnapshot): string {
  return snapshot.kind === "text" ? snapshot.text : "";
}

/**
 * Writes and deletes what the plans say; a file that cannot be put back becomes `not_restorable`, and so
 * does one that changed since it was planned (the person saved it meanwhile): what they wrote is kept.
 */
async function applyRewind(projectRoot: string, plans: readonly FilePlan[]): Promise<FileChange[]> {
  const changes: FileChange[] = [];
  for (const { file, before, current } of plans) {
    if (current === undefined || before.kind === "opaque" || file.outcome === "unchanged") continue;
    try {
      // Read again just before writing: what the person saved since the plan is kept.
      await restoreFile({ projectRoot }, file.path, before, current);
      changes.push([file.path, { before: current.content, after: before }]);
    } catch (error) {
      file.outcome = "not_restorable";
      file.reason = error instanceof Error ? error.message : String(error);
      delete file.additions;
      delete file.deletions;
    }
  }
  return changes;
}
