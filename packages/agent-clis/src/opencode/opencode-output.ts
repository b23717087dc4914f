import type { AgentInfo, HistoryMessage, SessionInfo } from "@parley/protocol";
import { asNumber, asRecord, asRecords, asString, type JsonRecord } from "../json-line.ts";

/**
 * The history in `opencode export <id>` (`{info, messages: [{info, parts}]}`): text parts as text, tool parts
 * as a `tool_use` (the input) followed by a `tool` (the output); reasoning and step markers are left out.
 */
export function parseOpenCodeExport(exported: unknown): HistoryMessage[] {
  return asRecords(asRecord(exported)?.messages).flatMap((message) => {
    const info = asRecord(message.info) ?? {};
    const role = info.role === "user" ? "user" : "assistant";
    const messageId = asString(info.id) ?? null;
    const created = asNumber(asRecord(info.time)?.created) ?? null;
    return asRecords(message.parts).flatMap((part): HistoryMessage[] => {
      const timestamp = asNumber(asRecord(part.time)?.start) ?? created;
      const partId = asString(part.id) ?? null;
      const base = { message_id: messageId, timestamp, part_id: partId };
      if (part.type === "text" && part.synthetic !== true) {
        return [{ ...base, role, content_type: "text", content: asString(part.text) ?? "" }];
      }
      if (part.type === "tool") return toolMessages(part, base);
      return [];
    });
  });
}

function toolMessages(
  part: JsonRecord,
  base: { message_id: string | null; timestamp: number | null; part_id: string | null },
): HistoryMessage[] {
  const state = asRecord(part.state) ?? {};
  const callId = asString(part.callID) ?? null;
  const call: HistoryMessage = {
    ...base,
    role: "assistant",
    content_type: "tool_use",
    content: JSON.stringify({ name: part.tool, input: state.input ?? null }),
    call_id: callId,
  };
  const output = asString(state.output) ?? asString(state.error);
  if (output === undefined) return [call];
  return [call, { ...base, role: "assistant", content_type: "tool", content: output, call_id: callId }];
}

/** `opencode session list --format json` (`[{id, title, updated, directory}]`), for `cwd` when given. */
export function parseOpenCodeSessionList(listed: unknown, cwd?: string): SessionInfo[] {
  return asRecords(listed)
    .filter((session) => cwd === undefined || session.directory === undefined || session.directory === cwd)
    .map((session) => {
      const updated = asNumber(session.updated);
      return {
        session_id: asString(session.id) ?? "",
        title: asString(session.title) ?? "",
        updated: updated === undefined ? "" : new Date(updated).toISOString(),
      };
    });
}

/**
 * `opencode agent list`, which prints text only: a `name (mode)` line per agent, each followed by its
 * permission rules as pretty-printed JSON. The rules become the agent's details.
 */
export function parseOpenCodeAgentList(text: string): AgentInfo[] {
  const agents: AgentInfo[] = [];
  for (const line of text.split("\n")) {
    const heading = /^(\S+) \(([\w-]+)\)$/.exec(line.trimEnd());
    if (heading?.[1] && heading[2]) {
      agents.push({ name: heading[1], agent_type: heading[2], details: [] });
      continue;
    }
    const permission = /"permission":\s*"([^"]+)"/.exec(line)?.[1];
    const current = agents.at(-1);
    if (permission && current && !current.details.includes(permission)) current.details.push(permission);
  }
  return agents;
}
