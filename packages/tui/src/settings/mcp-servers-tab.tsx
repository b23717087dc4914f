import type { McpServerList, McpServerView } from "@parley/protocol";
import { apiMessage, plural, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { waitsForThePerson } from "../mcp/use-waiting-mcp-servers.ts";
import { useChat, useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";
import { useListCursor } from "./list-cursor.ts";
import type { SettingsTabProps } from "./settings-page.tsx";

/** The words for each state of a server. */
const STATUS_WORDS: Record<McpServerView["status"], string> = {
  connecting: "connecting…",
  connected: "connected",
  failed: "failed",
  needs_approval: "waits for your approval (/mcp)",
  disabled: "off in this project",
  rejected: "rejected",
  shadowed: "named like yours (/mcp)",
};

/**
 * The MCP servers (`GET /api/mcp/servers`) as the web's Settings lists them: where each is configured, its
 * state, tools and last error. Space turns the one under the cursor off or on for this project, `r`
 * reconnects it, and `t` says whether tools that declare themselves read-only run without asking. The list
 * is read again whenever the server announces an MCP change.
 */
export function McpServersTab({ keys: tabKeys, attached }: SettingsTabProps) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const { store } = useServices();
  const announced = useChat((state) => state.mcpRevision ?? 0);
  const [list, setList] = useState<McpServerList | undefined>();
  const [result, setResult] = useState<{ text: string; failed: boolean } | undefined>();
  const [revision, setRevision] = useState(0);
  const servers = list?.servers ?? [];
  const cursor = useListCursor(servers.length);

  useEffect(() => {
    void revision;
    void announced;
    store.client
      .listMcpServers()
      .then(setList, (error: unknown) =>
        setResult({ text: `Could not read the MCP servers: ${apiMessage(error)}`, failed: true }),
      );
  }, [store, revision, announced]);

  const act = (request: Promise<unknown>, done: string) => {
    setResult(undefined);
    request.then(
      () => {
        setResult({ text: done, failed: false });
        setRevision((value) => value + 1);
      },
      (error: unknown) => setResult({ text: apiMessage(error), failed: true }),
    );
  };

  tabKeys.current = (input, key) => {
    if (cursor.move(key)) return true;
    const server = servers[cursor.read()];
    if (input === "t" && list !== undefined) {
      const trust = !list.trust_read_only_tools;
      act(
        store.client.setTrustReadOnlyMcpTools(trust),
        trust ? "Read-only tools now run without asking." : "Read-only tools ask first again.",
      );
      return true;
    }
    if (server === undefined || waitsForThePerson(server) || server.status === "rejected") return false;
    const name = safeText(server.name);
    if (input === " ") {
      const enable = server.status === "disabled";
      act(
        store.client.setMcpServerEnabled(server.name, enable),
        enable ? `Turned ${name} on: it starts now.` : `Turned ${name} off for this project.`,
      );
      return true;
    }
    if (input === "r" && server.status !== "disabled") {
      act(store.client.mcpServerAction(server.name, "reconnect"), `Reconnected ${name}.`);
      return true;
    }
    return false;
  };

  const selected = servers[cursor.at];
  return (
    <Box flexDirection="column">
      {list === undefined && result === undefined && <Text dimColor>Reading the MCP servers…</Text>}
      {list !== undefined && servers.length === 0 && (
        <Text dimColor>No MCP servers: add them to your mcp.json or the project's .mcp.json.</Text>
      )}
      {servers.map((server, index) => (
        <Text key={`${server.source}:${server.name}`} bold={index === cursor.at}>
          {`${index === cursor.at ? glyphs.pointer : " "} ${safeText(server.name).padEnd(20)} `}
          <Text dimColor>{`${server.source} · `}</Text>
          <Text
            color={
              server.status === "connected"
                ? theme.success
                : server.status === "failed"
                  ? theme.danger
                  : theme.warning
            }
          >
            {STATUS_WORDS[server.status]}
          </Text>
          {server.status === "connected" && (
            <Text dimColor>{` · ${plural(server.tools.length, "tool")}`}</Text>
          )}
        </Text>
      ))}
      {selected?.error !== undefined && <Text color={theme.danger}>{safeText(selected.error)}</Text>}
      {list !== undefined &&
        list.problems.length > 0 &&
        list.problems.map((problem) => (
          <Text
            key={problem.file}
            color={theme.danger}
          >{`${safeText(problem.file)}: ${safeText(problem.error)}`}</Text>
        ))}
      {list !== undefined && (
        <Text
          dimColor
        >{`Read-only tools ${list.trust_read_only_tools ? "run without asking" : "ask first"} (t changes it)`}</Text>
      )}
      {result !== undefined && (
        <Text color={result.failed ? theme.danger : theme.success}>{safeText(result.text)}</Text>
      )}
      {attached && selected !== undefined && (
        <Text dimColor>
          {waitsForThePerson(selected) || selected.status === "rejected"
            ? "↑/↓ choose · /mcp reviews the project's entries"
            : `↑/↓ choose · Space turns it ${selected.status === "disabled" ? "on" : "off"}${selected.status === "disabled" ? "" : " · r reconnects"}`}
        </Text>
      )}
    </Box>
  );
}
