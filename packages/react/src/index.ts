// Parley's chat for React apps. The hooks read the sdk's chat store through a provider; the message list,
// the message box and the cards are the web UI's own (messages as they stream, approvals, questions, plans,
// tool calls and results, MCP calls), styled by the package's stylesheets (`@parley/react/base.css`,
// `chat.css`, `composer.css`, `cards.css`, `mcp-cards.css`, …; see the README).

// What the server said went wrong, for a message next to a button (the sdk's, offered here too).
export { apiMessage } from "@parley/sdk";
export { ApprovalActions } from "./cards/approval-actions.tsx";
export { ApprovalCard } from "./cards/approval-card.tsx";
export { type CardWarn, CardWarningProvider, useCardWarning } from "./cards/card-warnings.tsx";
export { CollapsibleText } from "./cards/collapsible-text.tsx";
export { executePlanStepByStep } from "./cards/execute-plan-step-by-step.ts";
export { InputEditor } from "./cards/input-editor.tsx";
export { McpCallHeader } from "./cards/mcp-call-header.tsx";
export { McpResourceCard } from "./cards/mcp-resource-card.tsx";
export { PlanActions } from "./cards/plan-actions.tsx";
export { PlanCardView } from "./cards/plan-card.tsx";
export { QuestionCardView } from "./cards/question-card.tsx";
export { QuestionItem } from "./cards/question-item.tsx";
export { SystemNotice } from "./cards/system-notice.tsx";
export { TextCard } from "./cards/text-card.tsx";
export { ToolParameters } from "./cards/tool-parameters.tsx";
export { ToolResultView } from "./cards/tool-result-view.tsx";
export { AgentMessage } from "./chat/agent-message.tsx";
export { MessageList } from "./chat/message-list.tsx";
export { MessageRow } from "./chat/message-row.tsx";
export { UserMessage } from "./chat/user-message.tsx";
export { ChatStoreProvider, useChatActions, useChatStore } from "./chat-store-context.tsx";
export { Composer, type ComposerProps } from "./composer/composer.tsx";
export { QueueList } from "./composer/queue-list.tsx";
export {
  PendingAttachments,
  type StructureLoader,
  useStructureAttachments,
} from "./composer/structure-attachments.tsx";
export { CloseIcon, GearIcon, MenuIcon, MoonIcon, PencilIcon, SunIcon, TrashIcon } from "./icons.tsx";
export { MarkdownContent } from "./markdown/markdown-content.tsx";
export { RemoteImage } from "./markdown/remote-image.tsx";
export { ParleyChatProvider } from "./parley-chat-provider.tsx";
export { ProjectStructureCard } from "./project-structure/project-structure-card.tsx";
export { type ChatMessagesView, type ChatStatus, useChatMessages } from "./use-chat-messages.ts";
export { useLoadWhen } from "./use-load-when.ts";
export { type SessionView, useSession } from "./use-session.ts";
export {
  agentCliOf,
  type SessionAgentCli,
  useActiveSessionSummary,
  useSessionAgentCli,
} from "./use-session-agent-cli.ts";
export {
  foldWorkflowMessages,
  type WorkflowStepMessages,
  waitsForApproval,
} from "./workflows/fold-workflow-messages.ts";
export { type LiveWorkflow, useChatWorkflows } from "./workflows/use-chat-workflows.ts";
export { WorkflowButtons } from "./workflows/workflow-buttons.tsx";
export { WorkflowCard, WorkflowProgressBar } from "./workflows/workflow-card.tsx";
export {
  useWorkflowFold,
  type WorkflowFold,
  WorkflowFoldContext,
} from "./workflows/workflow-fold-context.ts";
export { WorkflowProgressStrip } from "./workflows/workflow-progress-strip.tsx";
