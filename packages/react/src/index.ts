// Parley's chat for React apps. The hooks read the sdk's chat store through a provider; the cards are the
// web UI's own (approvals, questions, plans, tool calls and results, MCP calls), styled by `cards.css` and
// `mcp-cards.css` (import `@parley/react/cards.css` and `@parley/react/mcp-cards.css`).

export { apiMessage } from "./api-message.ts";
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
export { ToolParameters } from "./cards/tool-parameters.tsx";
export { ToolResultView } from "./cards/tool-result-view.tsx";
export { ChatStoreProvider, useChatActions, useChatStore } from "./chat-store-context.tsx";
export { MarkdownContent } from "./markdown/markdown-content.tsx";
export { RemoteImage } from "./markdown/remote-image.tsx";
export { ParleyChatProvider } from "./parley-chat-provider.tsx";
export { ProjectStructureCard } from "./project-structure/project-structure-card.tsx";
export { type ChatMessagesView, type ChatStatus, useChatMessages } from "./use-chat-messages.ts";
export { useLoadWhen } from "./use-load-when.ts";
export { type SessionView, useSession } from "./use-session.ts";
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
