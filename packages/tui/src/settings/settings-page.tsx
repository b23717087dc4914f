import type { Key } from "ink";
import { Box, Text } from "ink";
import { type RefObject, useRef, useState } from "react";
import { useKeyClaims } from "../input/key-claims.tsx";
import { useKeys } from "../input/use-keys.ts";
import { TabTitles } from "../overlays/tab-titles.tsx";
import { useTheme } from "../theme/theme.ts";
import { AgentClisTab } from "./agent-clis-tab.tsx";
import { AgentOverrideTab } from "./agent-override-tab.tsx";
import { ApiKeysTab } from "./api-keys-tab.tsx";
import { EndpointsTab } from "./endpoints-tab.tsx";
import { LimitsTab } from "./limits-tab.tsx";
import { McpServersTab } from "./mcp-servers-tab.tsx";
import { PermissionRulesTab } from "./permission-rules-tab.tsx";

const TABS = [
  { id: "keys", title: "API keys" },
  { id: "rules", title: "Permission rules" },
  { id: "mcp", title: "MCP servers" },
  { id: "agent", title: "Agent" },
  { id: "endpoints", title: "Endpoints" },
  { id: "agent-clis", title: "Agent CLIs" },
  { id: "limits", title: "Limits" },
] as const;
type SettingsTab = (typeof TABS)[number]["id"];

/** A tab's keys: whether it used the key (then the page does not: ←/→ while a key is typed, Esc). */
export type TabKeyHandler = (input: string, key: Key) => boolean;

/** What a tab is given: where to put its key handler, and whether keys reach it yet (to name them). */
export interface SettingsTabProps {
  keys: RefObject<TabKeyHandler | undefined>;
  attached: boolean;
}

/**
 * Settings (`/settings`), as the web's page has them: the providers' API keys, the project's permission
 * rules, the MCP servers, the agent's overrides, the OpenAI-compatible endpoints, the agent CLIs and the
 * server's limits, one tab at a time (←/→ or Tab switch, Esc closes). Idle prompts have their
 * own panel (`/idle`), and the project's MCP entries waiting for a decision theirs (`/mcp`).
 */
export function SettingsPage({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const claims = useKeyClaims();
  const [tab, setTab] = useState<SettingsTab>("keys");
  // One handler for the page and its tab, so the tab always sees a key first whatever Ink's order.
  const tabKeys = useRef<TabKeyHandler | undefined>(undefined);

  const keysAttached = useKeys((input, key) => {
    claims.claim();
    if (tabKeys.current?.(input, key) === true) return;
    if (key.escape || input === "q") return onClose();
    const index = TABS.findIndex((candidate) => candidate.id === tab);
    const step = key.rightArrow || key.tab ? 1 : key.leftArrow ? -1 : 0;
    if (step !== 0) setTab(TABS[(index + step + TABS.length) % TABS.length]?.id ?? "keys");
  });

  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <TabTitles name="Settings" tabs={TABS} current={tab} />
      {tab === "keys" && <ApiKeysTab keys={tabKeys} attached={keysAttached} />}
      {tab === "rules" && <PermissionRulesTab keys={tabKeys} attached={keysAttached} />}
      {tab === "mcp" && <McpServersTab keys={tabKeys} attached={keysAttached} />}
      {tab === "agent" && <AgentOverrideTab keys={tabKeys} attached={keysAttached} />}
      {tab === "endpoints" && <EndpointsTab keys={tabKeys} attached={keysAttached} />}
      {tab === "agent-clis" && <AgentClisTab keys={tabKeys} attached={keysAttached} />}
      {tab === "limits" && <LimitsTab keys={tabKeys} attached={keysAttached} />}
      {keysAttached && <Text dimColor>←/→ or Tab: another tab · Esc closes</Text>}
    </Box>
  );
}
