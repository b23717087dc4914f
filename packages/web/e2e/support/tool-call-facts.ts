import type { ServerEventLog } from "./server-event-log.ts";

/** The tool call (`tool_use_id`) an approval stands for, as the server announced its card. */
export async function toolUseIdOfApproval(events: ServerEventLog, approvalId: string): Promise<string> {
  const { data } = await events.waitForRich("ToolRequest", (data) => data.approval_id === approvalId);
  return String(data.tool_use_id);
}

/**
 * How many results the server recorded for one tool call from event `since` on (the fake model's tool call
 * ids restart with every test, so count only this test's events): a call that ran, or was refused, once has
 * exactly one, however often its card was re-announced.
 */
export function resultsRecorded(events: ServerEventLog, toolUseId: string, since: number): number {
  const results = events
    .richMessages("ToolResult", since)
    .filter(({ data }) => data.tool_use_id === toolUseId);
  return new Set(results.map(({ event }) => event.message_id)).size;
}
