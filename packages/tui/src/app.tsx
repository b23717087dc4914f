import type { AgentCliName, CreateSessionRequest, SelectablePermissionMode } from "@parley/protocol";
import type { ChatStoreState } from "@parley/sdk";
import { modeLabel, PERMISSION_MODES, permissionModeOf, safeText } from "@parley/sdk";
import { Box, Text, useApp, useStdout } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { collectAttention } from "./attention/attention.ts";
import { AttentionArea } from "./attention/attention-area.tsx";
import { type Overlay, runCommand } from "./commands/run-command.ts";
import { Composer } from "./composer/composer.tsx";
import { useAttachments } from "./composer/use-attachments.ts";
import { HistoryView } from "./history/history-view.tsx";
import { useKeyClaims } from "./input/key-claims.tsx";
import { useKeys } from "./input/use-keys.ts";
import { McpConsentNotice } from "./mcp/mcp-consent-notice.tsx";
import { McpReview } from "./mcp/mcp-review.tsx";
import { useWaitingMcpServers } from "./mcp/use-waiting-mcp-servers.ts";
import { HelpView } from "./overlays/help-view.tsx";
import { SessionPicker } from "./overlays/session-picker.tsx";
import { WorkflowList } from "./overlays/workflow-list.tsx";
import { ProjectView } from "./project/project-view.tsx";
import { IdlePromptsPanel } from "./settings/idle-prompts-panel.tsx";
import { SettingsPage } from "./settings/settings-page.tsx";
import { MissionLine } from "./status/mission-line.tsx";
import { QueueList } from "./status/queue-list.tsx";
import { StatusLine } from "./status/status-line.tsx";
import { useChat, useServices } from "./store/services.tsx";
import { DisplayContext } from "./theme/display.ts";
import { useTheme } from "./theme/theme.ts";
import { Transcript } from "./transcript/transcript.tsx";

/** Time within which a second Ctrl-C leaves. */
const EXIT_WINDOW_MS = 2000;

/**
 * The terminal chat: the conversation (written once, streamed at the bottom), what waits for the person
 * (approvals, questions, plans, workflows), the queue, the message box and a status line. Keys: Enter
 * sends, Esc stops the agent, Tab moves between a waiting card and the message box, Shift-Tab changes the
 * permission mode, Ctrl-O shows tool output in full, Ctrl-C twice or Ctrl-D leaves.
 */
export function App() {
  const services = useServices();
  const { store } = services;
  const theme = useTheme();
  const { exit } = useApp();
  const claims = useKeyClaims();
  const { stdout } = useStdout();
  const size = useTerminalSize(stdout);
  const error = useChat((state) => state.error);
  const signedOut = useChat((state) => state.signedOut === true);
  const loading = useChat((state) => state.loadingSession);
  const [overlay, setOverlay] = useState<Overlay | undefined>();
  const [focus, setFocus] = useState<"attention" | "composer">("attention");
  const [expandTools, setExpandTools] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const [exitArmed, setExitArmed] = useState(false);
  const [sent, setSent] = useState<string[]>([]);
  const attachments = useAttachments(store.client);

  // The app re-renders when what it shows changes, not on every streamed token (the transcript does).
  const attention = useStable((state) => collectAttention(state.session?.messages ?? []), sameItems);
  const userTexts = useStable(
    (state) =>
      (state.session?.messages ?? [])
        .filter((message) => message.role === "user")
        .map((message) => message.text),
    sameItems,
  );
  const mcp = useWaitingMcpServers();
  const queue = useChat((state) => state.session?.queue);
  const busy = useChat((state) => state.session?.busy === true);
  const cardFocused = overlay === undefined && attention.length > 0 && focus === "attention";
  const composerFocused = overlay === undefined && !cardFocused;
  const history = useMemo(
    () => [...userTexts, ...sent.filter((text) => !userTexts.includes(text))].slice(-100),
    [userTexts, sent],
  );

  // A new waiting card takes the keys, so an approval is answered without reaching for Tab.
  const firstAttention = attention[0]?.card.id;
  useEffect(() => {
    if (firstAttention !== undefined) setFocus("attention");
  }, [firstAttention]);

  useEffect(() => {
    if (!exitArmed) return;
    const timer = setTimeout(() => setExitArmed(false), EXIT_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [exitArmed]);

  const newChat = useCallback(
    async (backend?: AgentCliName) => {
      if (backend === undefined) return store.newSession();
      try {
        const request: CreateSessionRequest = { backend };
        const created = await store.client.createSession(request as { title?: string });
        await store.openSession(created.id);
      } catch (failure) {
        setNotice(`Could not start a chat with ${backend}: ${(failure as Error).message}`);
      }
    },
    [store],
  );

  useKeys((input, key) => {
    const claimed = claims.take();
    if (key.ctrl && input === "c") {
      if (exitArmed) return exit();
      setExitArmed(true);
      return;
    }
    if (key.ctrl && input === "d") return exit();
    if (claimed) return;
    if (key.ctrl && input === "o") return setExpandTools((value) => !value);
    if (overlay !== undefined) return;
    if (key.escape) {
      if (notice !== undefined) setNotice(undefined);
      if (error !== undefined) store.dismissError();
      if (busy) void store.stopRun();
      return;
    }
    if (key.tab && key.shift) return void cycleMode(services.store, setNotice);
    if (key.pageUp) return setOverlay("history");
    if (key.tab && attention.length > 0)
      return setFocus((current) => (current === "attention" ? "composer" : "attention"));
  }, true);

  const submit = useCallback(
    (text: string) => {
      setNotice(undefined);
      setSent((current) => [...current, text]);
      void runCommand(text, {
        services,
        openOverlay: setOverlay,
        notify: setNotice,
        newChat,
        attachments,
        clearScreen: () => stdout.write("\u001b[2J\u001b[3J\u001b[H"),
        exit,
      });
    },
    [services, stdout, exit, newChat, attachments],
  );

  const banner = (
    <Box flexDirection="column">
      <Text>
        <Text bold color={theme.accent}>
          Parley
        </Text>
        <Text dimColor>{` · ${safeText(services.projectRoot)} · ${store.client.baseUrl}`}</Text>
      </Text>
      <Text dimColor>/help for keys and commands · /sessions to switch · Esc stops the agent</Text>
    </Box>
  );
  // Room left for the live tail, the message box and the status line, so the frame never fills the screen
  // (Ink would then clear and repaint everything).
  const historyRows = Math.max(6, size.rows - 12);
  // The mission line and what is attached to the message being written sit above the message box too.
  const aboveComposer =
    1 +
    attachments.list.length +
    (attachments.list.length > 0 ? 1 : 0) +
    (attachments.error !== undefined ? 1 : 0) +
    (attachments.attaching ? 1 : 0);
  const reserved =
    6 +
    aboveComposer +
    (overlay === "history" || overlay === "project"
      ? historyRows
      : attention.length > 0
        ? Math.min(16, Math.floor(size.rows / 2))
        : 0);
  return (
    <DisplayContext.Provider value={{ columns: size.columns, rows: size.rows, expandTools }}>
      <Box flexDirection="column" width={size.columns}>
        <Transcript banner={banner} liveRows={Math.max(3, size.rows - reserved)} />
        {loading && <Text dimColor>Loading the conversation…</Text>}
        <QueueList queue={queue ?? []} />
        {signedOut && (
          <Text color={theme.danger}>The server refused the token: run parley again (or pass --token).</Text>
        )}
        {error !== undefined && <Text color={theme.danger}>{`${safeText(error)} (Esc dismisses)`}</Text>}
        {notice !== undefined && <Text color={theme.accent}>{safeText(notice)}</Text>}
        {overlay === "sessions" && (
          <SessionPicker
            onClose={() => setOverlay(undefined)}
            onNewChat={(backend) => void newChat(backend)}
          />
        )}
        {overlay === "help" && <HelpView onClose={() => setOverlay(undefined)} />}
        {overlay === "workflows" && <WorkflowList onClose={() => setOverlay(undefined)} />}
        {overlay === "mcp" && (
          <McpReview waiting={mcp.waiting} onDecided={mcp.reload} onClose={() => setOverlay(undefined)} />
        )}
        {overlay === undefined && <McpConsentNotice waiting={mcp.waiting} />}
        {overlay === "history" && <HistoryView height={historyRows} onClose={() => setOverlay(undefined)} />}
        {overlay === "project" && (
          <ProjectView
            height={Math.max(3, historyRows - 6)}
            onShare={attachments.add}
            onClose={() => setOverlay(undefined)}
          />
        )}
        {overlay === "idle" && <IdlePromptsPanel onClose={() => setOverlay(undefined)} />}
        {overlay === "settings" && <SettingsPage onClose={() => setOverlay(undefined)} />}
        {overlay === undefined && <AttentionArea items={attention} focused={cardFocused} />}
        {overlay === undefined && <MissionLine />}
        <Box marginTop={1} flexDirection="column">
          <Composer
            focused={composerFocused}
            busy={busy}
            history={history}
            attachments={attachments}
            onSubmit={submit}
          />
        </Box>
        {exitArmed ? <Text color={theme.warning}>Press Ctrl-C again to leave.</Text> : <StatusLine />}
      </Box>
    </DisplayContext.Provider>
  );
}

/** A derived value that keeps its identity while its items are the same, so a token does not re-render. */
function useStable<T>(
  derive: (state: ChatStoreState) => readonly T[],
  same: (left: readonly T[], right: readonly T[]) => boolean,
) {
  const last = useRef<readonly T[]>([]);
  return useChat((state) => {
    const next = derive(state);
    if (same(next, last.current)) return last.current;
    last.current = next;
    return next;
  });
}

function sameItems<T>(left: readonly T[], right: readonly T[]): boolean {
  if (left.length !== right.length) return false;
  return left.every((item, index) => {
    const other = right[index];
    if (typeof item !== "object" || item === null) return item === other;
    const card = (item as { card?: unknown }).card;
    return card !== undefined ? card === (other as { card?: unknown }).card : item === other;
  });
}

async function cycleMode(
  store: ReturnType<typeof useServices>["store"],
  notify: (text: string) => void,
): Promise<void> {
  const current = permissionModeOf(store.getSnapshot().session)?.mode ?? "default";
  const index = PERMISSION_MODES.findIndex((mode) => mode.value === current);
  const next = PERMISSION_MODES[(index + 1) % PERMISSION_MODES.length] as { value: SelectablePermissionMode };
  await store.setPermissionMode(next.value);
  notify(`Permission mode: ${modeLabel(next.value)}`);
}

/** The terminal's size, following resizes. */
function useTerminalSize(stdout: NodeJS.WriteStream): { columns: number; rows: number } {
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  });
  return size;
}
