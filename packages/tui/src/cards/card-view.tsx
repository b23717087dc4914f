import { isRichMessageKind, MCPResourceDataSchema, type SpecialBlock } from "@parley/protocol";
import {
  dataRecord,
  type MessageCard,
  readPlanCard,
  readProjectStructure,
  readQuestionCard,
  readSystemControl,
  readToolResult,
  readWorkflowExecution,
  safeText,
} from "@parley/sdk";
import { Box, Text } from "ink";
import { MarkdownText } from "../markdown/markdown-text.tsx";
import { COLLAPSED_LINES, useDisplay } from "../theme/display.ts";
import { useTheme } from "../theme/theme.ts";
import { ChangeReportView } from "./change-report-view.tsx";
import { CollapsedText } from "./collapsed-text.tsx";
import { FinalizeTaskView } from "./finalize-task-view.tsx";
import { PlanView } from "./plan-view.tsx";
import { ProjectStructureView } from "./project-structure-view.tsx";
import { QuestionView } from "./question-view.tsx";
import { SystemNoticeView } from "./system-notice-view.tsx";
import { ToolResultView } from "./tool-result-view.tsx";
import { WorkflowView } from "./workflow-view.tsx";

/**
 * A typed card in the transcript, by kind: tool result, plan, question, workflow, project structure, MCP
 * resource, session marker or text. A kind this version does not know, or data that does not fit its
 * kind, shows as text with a note.
 */
export function CardView({ card, live = false }: { card: MessageCard; live?: boolean }) {
  const { kind, data } = card.rich;
  switch (kind) {
    case "ToolResult":
    case "MCPToolResult": {
      const result = readToolResult(data);
      if (result === undefined) return <UnreadableCard card={card} />;
      return (
        <Box flexDirection="column">
          <Text bold>{safeText(result.headline ?? result.tool_name)}</Text>
          <ToolResultView result={result} maxLines={COLLAPSED_LINES} />
        </Box>
      );
    }
    case "Plan": {
      const plan = readPlanCard(data);
      return plan === undefined ? <UnreadableCard card={card} /> : <PlanView plan={plan} />;
    }
    case "Question": {
      const question = readQuestionCard(data);
      return question === undefined ? <UnreadableCard card={card} /> : <QuestionView question={question} />;
    }
    case "WorkflowExecution": {
      const execution = readWorkflowExecution(data);
      return execution === undefined ? (
        <UnreadableCard card={card} />
      ) : (
        <WorkflowView execution={execution} live={live} />
      );
    }
    case "ProjectStructure": {
      const structure = readProjectStructure(data);
      return structure === undefined ? (
        <UnreadableCard card={card} />
      ) : (
        <ProjectStructureView structure={structure} />
      );
    }
    case "SystemControl": {
      const control = readSystemControl(data);
      return control === undefined ? <UnreadableCard card={card} /> : <SystemNoticeView control={control} />;
    }
    case "MCPResource":
      return <McpResourceView card={card} />;
    case "Text":
      return <TextCard card={card} />;
    default:
      if (!isRichMessageKind(kind)) return <UnreadableCard card={card} />;
      return <OtherCard card={card} />;
  }
}

/** A special block found in message text (seed 002), with the view for its `type`. */
export function SpecialBlockView({ block }: { block: SpecialBlock }) {
  switch (block.type) {
    case "plan": {
      const plan = readPlanCard(block);
      return plan === undefined ? null : <PlanView plan={plan} />;
    }
    case "finalize_task":
      return <FinalizeTaskView block={block} />;
    case "change_report":
      return <ChangeReportView block={block} />;
    case "ask_user": {
      const question = readQuestionCard(block);
      return question === undefined ? null : <QuestionView question={question} />;
    }
  }
}

function TextCard({ card, note }: { card: MessageCard; note?: string | undefined }) {
  const data = dataRecord(card.rich.data);
  const text = typeof data.text === "string" ? data.text : JSON.stringify(card.rich.data ?? null, null, 2);
  const unknown = card.unknownKind ?? note;
  return (
    <Box flexDirection="column">
      {unknown !== undefined && (
        <Text
          dimColor
        >{`Shown as text: this version of Parley has no card for “${safeText(unknown)}”.`}</Text>
      )}
      <MarkdownText text={text} />
    </Box>
  );
}

function UnreadableCard({ card }: { card: MessageCard }) {
  return <TextCard card={card} note={isRichMessageKind(card.rich.kind) ? undefined : card.rich.kind} />;
}

/** A resource an MCP server gave the agent: server, URI, type and its text; binary content only named. */
function McpResourceView({ card }: { card: MessageCard }) {
  const theme = useTheme();
  const { expandTools } = useDisplay();
  const parsed = MCPResourceDataSchema.safeParse(card.rich.data);
  if (!parsed.success) return <UnreadableCard card={card} />;
  const resource = parsed.data;
  return (
    <Box flexDirection="column">
      <Text>
        <Text color={theme.accent}>{`[${safeText(resource.server_name)}] `}</Text>
        <Text bold>{safeText(resource.uri)}</Text>
        {resource.mime_type !== undefined && <Text dimColor>{` ${safeText(resource.mime_type)}`}</Text>}
      </Text>
      {resource.description !== undefined && <Text dimColor>{safeText(resource.description)}</Text>}
      {resource.text !== undefined ? (
        <CollapsedText text={resource.text} maxLines={expandTools ? undefined : COLLAPSED_LINES} />
      ) : (
        <Text dimColor>
          {resource.blob !== undefined
            ? `Binary content, ${Math.floor((resource.blob.length * 3) / 4)} bytes`
            : "The server sent no content for this resource."}
        </Text>
      )}
    </Box>
  );
}

/** A known kind with no terminal card of its own (an image, a file reference): its kind and a summary. */
function OtherCard({ card }: { card: MessageCard }) {
  const data = dataRecord(card.rich.data);
  const summary = ["text", "question", "goal", "summary", "tool_name", "name", "message", "path", "url"]
    .map((field) => data[field])
    .find((value): value is string => typeof value === "string" && value !== "");
  return (
    <Text>
      <Text bold>{card.rich.kind}</Text>
      {summary !== undefined && <Text dimColor>{` ${safeText(summary.slice(0, 280))}`}</Text>}
    </Text>
  );
}
