import type { ServerLimitsView } from "@parley/protocol";
import { apiMessage, formatBytes, safeText, serverLimitRows } from "@parley/sdk";
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import type { SettingsTabProps } from "./settings-page.tsx";

/**
 * The server's limits, read-only, as the web's Settings shows them: what a message or a stream may hold and
 * how much history is kept, each with the environment variable that sets it where Parley starts.
 */
export function LimitsTab({ keys: tabKeys }: SettingsTabProps) {
  const theme = useTheme();
  const { store } = useServices();
  const [limits, setLimits] = useState<ServerLimitsView | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    store.client
      .getLimits()
      .then(setLimits, (failure: unknown) => setError(`Could not read the limits: ${apiMessage(failure)}`));
  }, [store]);
  // Nothing to choose or edit: every key is the page's.
  tabKeys.current = () => false;

  const rows = limits === undefined ? [] : serverLimitRows(limits);
  const nameWidth = Math.max(0, ...rows.map((row) => row.name.length)) + 2;
  const valueWidth = Math.max(0, ...rows.map((row) => row.value.length)) + 2;
  return (
    <Box flexDirection="column">
      <Text dimColor>What keeps one client from exhausting the server; set where Parley starts.</Text>
      {limits === undefined && error === undefined && <Text dimColor>Reading the limits…</Text>}
      {error !== undefined && <Text color={theme.danger}>{safeText(error)}</Text>}
      {rows.map((row) => (
        <Text key={row.name}>
          {`  ${row.name.padEnd(nameWidth)}${row.value.padEnd(valueWidth)}`}
          <Text dimColor>{row.variable ?? ""}</Text>
        </Text>
      ))}
      {limits !== undefined && (
        <Text dimColor>
          {`The event history holds ${formatBytes(limits.event_log.events_bytes)} now (up to event ${limits.event_log.head_seq.toLocaleString()}).`}
        </Text>
      )}
    </Box>
  );
}
