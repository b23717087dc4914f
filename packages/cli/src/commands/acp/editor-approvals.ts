import type { AgentContext, PermissionOption, SessionUpdate } from "@agentclientprotocol/sdk";
import { type AskForPermission, describeRule } from "@parley/engine";

/**
 * Parley's approval as ACP's `session/request_permission`: every call the permission policy would ask a
 * person about is asked of the editor, with "Allow", "Reject" and, where Parley has a rule to offer,
 * "Always allow <rule>" (the answer adds the rule, so the next such call runs unasked). A cancelled turn
 * or a dismissed prompt is a rejection.
 */
export function editorApprovals(options: {
  client: AgentContext;
  sessionId: string;
  /** Tells the editor the call now runs (or will not), right after its answer. */
  update(update: SessionUpdate): Promise<void>;
}): AskForPermission {
  return async (prompt) => {
    const always = prompt.suggestedRule ? describeRule(prompt.suggestedRule) : undefined;
    const choices: PermissionOption[] = [
      { optionId: "allow", name: "Allow", kind: "allow_once" },
      ...(always
        ? [{ optionId: "always", name: `Always allow ${always}`, kind: "allow_always" as const }]
        : []),
      { optionId: "reject", name: "Reject", kind: "reject_once" },
    ];
    const answer = await options.client
      .request(
        "session/request_permission",
        {
          sessionId: options.sessionId,
          toolCall: { toolCallId: prompt.toolUseId, title: `${prompt.toolName}: ${prompt.reason}` },
          options: choices,
        },
        { cancellationSignal: prompt.signal },
      )
      .catch(() => ({ outcome: { outcome: "cancelled" as const } }));
    const chosen = answer.outcome.outcome === "selected" ? answer.outcome.optionId : undefined;
    if (chosen === "allow" || (chosen === "always" && always)) {
      await options.update({
        sessionUpdate: "tool_call_update",
        toolCallId: prompt.toolUseId,
        status: "in_progress",
      });
      return {
        behavior: "allow",
        toolUseID: prompt.toolUseId,
        ...(chosen === "always" && { updatedPermissions: prompt.suggestions }),
      };
    }
    return {
      behavior: "deny",
      toolUseID: prompt.toolUseId,
      message:
        chosen === undefined
          ? `The user did not answer the request to use ${prompt.toolName}, so it did not run.`
          : `The user rejected ${prompt.toolName}, so it did not run.`,
    };
  };
}
