import type { McpServerView } from "@parley/protocol";
import { plural, safeText } from "@parley/sdk";
import { Text } from "ink";
import { useTheme } from "../theme/theme.ts";

/**
 * Above the message box while this project's `.mcp.json` has entries waiting for the person, as the web
 * chat's notice: servers asking to start (they never run before the person approves what they run), and
 * entries named like one of the person's own servers (theirs is used). `/mcp` reviews them.
 */
export function McpConsentNotice({ waiting }: { waiting: readonly McpServerView[] }) {
  const theme = useTheme();
  const asking = waiting.filter((server) => server.status === "needs_approval");
  const shadowed = waiting.filter((server) => server.status === "shadowed");
  if (asking.length === 0 && shadowed.length === 0) return null;
  const sentences: string[] = [];
  if (asking.length > 0)
    sentences.push(
      `This project's .mcp.json asks to start ${plural(asking.length, "MCP server")}: ${names(asking)}. ` +
        `${asking.length === 1 ? "It does" : "They do"} not run until you approve ${asking.length === 1 ? "it" : "them"}.`,
    );
  if (shadowed.length > 0)
    sentences.push(
      `This project's .mcp.json ${asking.length > 0 ? "also " : ""}names ${names(shadowed)} like your own ` +
        `${shadowed.length === 1 ? "server; yours is" : "servers; yours are"} used.`,
    );
  return (
    <Text color={theme.warning}>
      {`${sentences.join(" ")} `}
      <Text bold>/mcp</Text>
      {" reviews them."}
    </Text>
  );
}

function names(servers: readonly McpServerView[]): string {
  return servers.map((server) => safeText(server.name)).join(", ");
}
