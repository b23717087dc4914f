import { messageOf } from "../cli-adapter.ts";

/** A JSON-RPC error with what its `data` says (agents put the cause there: "Internal error" alone says little). */
export function acpErrorText(failure: unknown): string {
  const data = (failure as { data?: unknown }).data;
  const details = typeof data === "string" ? data : data === undefined ? "" : JSON.stringify(data);
  const text = messageOf(failure);
  return details && !text.includes(details) ? `${text}: ${details.slice(0, 2000)}` : text;
}
