import { MCPToolRequestDataSchema, type ToolRequestData } from "@parley/protocol";
import {
  type ApprovalAnswer,
  describeRule,
  editableInput,
  type InteractionOutcome,
  mcpServerRule,
  safeText,
  touchesProtectedPath,
  visibleText,
} from "@parley/sdk";
import { Box, Text } from "ink";
import { useState } from "react";
import { ToolParametersView } from "../cards/tool-parameters-view.tsx";
import { type Choice, ChoiceList } from "../input/choice-list.tsx";
import { LineInput } from "../input/line-input.tsx";
import { useDisplay } from "../theme/display.ts";
import { useTheme } from "../theme/theme.ts";
import { JsonInputEditor } from "./json-input-editor.tsx";
import { useAnswer } from "./use-answer.ts";

/** Lines of a tool input shown on the approval before it is cut (all with Ctrl-O). */
const INPUT_LINES = 12;

/**
 * A tool call that asks the person (seed 000's approval card, in the terminal): the tool or MCP server,
 * what it would do, its input (an Edit as a diff), why it asks and a warning for protected paths; then
 * Approve once, Always allow (the rule it saves), Always allow this MCP server, Edit input, or Reject with
 * feedback for the agent.
 */
export function ApprovalPrompt({
  request,
  kind,
  data,
  subagent,
  focused,
  onAnswer,
}: {
  request: ToolRequestData;
  kind: string;
  data: unknown;
  subagent?: string | undefined;
  focused: boolean;
  onAnswer: (answer: ApprovalAnswer) => Promise<InteractionOutcome>;
}) {
  const theme = useTheme();
  const { expandTools } = useDisplay();
  const [mode, setMode] = useState<"choose" | "reject" | "edit">("choose");
  const { sending, failure, conflict, send, clearFailure } = useAnswer();
  const rule = touchesProtectedPath(request) ? undefined : request.suggested_rule;
  const serverRule = rule === undefined ? undefined : mcpServerRule(request.tool_name);
  const mcp = kind === "MCPToolRequest" ? MCPToolRequestDataSchema.safeParse(data) : undefined;
  const choices: Choice[] = [
    { id: "approve", label: "Approve once", hotkey: "y", tone: "primary" },
    ...(rule === undefined
      ? []
      : [{ id: "always", label: `Always allow ${visibleText(describeRule(rule))}`, hotkey: "a" }]),
    ...(serverRule === undefined
      ? []
      : [{ id: "server", label: `Always allow this server (${serverRule})`, hotkey: "s" }]),
    ...(request.input_editable === false ? [] : [{ id: "edit", label: "Edit the input…", hotkey: "e" }]),
    {
      id: "reject",
      label: "Reject…",
      hotkey: "n",
      tone: "danger" as const,
      hint: "tell the agent what to do instead",
    },
  ];
  const pick = (choice: Choice) => {
    if (choice.id === "approve") void send(() => onAnswer({ decision: "approve" }));
    if (choice.id === "always") void send(() => onAnswer({ decision: "approve_always" }));
    if (choice.id === "server")
      void send(() => onAnswer({ decision: "approve_always", alwaysScope: "server" }));
    if (choice.id === "edit") setMode("edit");
    if (choice.id === "reject") setMode("reject");
  };
  const annotations = mcp?.success === true ? mcp.data.annotations : undefined;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.warning} paddingX={1}>
      <Text>
        {mcp?.success === true ? (
          <>
            <Text color={theme.accent}>{`[${safeText(mcp.data.server_name)}] `}</Text>
            <Text bold>{safeText(mcp.data.title ?? mcp.data.tool_name)}</Text>
            {annotations?.readOnlyHint === true && <Text color={theme.success}> read-only</Text>}
            {annotations?.destructiveHint === true && annotations.readOnlyHint !== true && (
              <Text color={theme.danger}> destructive</Text>
            )}
            {annotations?.openWorldHint === true && <Text dimColor> reaches outside</Text>}
          </>
        ) : (
          <>
            <Text color={theme.accent}>{`[${safeText(request.tool_name)}] `}</Text>
            <Text bold>{safeText(request.headline ?? request.description ?? request.tool_name)}</Text>
          </>
        )}
        <Text color={theme.warning}> · needs your approval</Text>
        {subagent !== undefined && <Text dimColor>{` · asked by the subagent “${safeText(subagent)}”`}</Text>}
      </Text>
      {mcp?.success === true && mcp.data.description !== undefined && (
        <Text dimColor>{safeText(mcp.data.description)}</Text>
      )}
      {touchesProtectedPath(request) && (
        <Text color={theme.danger}>
          {`⚠ This call changes ${request.blocked_path === undefined ? "a protected path" : safeText(request.blocked_path)}, configuration that can run code. Parley always asks for it, in every mode, and cannot always allow it.`}
        </Text>
      )}
      {request.reason !== undefined && <Text dimColor>{safeText(request.reason)}</Text>}
      {mode !== "edit" && (
        <ToolParametersView
          toolName={request.tool_name}
          parameters={request.parameters}
          maxLines={expandTools ? undefined : INPUT_LINES}
        />
      )}
      <Box marginTop={1} flexDirection="column">
        {mode === "choose" && (
          <ChoiceList choices={choices} focused={focused} disabled={sending} onPick={pick} />
        )}
        {mode === "reject" && (
          <LineInput
            label="What should the agent do instead? (optional)"
            placeholder="The agent continues with your feedback."
            focused={focused && !sending}
            onSubmit={(feedback) => void send(() => onAnswer({ decision: "reject", feedback }))}
            onCancel={() => setMode("choose")}
          />
        )}
        {mode === "edit" && (
          <JsonInputEditor
            initial={editableInput(request)}
            focused={focused && !sending}
            issues={failure?.issues ?? []}
            onApprove={(updatedInput) => void send(() => onAnswer({ decision: "approve", updatedInput }))}
            onCancel={() => {
              clearFailure();
              setMode("choose");
            }}
          />
        )}
      </Box>
      {sending && <Text dimColor>Sending your answer…</Text>}
      {conflict && <Text dimColor>This was answered elsewhere first; its answer stands.</Text>}
      {failure !== undefined && (mode !== "edit" || failure.issues.length === 0) && (
        <Text color={theme.danger}>{safeText(failure.message)}</Text>
      )}
    </Box>
  );
}
