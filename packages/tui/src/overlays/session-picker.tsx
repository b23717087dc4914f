import type { AgentCliName, AgentCliStatus, SessionSummary } from "@parley/protocol";
import { safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import { useEffect, useMemo, useState } from "react";
import { type Choice, ChoiceList } from "../input/choice-list.tsx";
import { useKeyClaims } from "../input/key-claims.tsx";
import { LineInput } from "../input/line-input.tsx";
import { useKeys } from "../input/use-keys.ts";
import { useChat, useServices } from "../store/services.tsx";
import { useTheme } from "../theme/theme.ts";
import { useGlyphs } from "../theme/use-glyphs.ts";

/** How many sessions the picker shows around the selected one. */
const VISIBLE = 12;

const BACKEND_LABELS: Record<string, string> = {
  "claude-code": "Claude Code",
  opencode: "OpenCode",
  codex: "Codex",
  gemini: "Gemini CLI",
};

/**
 * The sessions, most recently active first: ↑/↓ choose, Enter opens, `n` starts a new chat, `c` a new chat
 * answered by an installed agent CLI, `r` renames, `d` deletes (after a `y`), Esc closes.
 */
export function SessionPicker({
  onClose,
  onNewChat,
}: {
  onClose: () => void;
  onNewChat: (backend?: AgentCliName) => void;
}) {
  const theme = useTheme();
  const glyphs = useGlyphs();
  const { store } = useServices();
  const claims = useKeyClaims();
  const sessions = useChat((state) => state.sessions);
  const activeId = useChat((state) => state.activeSessionId);
  const sorted = useMemo(
    () => [...sessions].sort((left, right) => right.updated_at_ms - left.updated_at_ms),
    [sessions],
  );
  const [selected, setSelected] = useState(() =>
    Math.max(
      0,
      sorted.findIndex((session) => session.id === activeId),
    ),
  );
  const [mode, setMode] = useState<"list" | "rename" | "delete" | "backend">("list");
  const [clis, setClis] = useState<AgentCliStatus[] | undefined>();
  const current: SessionSummary | undefined = sorted[Math.min(selected, sorted.length - 1)];

  useEffect(() => {
    if (mode !== "backend" || clis !== undefined) return;
    store.client.listAgentClis().then(
      (listed) => setClis(listed.filter((cli) => cli.availability === "installed")),
      () => setClis([]),
    );
  }, [mode, clis, store]);

  const keysAttached = useKeys(
    (input, key) => {
      claims.claim();
      if (mode === "delete") {
        if (input === "y" && current !== undefined) void store.deleteSession(current.id);
        setMode("list");
        return;
      }
      if (key.escape || input === "q") return onClose();
      if (key.upArrow) return setSelected((index) => Math.max(0, index - 1));
      if (key.downArrow) return setSelected((index) => Math.min(sorted.length - 1, index + 1));
      if (key.return && current !== undefined) {
        void store.openSession(current.id);
        return onClose();
      }
      if (input === "n") {
        onNewChat();
        return onClose();
      }
      if (input === "c") return setMode("backend");
      if (input === "r" && current !== undefined) return setMode("rename");
      if (input === "d" && current !== undefined) return setMode("delete");
    },
    mode === "list" || mode === "delete",
  );

  const start = Math.max(0, Math.min(selected - Math.floor(VISIBLE / 2), sorted.length - VISIBLE));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold color={theme.accent}>
        Sessions
      </Text>
      {sorted.length === 0 && <Text dimColor>No sessions yet.</Text>}
      {start > 0 && <Text dimColor>{`  … ${start} more above`}</Text>}
      {sorted.slice(start, start + VISIBLE).map((session, offset) => {
        const index = start + offset;
        const active = index === selected;
        const backend =
          session.backend === undefined || session.backend === "parley"
            ? undefined
            : BACKEND_LABELS[session.backend];
        return (
          <Text key={session.id} color={active ? theme.accent : undefined} bold={active}>
            {active ? `${glyphs.pointer} ` : "  "}
            {safeText(session.title.trim() === "" ? "Untitled" : session.title)}
            {session.id === activeId && <Text dimColor> (open)</Text>}
            {backend !== undefined && <Text dimColor>{` · ${backend}`}</Text>}
            <Text dimColor>{` · ${new Date(session.updated_at_ms).toLocaleString()}`}</Text>
          </Text>
        );
      })}
      {start + VISIBLE < sorted.length && (
        <Text dimColor>{`  … ${sorted.length - start - VISIBLE} more below`}</Text>
      )}
      {mode === "rename" && current !== undefined && (
        <LineInput
          label={`New title for “${safeText(current.title)}”`}
          initial={current.title}
          focused
          onSubmit={(title) => {
            if (title.trim() !== "") void store.renameSession(current.id, title.trim().slice(0, 200));
            setMode("list");
          }}
          onCancel={() => setMode("list")}
        />
      )}
      {mode === "delete" && current !== undefined && (
        <Text
          color={theme.danger}
        >{`Delete “${safeText(current.title)}”? Its messages are removed for good. y deletes, any other key keeps it.`}</Text>
      )}
      {mode === "backend" && (
        <BackendChoice
          clis={clis}
          onPick={(backend) => {
            onNewChat(backend);
            onClose();
          }}
          onCancel={() => setMode("list")}
        />
      )}
      {mode === "list" && keysAttached && (
        <Text dimColor>
          Enter opens · n new chat · c new chat with an agent CLI · r rename · d delete · Esc closes
        </Text>
      )}
    </Box>
  );
}

function BackendChoice({
  clis,
  onPick,
  onCancel,
}: {
  clis: AgentCliStatus[] | undefined;
  onPick: (backend: AgentCliName) => void;
  onCancel: () => void;
}) {
  const claims = useKeyClaims();
  useKeys((_input, key) => {
    if (key.escape) {
      claims.claim();
      onCancel();
    }
  });
  if (clis === undefined) return <Text dimColor>Looking for agent CLIs…</Text>;
  if (clis.length === 0)
    return (
      <Text dimColor>
        No agent CLI is installed (Claude Code, OpenCode, Codex, Gemini CLI). Esc goes back.
      </Text>
    );
  const choices: Choice[] = clis.map((cli) => ({
    id: cli.name,
    label: `${cli.label} ${cli.version ?? ""}`.trim(),
  }));
  return (
    <Box flexDirection="column">
      <Text dimColor>New chat with…</Text>
      <ChoiceList choices={choices} focused onPick={(choice) => onPick(choice.id as AgentCliName)} />
    </Box>
  );
}
