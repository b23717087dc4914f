import type { McpServerList, McpServerView } from "@parley/protocol";
import {
  apiMessage,
  checkMcpServerInput,
  checkMcpServerName,
  MCP_SERVER_EXAMPLE,
  plural,
  safeText,
} from "@parley/sdk";
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { LineInput } from "../input/line-input.tsx";
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

/** The example entry as one line, shown in the empty config box. */
const EXAMPLE_ON_ONE_LINE = JSON.stringify(JSON.parse(MCP_SERVER_EXAMPLE)).replaceAll(",", ", ");

/** Adding a server: its name is typed first, then its config, in one box. */
type Adding = { step: "name" } | { step: "config"; name: string };

/**
 * The MCP servers (`GET /api/mcp/servers`) as the web's Settings lists them: where each is configured, its
 * state, tools and last error. Space turns the one under the cursor off or on for this project, `r`
 * reconnects it, and `t` says whether tools that declare themselves read-only run without asking. `a` adds a
 * server to the person's own mcp.json (a name, then its config as Claude Code's `mcpServers` entry, JSON
 * checked before it is sent), `x` removes one of theirs. The list is read again whenever the server
 * announces an MCP change.
 */
export function McpServersTab({ keys: tabKeys, attached }: SettingsTabProps) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const { store } = useServices();
  const announced = useChat((state) => state.mcpRevision ?? 0);
  const [list, setList] = useState<McpServerList | undefined>();
  const [result, setResult] = useState<{ text: string; failed: boolean } | undefined>();
  const [revision, setRevision] = useState(0);
  const [adding, setAdding] = useState<Adding | undefined>();
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

  /** Sends the server when its config is valid; otherwise names the problem and keeps the typed config. */
  const addServer = (name: string, json: string): boolean => {
    const input = checkMcpServerInput(name, json);
    if (!input.ok) {
      setResult({ text: input.problem, failed: true });
      return false;
    }
    setAdding(undefined);
    act(
      store.client.putMcpServer(input.name, input.config),
      `Added ${safeText(input.name)} to your mcp.json: it starts now.`,
    );
    return true;
  };

  tabKeys.current = (input, key) => {
    // While a field is typed in, its own box takes the keys.
    if (adding !== undefined) return true;
    if (input === "a") {
      setResult(undefined);
      setAdding({ step: "name" });
      return true;
    }
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
    if (input === "x" && server.source === "user") {
      act(store.client.removeMcpServer(server.name), `Removed ${name} from your mcp.json.`);
      return true;
    }
    return false;
  };

  const selected = servers[cursor.at];
  return (
    <Box flexDirection="column">
      {list === undefined && result === undefined && <Text dimColor>Reading the MCP servers…</Text>}
      {list !== undefined && servers.length === 0 && (
        <Text dimColor>
          No MCP servers: a adds one to your mcp.json; a project's come from its .mcp.json.
        </Text>
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
      {adding !== undefined && (
        <LineInput
          label={
            adding.step === "name"
              ? "Name of the server (letters, digits, '_', '.' and '-')"
              : `Config of ${safeText(adding.name)}: JSON as in Claude Code's mcpServers (Alt-Enter: new line)`
          }
          placeholder={adding.step === "name" ? "e.g. github" : EXAMPLE_ON_ONE_LINE}
          focused
          onSubmit={(typed) => {
            if (adding.step === "config") return addServer(adding.name, typed);
            const name = checkMcpServerName(typed.trim());
            setResult(name.ok ? undefined : { text: name.problem, failed: true });
            if (!name.ok) return false;
            setAdding({ step: "config", name: name.name });
            return true;
          }}
          onCancel={() => setAdding(undefined)}
        />
      )}
      {result !== undefined && (
        <Text color={result.failed ? theme.danger : theme.success}>{safeText(result.text)}</Text>
      )}
      {attached && adding === undefined && (
        <Text dimColor>
          {selected === undefined
            ? "a adds a server"
            : waitsForThePerson(selected) || selected.status === "rejected"
              ? "↑/↓ choose · /mcp reviews the project's entries · a adds a server"
              : `↑/↓ choose · Space turns it ${selected.status === "disabled" ? "on" : "off"}${selected.status === "disabled" ? "" : " · r reconnects"}${selected.source === "user" ? " · x removes it" : ""} · a adds a server`}
        </Text>
      )}
    </Box>
  );
}
