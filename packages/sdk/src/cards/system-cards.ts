import { type SystemControlData, SystemControlDataSchema } from "@parley/protocol";
import { dataRecord, dropMistyped } from "./card-fields.ts";

/** What a `compact` SystemControl message says about the summary it marks. */
export interface CompactionDetails {
  trigger?: "auto" | "manual";
  pre_tokens?: number;
  post_tokens?: number;
  summarized_messages?: number;
  summary?: string;
}

/** A SystemControl card's data, or undefined when it does not fit the protocol's schema. */
export function readSystemControl(data: unknown): SystemControlData | undefined {
  const parsed = SystemControlDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** The details of a `compact` marker: how big the conversation was before and after, and the summary. */
export function compactionDetails(control: SystemControlData): CompactionDetails {
  const details: Record<string, unknown> = { ...dataRecord(control.details) };
  dropMistyped(details, {
    pre_tokens: "number",
    post_tokens: "number",
    summarized_messages: "number",
    summary: "string",
  });
  if (details.trigger !== "auto" && details.trigger !== "manual") delete details.trigger;
  return details as CompactionDetails;
}

/** A control action in words, for a session marker. */
export const SYSTEM_ACTION_WORDS: Record<SystemControlData["action"], string> = {
  pause: "Paused",
  resume: "Resumed",
  cancel: "Cancelled",
  clear: "The conversation was cleared",
  compact: "Earlier messages were summarized",
  mode_change: "Permission mode changed",
};
