import type { AgentCliStatus } from "@parley/protocol";
import { AGENT_CLI_AVAILABILITY, AGENT_CLI_SETUP, apiMessage, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";
import { useListCursor } from "./list-cursor.ts";
import type { SettingsTabProps } from "./settings-page.tsx";

/**
 * The agent CLIs a session can be answered by, read-only, as the web's Settings lists them: which are
 * installed and their versions, what is wrong with the others, and, for the one under the cursor, where its
 * model, key and proxy are set (its own configuration, never Parley's).
 */
export function AgentClisTab({ keys: tabKeys, attached }: SettingsTabProps) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const { store } = useServices();
  const [clis, setClis] = useState<AgentCliStatus[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    store.client
      .listAgentClis()
      .then(setClis, (failure: unknown) => setError(`Could not list the agent CLIs: ${apiMessage(failure)}`));
  }, [store]);
  const cursor = useListCursor(clis?.length ?? 0);
  tabKeys.current = (_input, key) => cursor.move(key);

  const selected = clis?.[cursor.at];
  const labelWidth = Math.max(0, ...(clis ?? []).map((cli) => cli.label.length)) + 2;
  return (
    <Box flexDirection="column">
      <Text dimColor>
        A session can be answered by one of these instead of Parley's own agent (/new and its name). One off
        your PATH is named with PARLEY_CLAUDE_CODE_COMMAND, PARLEY_OPENCODE_COMMAND, PARLEY_CODEX_COMMAND or
        PARLEY_GEMINI_COMMAND where Parley starts.
      </Text>
      {clis === undefined && error === undefined && <Text dimColor>Looking for agent CLIs…</Text>}
      {error !== undefined && <Text color={theme.danger}>{safeText(error)}</Text>}
      {clis?.length === 0 && <Text dimColor>The server knows no agent CLIs.</Text>}
      {clis?.map((cli, index) => (
        <Text
          key={cli.name}
          bold={index === cursor.at}
          color={index === cursor.at ? theme.accent : undefined}
        >
          {`${index === cursor.at ? glyphs.pointer : " "} ${safeText(cli.label).padEnd(labelWidth)}`}
          <Text color={cli.availability === "installed" ? theme.success : undefined}>
            {AGENT_CLI_AVAILABILITY[cli.availability]}
            {cli.version !== null ? ` (${safeText(cli.version)})` : ""}
          </Text>
          {cli.availability === "installed" ? (
            <Text dimColor>{` · /new ${cli.name}`}</Text>
          ) : (
            <Text dimColor>{` ${safeText(cli.message)}`}</Text>
          )}
        </Text>
      ))}
      {selected !== undefined && (
        <Box flexDirection="column" marginTop={1}>
          <Text>{`Model, API key or proxy for ${safeText(selected.label)}: ${AGENT_CLI_SETUP[selected.name].model}`}</Text>
          <Text dimColor>{AGENT_CLI_SETUP[selected.name].docs}</Text>
        </Box>
      )}
      {attached && clis !== undefined && clis.length > 0 && (
        <Text dimColor>↑/↓ choose a CLI to see its set-up</Text>
      )}
    </Box>
  );
}
