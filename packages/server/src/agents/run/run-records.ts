import type { MessageAttachment } from "@parley/protocol";
import type { MessageScope } from "../context/message-publisher.ts";
import type { RunContext } from "../context/run-context.ts";

/** A top-level run as it is recorded when it starts. */
export interface RunStart {
  runId: string;
  sessionId: string;
  agentId: string;
  kind: "turn" | "resume";
  /** The model (or the agent CLI) answering; empty until the engine has resolved it. */
  model: string;
  prompt: string;
  startedAtMs: number;
}

/** Inside a transaction: records a run as started (engine and agent CLI runs alike). */
export function recordRunStart(context: RunContext, run: RunStart): void {
  context.store.runs.start({
    id: run.runId,
    session_id: run.sessionId,
    agent_id: run.agentId,
    parent_run_id: null,
    kind: run.kind,
    model: run.model,
    prompt: run.prompt,
    started_at_ms: run.startedAtMs,
  });
}

/** A person's message to a run: their text, the cards they attached, and their client's id for it. */
export interface UserPrompt {
  text: string;
  attachments?: MessageAttachment[] | undefined;
  clientMessageId?: string | undefined;
}

/**
 * Inside a transaction: stores a person's message to a run and publishes its Message event; the cards
 * they attached are kept with the text, so a reload and a replay show them in the bubble.
 */
export function recordUserMessage(context: RunContext, scope: MessageScope, prompt: UserPrompt): string {
  const attachments = prompt.attachments ?? [];
  return context.publisher.append(
    scope,
    "user",
    { kind: "Text", data: { text: prompt.text, ...(attachments.length > 0 && { attachments }) } },
    prompt.text,
    undefined,
    prompt.clientMessageId,
  );
}
