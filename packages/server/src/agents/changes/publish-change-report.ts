import type { ChangeReportBlock, RewindMark } from "@parley/protocol";
import type { EventBus } from "../../bus/event-bus.ts";
import type { MessagePublisher, MessageScope } from "../context/message-publisher.ts";
import type { ChangeReport } from "./describe-changes.ts";

/**
 * Inside a unit of work: keeps a run's change report as a chat message whose text is seed 002's
 * `change_report` special block (role `system`: Parley wrote it, not the agent), and publishes the
 * ChangeReport event that names that message. A rewind's report carries `rewind` and no run.
 */
export function publishChangeReport(
  context: { bus: EventBus; publisher: MessagePublisher; projectRoot: string },
  scope: MessageScope,
  report: ChangeReport,
  options: { rewind?: RewindMark } = {},
): string {
  const count = report.files.length + report.truncated_count;
  const files = `${count} file${count === 1 ? "" : "s"}`;
  const block: ChangeReportBlock = {
    type: "change_report",
    files: report.files,
    truncated_count: report.truncated_count,
    summary: options.rewind === undefined ? `${files} changed` : `${files} rewound`,
    ...(scope.runId !== null && { run_id: scope.runId }),
    ...(options.rewind !== undefined && { rewind: options.rewind }),
  };
  const text = JSON.stringify(block);
  const messageId = context.publisher.append(scope, "system", { kind: "Text", data: { text } }, text);
  context.bus.publish({
    type: "ChangeReport",
    agent_id: scope.agentId,
    files: report.files,
    truncated_count: report.truncated_count,
    message_id: messageId,
    ...(scope.runId !== null && { run_id: scope.runId }),
    ...(options.rewind !== undefined && { rewind: options.rewind }),
    session_id: scope.sessionId,
    project_root: context.projectRoot,
  });
  return messageId;
}
