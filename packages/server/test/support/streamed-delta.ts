import { type TokenEvent, uiSseFrameText, uiSseTokenFrameParts } from "@parley/protocol";
import type { EventToAppend } from "../../src/store/event-log.ts";

/**
 * A streamed token delta of session ses_1's run run_1 as the bus appends it, in parts (what the deltas of a
 * stream published together share, and its own), with `uiSseFrameText`'s frame beside them to check against.
 */
export function streamedDelta(
  text: string,
  fields: Partial<TokenEvent> = {},
): EventToAppend & { frame: (seq: number) => string } {
  const event: TokenEvent = {
    type: "Token",
    agent_id: "main",
    token: text,
    done: false,
    thinking: false,
    session_id: "ses_1",
    run_id: "run_1",
    message_id: "run_1.0",
    ...fields,
  };
  const envelope = { rev: 2, ts_ms: 1 };
  return {
    sessionId: "ses_1",
    runId: "run_1",
    tsMs: 1,
    isToken: true,
    frame: (seq) => uiSseFrameText(event, { seq, ...envelope }),
    tokenParts: uiSseTokenFrameParts(event, envelope),
  };
}
