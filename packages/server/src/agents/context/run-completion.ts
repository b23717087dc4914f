import type { Store } from "../../store/store.ts";

/** How a finished run ended, for callers waiting on it (seed 003's send-and-wait). */
export interface RunCompletion {
  runId: string;
  status: "completed" | "failed" | "cancelled" | "interrupted";
  texts: { text: string; timestampMs: number; id: string }[];
  error?: string;
}

/** How a stored run ended, with the assistant texts it produced (its subagents' texts are not its own). */
export function completionOf(store: Store, runId: string): RunCompletion {
  const run = store.runs.get(runId);
  const texts = store.messages
    .byRun(runId)
    .filter((message) => message.role === "assistant" && message.rich.kind === "Text")
    .map((message) => ({
      id: message.id,
      text: String((message.rich.data as { text?: unknown }).text ?? ""),
      timestampMs: message.created_at_ms,
    }));
  const status = run?.status === "running" || run === undefined ? "failed" : run.status;
  return { runId, status, texts, ...(run?.error && { error: run.error }) };
}
