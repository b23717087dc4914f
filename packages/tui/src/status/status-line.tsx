import { formatTokens, modeLabel, permissionModeOf, safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useChat } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";

const CONNECTION_WORDS = {
  connecting: "connecting…",
  connected: "connected",
  reconnecting: "reconnecting…",
  resyncing: "resyncing…",
  offline: "offline",
} as const;

/**
 * The line under the message box: the connection, the session, the permission mode, how full the context
 * is, the model (marked when it is the offline demo), whether idle prompts are on, and the keys worth knowing.
 */
export function StatusLine() {
  const theme = useTheme();
  const connection = useChat((state) => state.connection);
  const signedOut = useChat((state) => state.signedOut === true);
  const title = useChat(
    (state) => state.sessions.find((session) => session.id === state.activeSessionId)?.title,
  );
  const mode = useChat((state) => permissionModeOf(state.session)?.mode ?? "default");
  const usage = useChat((state) => state.session?.contextUsage);
  const model = useChat((state) => state.model);
  const idlePrompts = useChat((state) => state.idlePrompts?.enabled);
  const colour =
    connection === "connected" ? theme.success : connection === "offline" ? theme.danger : theme.warning;
  const window = usage?.contextWindow;
  const ratio =
    usage !== undefined && window !== undefined && window > 0 ? usage.estimatedTokens / window : undefined;
  return (
    <Box flexDirection="row" flexWrap="wrap" paddingX={1}>
      <Text color={colour}>{`● ${signedOut ? "signed out" : CONNECTION_WORDS[connection]}`}</Text>
      <Text dimColor>{` · ${safeText(title ?? "New chat")}`}</Text>
      <Text
        color={mode === "plan" ? theme.accent : mode === "default" ? undefined : theme.warning}
        dimColor={mode === "default"}
      >
        {` · ${modeLabel(mode)}`}
      </Text>
      {usage !== undefined && (
        <Text
          color={ratio !== undefined && ratio > 0.85 ? theme.warning : undefined}
          dimColor={!(ratio !== undefined && ratio > 0.85)}
        >
          {` · context ${window !== undefined && window > 0 ? `${formatTokens(usage.estimatedTokens)}/${formatTokens(window)}` : `~${formatTokens(usage.estimatedTokens)}`} tokens`}
          {usage.compressed && " (summarized)"}
        </Text>
      )}
      {model !== undefined && (
        <Text color={model.isDemo ? theme.warning : undefined} dimColor={!model.isDemo}>
          {` · ${model.isDemo ? "Demo model (offline)" : safeText(model.ref)}`}
        </Text>
      )}
      {idlePrompts !== undefined && (
        <Text color={idlePrompts ? theme.accent : undefined} dimColor={!idlePrompts}>
          {` · idle prompts ${idlePrompts ? "on" : "off"}`}
        </Text>
      )}
      <Text dimColor> · /help</Text>
    </Box>
  );
}
