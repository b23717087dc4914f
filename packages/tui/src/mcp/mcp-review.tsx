import type { McpServerView } from "@parley/protocol";
import { safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useState } from "react";
import { useKeyClaims } from "../input/key-claims.tsx";
import { useKeys } from "../input/use-keys.ts";
import { useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";

/**
 * The project's MCP entries waiting for the person (`/mcp`), one at a time with everything it would run or
 * reach as written in `.mcp.json`, decided by keys: `a` approves and starts it, `r` rejects it, ←/→ move
 * between entries, Esc closes. The decision names the entry's digest, as the web's Settings does, so an
 * entry changed meanwhile is not approved unseen.
 */
export function McpReview({
  waiting,
  onDecided,
  onClose,
}: {
  waiting: readonly McpServerView[];
  onDecided: () => void;
  onClose: () => void;
}) {
  const theme = useTheme();
  const claims = useKeyClaims();
  const { store } = useServices();
  const [selected, setSelected] = useState(0);
  const [result, setResult] = useState<string | undefined>();
  const server = waiting[Math.min(selected, waiting.length - 1)];

  const decide = (decision: "approve" | "reject") => {
    const digest = server?.consent?.digest;
    if (server === undefined || digest === undefined) return;
    if (decision === "approve" && server.status !== "needs_approval") return;
    const name = safeText(server.name);
    store.client.decideMcpServer(server.name, decision, digest).then(
      () => {
        setResult(
          decision === "approve" ? `Approved ${name}: it starts now.` : `Rejected ${name}: it stays off.`,
        );
        onDecided();
      },
      (error: Error) => setResult(`Could not decide on ${name}: ${safeText(error.message)}`),
    );
  };

  const keysAttached = useKeys((input, key) => {
    claims.claim();
    if (key.escape || input === "q") return onClose();
    if (input === "a") return decide("approve");
    if (input === "r") return decide("reject");
    if (key.leftArrow || key.upArrow) return setSelected((index) => Math.max(0, index - 1));
    if (key.rightArrow || key.downArrow)
      return setSelected((index) => Math.min(waiting.length - 1, index + 1));
  });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.warning} paddingX={1}>
      <Text bold color={theme.warning}>
        {`Project MCP servers waiting for you${waiting.length > 1 ? ` (${Math.min(selected, waiting.length - 1) + 1} of ${waiting.length}, ←/→)` : ""}`}
      </Text>
      {server === undefined ? <Text dimColor>Nothing waits for you.</Text> : <ServerLaunch server={server} />}
      {result !== undefined && <Text color={theme.accent}>{result}</Text>}
      {keysAttached && (
        <Text dimColor>
          {server?.status === "needs_approval"
            ? "a approve and start · r reject · Esc closes"
            : server?.status === "shadowed"
              ? "r reject (yours stays in use) · Esc closes"
              : "Esc closes"}
        </Text>
      )}
    </Box>
  );
}

/** What an entry would run or reach, as written (no variable expanded), and why it waits. */
function ServerLaunch({ server }: { server: McpServerView }) {
  const theme = useTheme();
  const { launch } = server;
  const rows: [string, string][] = [["Transport", launch.transport]];
  if (launch.command !== undefined)
    rows.push(["Command", [launch.command, ...(launch.args ?? [])].map(quoted).join(" ")]);
  for (const [name, value] of Object.entries(launch.env ?? {})) rows.push([`env ${name}`, value]);
  if (launch.cwd !== undefined) rows.push(["Runs in", launch.cwd]);
  if (launch.url !== undefined) rows.push(["URL", launch.url]);
  for (const [name, value] of Object.entries(launch.headers ?? {})) rows.push([`header ${name}`, value]);
  for (const variable of server.variables)
    rows.push([
      `reads $${variable.name}`,
      variable.withheld ? "a Parley secret: never passed on" : variable.set ? "set" : "not set",
    ]);
  for (const change of server.consent?.changes ?? [])
    rows.push([`changed ${change.field}`, `${shown(change.before)} → ${shown(change.after)}`]);
  if ((launch.ignored_fields ?? []).length > 0)
    rows.push(["Not used", (launch.ignored_fields ?? []).join(", ")]);
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{safeText(server.name)}</Text>
        <Text dimColor>{` · ${safeText(server.file)} · `}</Text>
        <Text color={theme.warning}>
          {server.status === "needs_approval"
            ? "asks to start"
            : "named like your own server (yours is used)"}
        </Text>
      </Text>
      {server.error !== undefined && <Text dimColor>{safeText(server.error)}</Text>}
      {rows.map(([label, value]) => (
        <Text key={label}>
          <Text dimColor>{`${label.padEnd(16)} `}</Text>
          <Text>{safeText(value)}</Text>
        </Text>
      ))}
    </Box>
  );
}

function quoted(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : JSON.stringify(word);
}

function shown(value: unknown): string {
  return value === undefined ? "(none)" : typeof value === "string" ? value : JSON.stringify(value);
}
