import type { JsonValue } from "../shared/json-value.ts";
import type { ErrorDetail } from "./error-detail.ts";
import type { PlanData } from "./plan.ts";
import { formatBytes, projectStructureToText } from "./project-structure-to-text.ts";
import type { QuestionData } from "./question.ts";
import type { RichMessage } from "./rich-message.ts";
import { truncateForModel } from "./truncate-for-model.ts";
import type { DecodedRichMessage } from "./unknown-rich-message.ts";
import type { WorkflowExecutionData } from "./workflow-execution.ts";

/** Limits for `richMessageToModelText`. */
export interface ModelTextOptions {
  /** Longest text, output or payload kept before it is cut with a marker (default 4000 characters). */
  maxPayloadChars?: number;
  /** Most tree, file or dependency lines listed for a project structure (default 200). */
  maxStructureEntries?: number;
}

/**
 * Renders a rich message as compact markdown for a model's context (seed 001's "LLM adapter
 * conversions"): a plan as numbered steps, a question with its options, a tool result with its status
 * and output, a project tree as an indented tree. Long payloads are cut with a marker; inline image
 * and blob bytes are never included.
 */
export function richMessageToModelText(message: DecodedRichMessage, options: ModelTextOptions = {}): string {
  const limits = { payload: options.maxPayloadChars ?? 4000, entries: options.maxStructureEntries ?? 200 };
  const cut = (text: string) => truncateForModel(text, limits.payload);
  if (message.kind === "Unknown") return cut(message.text);
  return render(message, limits.entries, cut);
}

function render(message: RichMessage, maxEntries: number, cut: (text: string) => string): string {
  switch (message.kind) {
    case "Text":
      return cut(message.data.text);
    case "Plan":
      return planText(message.data);
    case "Question":
      return questionText(message.data);
    case "Image": {
      const { alt, media_type: mediaType, url, data } = message.data;
      const source = url ?? `inline ${mediaType}, ${formatBytes(base64Bytes(data ?? ""))}`;
      return `[Image: ${alt || "no description"} (${source})]`;
    }
    case "FileReference": {
      const { path, start_line: start, end_line: end, description } = message.data;
      const range =
        start === undefined ? "" : end === undefined || end === start ? `:${start}` : `:${start}-${end}`;
      return `File: ${path}${range}${description ? ` — ${description}` : ""}`;
    }
    case "ProjectStructure":
      return projectStructureToText(message.data, maxEntries);
    case "ToolRequest": {
      const data = message.data;
      const approval = data.requires_approval ? `approval ${data.approval_status}` : "no approval needed";
      const lines = [`Tool request: ${data.tool_name} [${data.request_id}] — ${approval}`];
      if (data.description) lines.push(data.description);
      lines.push(`Parameters: ${cut(JSON.stringify(data.parameters))}`);
      return lines.join("\n");
    }
    case "ToolResult": {
      const data = message.data;
      const status = statusLine(data.status, data.is_error, data.duration_ms);
      const title = `Tool result: ${data.tool_name} [${data.request_id}] — ${status}`;
      return resultText(title, data.output, data.error, cut);
    }
    case "MCPToolRequest": {
      const data = message.data;
      return [
        `MCP tool request: ${mcpTool(data)} [${data.request_id}] — approval ${data.approval_status}`,
        `Arguments: ${cut(JSON.stringify(data.arguments))}`,
      ].join("\n");
    }
    case "MCPToolResult": {
      const data = message.data;
      const status = statusLine(data.status, data.status !== "Success", data.duration_ms);
      const title = `MCP tool result: ${mcpTool(data)} [${data.request_id}] — ${status}`;
      return resultText(title, data.result, data.error ?? undefined, cut);
    }
    case "MCPResource": {
      const data = message.data;
      const details = [data.name, data.mime_type].filter(Boolean).join(", ");
      const lines = [`MCP resource from ${data.server_name}: ${data.uri}${details ? ` (${details})` : ""}`];
      if (data.description) lines.push(data.description);
      if (data.text !== undefined) lines.push(cut(data.text));
      else if (data.blob !== undefined)
        lines.push(`[binary content, ${formatBytes(base64Bytes(data.blob))}]`);
      return lines.join("\n");
    }
    case "WorkflowExecution":
      return workflowText(message.data, cut);
    case "SystemControl": {
      const { action, mode, previous_mode: previous, reason } = message.data;
      const change = action === "mode_change" ? ` to ${mode}${previous ? ` (was ${previous})` : ""}` : "";
      return `[System: ${action}${change}${reason ? ` — ${reason}` : ""}]`;
    }
    case "Processing": {
      const { stage, message: text, progress } = message.data;
      const percent = progress === undefined ? "" : ` (${Math.round(progress * 100)}%)`;
      return `[Processing: ${stage}${text ? ` — ${text}` : ""}${percent}]`;
    }
  }
}

function planText(plan: PlanData): string {
  const lines = [`Plan: ${plan.goal}`];
  if (plan.estimated_time) lines.push(`Estimated time: ${plan.estimated_time}`);
  if (plan.tools_needed?.length) lines.push(`Tools needed: ${plan.tools_needed.join(", ")}`);
  for (const step of plan.steps) {
    const extras = [
      step.tools_needed?.length ? `tools: ${step.tools_needed.join(", ")}` : "",
      step.estimated_time ? `~${step.estimated_time}` : "",
    ].filter(Boolean);
    const reason = step.reason ? ` — ${step.reason}` : "";
    lines.push(
      `${step.step_number}. ${step.action}${reason}${extras.length ? ` (${extras.join("; ")})` : ""}`,
    );
  }
  if (plan.risks?.length) lines.push("Risks:", ...plan.risks.map((risk) => `- ${risk}`));
  return lines.join("\n");
}

function questionText(question: QuestionData): string {
  const lines = [`Question${question.severity ? ` (${question.severity})` : ""}: ${question.question}`];
  if (question.context) lines.push(`Context: ${question.context}`);
  if (question.options.length) lines.push("Options:");
  const defaults = question.default === undefined ? [] : [question.default].flat();
  question.options.forEach((option, index) => {
    const description = option.description ? ` — ${option.description}` : "";
    const isDefault = defaults.includes(option.value) ? " (default)" : "";
    const value = option.value === option.label ? "" : ` [${option.value}]`;
    lines.push(`${index + 1}. ${option.label}${value}${description}${isDefault}`);
  });
  if (question.multi_select) lines.push("Several options may be chosen.");
  if (question.allow_free_text) lines.push("A free-text answer is accepted.");
  return lines.join("\n");
}

function workflowText(workflow: WorkflowExecutionData, cut: (text: string) => string): string {
  const name = `${workflow.workflow_name} [${workflow.execution_id}]`;
  const progress = `${workflow.completed_steps}/${workflow.total_steps} steps done`;
  const current = workflow.current_step ? `; current step: ${workflow.current_step}` : "";
  const lines = [`Workflow ${name} — ${workflow.status}, ${progress}${current}`];
  if (workflow.result !== undefined && workflow.result !== null) {
    lines.push(`Result: ${cut(jsonText(workflow.result))}`);
  }
  if (workflow.error) lines.push(errorText(workflow.error));
  return lines.join("\n");
}

/** MCP tools are named `server/tool` so the model sees which server ran them. */
function mcpTool(call: { server_name: string; tool_name: string }): string {
  return `${call.server_name}/${call.tool_name}`;
}

function statusLine(status: string, isError: boolean, durationMs: number | undefined): string {
  const duration = durationMs === undefined ? "" : ` in ${durationMs} ms`;
  return `${status}${isError && status === "Success" ? " (reported as an error)" : ""}${duration}`;
}

function resultText(
  title: string,
  output: JsonValue,
  error: ErrorDetail | undefined,
  cut: (text: string) => string,
): string {
  const lines = [title];
  if (error) lines.push(errorText(error));
  const body = jsonText(output);
  if (body !== "") lines.push("Output:", cut(body));
  return lines.join("\n");
}

function errorText(error: ErrorDetail): string {
  return `Error ${error.code}: ${error.message}${error.retryable ? " (retryable)" : ""}`;
}

/** How many bytes a base64 string decodes to, without decoding it. */
function base64Bytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

function jsonText(value: JsonValue): string {
  if (value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}
