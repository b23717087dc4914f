import type { ToolRequestData } from "@parley/protocol";
import { safeText } from "@parley/sdk";
import { Text } from "ink";
import type { Theme } from "../theme/theme.ts";

/** The MCP fields that travel along on an MCP call's request view (`toolRequestViewOfMcp`). */
interface McpFields {
  server_name?: unknown;
  mcp_tool_name?: unknown;
  title?: unknown;
  annotations?: { readOnlyHint?: unknown; destructiveHint?: unknown };
}

/**
 * How an MCP call is named on its line, as the web's card heads it: its server, then the tool's title (or
 * name) and the server's read-only or destructive hint; undefined for a built-in tool's call, which keeps
 * its headline.
 */
export function mcpCallLabel(request: ToolRequestData, theme: Theme) {
  const fields = request as McpFields;
  if (typeof fields.server_name !== "string") return undefined;
  const name =
    typeof fields.title === "string" ? fields.title : String(fields.mcp_tool_name ?? request.tool_name);
  const hints = fields.annotations;
  const hint =
    hints?.readOnlyHint === true ? "read-only" : hints?.destructiveHint === true ? "destructive" : undefined;
  return (
    <Text>
      <Text color={theme.accent}>{`${safeText(fields.server_name)} › `}</Text>
      <Text bold>{safeText(name)}</Text>
      {hint !== undefined && (
        <Text color={hint === "destructive" ? theme.danger : undefined} dimColor={hint === "read-only"}>
          {` [${hint}]`}
        </Text>
      )}
    </Text>
  );
}
