import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import { IdSchema } from "@parley/protocol";
import { z } from "zod";

/**
 * What `POST /api/ag-ui` accepts: AG-UI's `RunAgentInput` (checked with @ag-ui/core's own schema), whose
 * `threadId` names the Parley session (a new one is made under that id) and whose last user message is what
 * the agent is told. Parley keeps the conversation itself, so earlier messages are not sent again to it.
 */
export const AgUiRunInputSchema = RunAgentInputSchema.extend({
  threadId: IdSchema,
  runId: z.string().min(1).max(128),
}).superRefine((input, issues) => {
  // A stream resumed or connected to shows a run already going: it tells the agent nothing new.
  const parley = (
    input.forwardedProps as { parley?: { connect?: unknown; last_event_id?: unknown } } | undefined
  )?.parley;
  if (parley?.connect === true || typeof parley?.last_event_id === "string") return;
  if (lastUserText(input.messages) === "") {
    issues.addIssue({ code: "custom", path: ["messages"], message: "needs a user message with text" });
  }
});
export type AgUiRunInput = z.infer<typeof AgUiRunInputSchema>;

/** The text of the last user message (its text parts joined), or "" when there is none. */
export function lastUserText(messages: readonly { role: string; content?: unknown }[]): string {
  const last = [...messages].reverse().find((message) => message.role === "user");
  if (last === undefined) return "";
  if (typeof last.content === "string") return last.content.trim();
  if (!Array.isArray(last.content)) return "";
  return last.content
    .flatMap((part: { type?: unknown; text?: unknown }) =>
      part.type === "text" && typeof part.text === "string" ? [part.text] : [],
    )
    .join("\n")
    .trim();
}
