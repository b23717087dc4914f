import type {
  PermissionOption,
  RequestPermissionRequest,
  RequestPermissionResponse,
} from "@agentclientprotocol/sdk";
import type { AgentInteraction, AgentPermissionAnswer } from "../agent-cli.ts";
import type { AcpUpdateReader } from "./acp-update-reader.ts";

/** An answer the agent did not offer is given as the nearest one it did, never as a wider permission. */
const NEAREST: Record<Exclude<AgentPermissionAnswer, "cancelled">, PermissionOption["kind"][]> = {
  allow_once: ["allow_once"],
  allow_always: ["allow_always", "allow_once"],
  reject_once: ["reject_once", "reject_always"],
  reject_always: ["reject_always", "reject_once"],
};

/**
 * Answers an ACP agent's `session/request_permission` with the person's decision: asked through
 * `interaction` (refused when there is none), given as the option the agent offered for it, or `cancelled`
 * when the turn stopped first (ACP requires that answer once the client cancelled).
 */
export async function answerPermission(
  request: RequestPermissionRequest,
  reader: AcpUpdateReader,
  interaction: AgentInteraction | undefined,
  signal: AbortSignal,
): Promise<RequestPermissionResponse> {
  const offers = request.options.map((option) => option.kind);
  let answer: AgentPermissionAnswer = "reject_once";
  if (signal.aborted) answer = "cancelled";
  else if (interaction !== undefined) {
    const call = reader.callFacts(request.toolCall);
    answer = await interaction
      .askPermission(
        {
          callId: request.toolCall.toolCallId,
          toolName: call.name,
          kind: request.toolCall.kind ?? "other",
          title: call.title,
          input: call.input,
          offers,
        },
        signal,
      )
      .catch((): AgentPermissionAnswer => "cancelled");
  }
  if (answer === "cancelled" || signal.aborted) return { outcome: { outcome: "cancelled" } };
  for (const kind of NEAREST[answer]) {
    const option = request.options.find((candidate) => candidate.kind === kind);
    if (option !== undefined) return { outcome: { outcome: "selected", optionId: option.optionId } };
  }
  return { outcome: { outcome: "cancelled" } };
}
