import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type ApiErrorBody,
  decodeUiSseMessage,
  type SessionState,
  SessionStateSchema,
} from "@parley/protocol";
import type { FixtureFrame } from "./server-fixture.ts";

/** What `record-interaction-frames.ts` captured from the real server. */
export interface InteractionFixture {
  head: number;
  sessions: Record<"approval" | "plan" | "question" | "subagent" | "compaction", string>;
  runs: Record<
    "approved" | "rejected" | "proposed" | "executed" | "asked" | "delegated" | "changes" | "compaction",
    string
  >;
  approvals: Record<"write" | "bash", string>;
  /** The 409 body a second answer to the Write approval got. */
  conflict: ApiErrorBody;
  /** The approval session's state while the Write approval waited. */
  approvalPending: unknown;
  /** The subagent session's state while the subagent worked, before it stored anything. */
  subagentRunning: unknown;
  bytes: string;
  states: Record<string, unknown>;
}

export const interactions: InteractionFixture = JSON.parse(
  readFileSync(join(import.meta.dirname, "../fixtures/interaction-frames.json"), "utf8"),
);

/** The logged frames of the recording, in seq order. */
export const interactionFrames: FixtureFrame[] = interactions.bytes
  .split("\n\n")
  .filter((block) => block.startsWith("id: "))
  .map((block) => {
    const data = block.slice(block.indexOf("data: ") + 6);
    const decoded = decodeUiSseMessage(data);
    if (!decoded.success) throw new Error(`fixture frame does not decode: ${data}`);
    return { seq: decoded.value.message.seq, block: `${block}\n\n`, message: decoded.value.message };
  });

/** The frames of one session of the recording. */
export function interactionFramesOf(session: keyof InteractionFixture["sessions"]): FixtureFrame[] {
  const sessionId = interactions.sessions[session];
  return interactionFrames.filter((frame) => frame.message.session_id === sessionId);
}

/** A state snapshot of the recording, decoded: a session's final one, or one taken on the way. */
export function interactionState(
  which: keyof InteractionFixture["sessions"] | "approvalPending" | "subagentRunning",
): SessionState {
  const raw =
    which === "approvalPending" || which === "subagentRunning"
      ? interactions[which]
      : interactions.states[interactions.sessions[which]];
  const decoded = SessionStateSchema.safeParse(raw);
  if (!decoded.success) throw new Error(`fixture state ${which} does not decode`);
  return decoded.data;
}
