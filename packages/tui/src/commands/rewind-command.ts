import { extractSpecialBlocks } from "@parley/protocol";
import { apiMessage, type ChatMessage, plural, REWIND_OUTCOME_LABELS } from "@parley/sdk";
import type { CommandContext } from "./run-command.ts";

/**
 * `/rewind` lists what putting back the files of the session's last run with a change report would do (a
 * dry run, naming files changed since the agent last did); `/rewind confirm` does it, only for the run just
 * listed (a run that changed files since asks for a new listing). The rewind's own
 * report then shows in the conversation, as in every client.
 */
export async function rewind(typed: string, context: CommandContext): Promise<void> {
  const { store } = context.services;
  const confirm = typed.trim().toLowerCase() === "confirm";
  if (typed.trim() !== "" && !confirm)
    return context.notify("/rewind lists what it would do; /rewind confirm does it.");
  const session = store.getSnapshot().session;
  const runId = lastChangedRun(session?.messages ?? []);
  if (runId === undefined) return context.notify("No run of this session changed a file: nothing to rewind.");
  // Only what was listed is rewound: a run that changed files since, or no listing, asks for one first.
  if (confirm && (previewed?.sessionId !== session?.sessionId || previewed?.runId !== runId))
    return context.notify("/rewind first lists what a rewind would do now; then /rewind confirm does it.");
  previewed = confirm ? undefined : { sessionId: session?.sessionId, runId };
  try {
    const answer = await store.rewindFiles(runId, { dryRun: !confirm });
    const files = answer.files.map(
      (file) =>
        `${REWIND_OUTCOME_LABELS[file.outcome]} ${file.path}${file.reason ? ` (${file.reason})` : ""}`,
    );
    const changing = answer.files.filter((file) => file.outcome === "restored" || file.outcome === "deleted");
    if (confirm) return context.notify(`Rewound ${plural(changing.length, "file")}: ${files.join("; ")}`);
    const since = answer.files.filter((file) => file.changed_since_agent === true).map((file) => file.path);
    const warning =
      since.length === 0 ? "" : ` Changed since the agent last did (lost too): ${since.join(", ")}.`;
    context.notify(
      changing.length === 0
        ? `Nothing to put back: ${files.join("; ") || "no file"}.`
        : `Rewinding to before the last run: ${files.join("; ")}.${warning} /rewind confirm does it.`,
    );
  } catch (error) {
    context.notify(`Could not rewind: ${apiMessage(error)}`);
  }
}

/** The run `/rewind` last listed, and in which session: the one `/rewind confirm` may rewind. */
let previewed: { sessionId: string | undefined; runId: string } | undefined;

/** The run of the newest change report (not a rewind's) in the conversation. */
function lastChangedRun(messages: readonly ChatMessage[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const segments = messages[index]?.segments ?? [];
    for (let segment = segments.length - 1; segment >= 0; segment--) {
      const text = segments[segment]?.text ?? "";
      if (!text.includes('"change_report"')) continue;
      for (const part of extractSpecialBlocks(text).reverse()) {
        if (part.kind === "block" && part.block.type === "change_report" && part.block.rewind === undefined)
          if (part.block.run_id !== undefined) return part.block.run_id;
      }
    }
  }
  return undefined;
}
