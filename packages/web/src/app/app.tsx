import {
  agentCliOf,
  GearIcon,
  MenuIcon,
  MessageList,
  QueueList,
  type SessionAgentCli,
  useActiveSessionSummary,
  useChatActions,
  useChatStore,
} from "@parley/react";
import { useEffect, useMemo, useState } from "react";
import { SignedOutPage } from "../auth/signed-out-page.tsx";
import { MissionLine } from "../chat/mission-line.tsx";
import { ChatComposer } from "../composer/chat-composer.tsx";
import { ProjectPage } from "../project/project-page.tsx";
import { type AgentBackendsApi, createAgentBackendsApi } from "../sessions/agent-backends-api.ts";
import { EditorThreadLabel, EditorThreadNote } from "../sessions/editor-thread-note.tsx";
import { NewSessionBackend } from "../sessions/new-session-backend.tsx";
import { SessionList } from "../sessions/session-list.tsx";
import { MCP_SERVERS_SECTION } from "../settings/mcp-servers-section.tsx";
import type { SettingsApi } from "../settings/settings-api.ts";
import { SettingsPage } from "../settings/settings-page.tsx";
import { AgentCliLabel } from "../status/agent-cli-label.tsx";
import { CompactButton } from "../status/compact-button.tsx";
import { type ConnectionDisplayStatus, ConnectionIndicator } from "../status/connection-indicator.tsx";
import { ContextMeter } from "../status/context-meter.tsx";
import { McpConsentNotice } from "../status/mcp-consent-notice.tsx";
import { DemoLabel, ErrorBanner, ModelFallbackNotice } from "../status/notices.tsx";
import { PermissionModeSelect } from "../status/permission-mode-select.tsx";
import { StatusAnnouncer } from "../status/status-announcer.tsx";
import { ThemeToggle } from "../theme/theme-toggle.tsx";
import { WorkflowsPage } from "../workflows/workflows-page.tsx";
import { navigate, type Route, useRoute } from "./use-route.ts";
import { useSessionRoute } from "./use-session-route.ts";

/**
 * The whole page: the session sidebar (a drawer on narrow screens), a top bar with the session's status,
 * and either the chat (a notice while project MCP servers wait for consent, messages, queue, composer) or
 * the settings page.
 */
export function App({
  settingsApi,
  agentBackendsApi,
}: {
  settingsApi: SettingsApi;
  /** Where the new-session picker finds the installed agent CLIs (the page's own server by default). */
  agentBackendsApi?: AgentBackendsApi;
}) {
  const actions = useChatActions();
  const backends = useMemo(() => agentBackendsApi ?? createAgentBackendsApi(), [agentBackendsApi]);
  const route = useRoute();
  useSessionRoute(route);
  const connection = useChatStore((state) => state.connection);
  const sessions = useChatStore((state) => state.sessions);
  const signedOut = useChatStore((state) => state.signedOut === true);
  const rulesRevision = useChatStore((state) => state.rulesRevision ?? 0);
  const mcpRevision = useChatStore((state) => state.mcpRevision ?? 0);
  const planMode = useChatStore((state) => state.session?.permissionModes?.main?.mode === "plan");
  const [sidebarOpen, setSidebarOpen] = useState(false);

  useEffect(() => {
    void actions.start();
    return () => actions.stop();
  }, [actions]);

  if (signedOut) return <SignedOutPage />;

  const openSession = (sessionId: string) => {
    setSidebarOpen(false);
    navigate({ page: "chat", sessionId });
  };
  const newChat = () => {
    setSidebarOpen(false);
    navigate({ page: "chat" });
    actions.newSession();
  };
  const backToChat = () => {
    const active = actions.getSnapshot().activeSessionId;
    navigate(active === undefined ? { page: "chat" } : { page: "chat", sessionId: active });
  };

  return (
    <div
      className="app"
      data-sidebar-open={sidebarOpen ? "true" : "false"}
      data-plan-mode={planMode ? "true" : "false"}
    >
      <a className="skip-link" href="#composer-input">
        Skip to message box
      </a>
      <aside className="sidebar" id="sidebar" aria-label="Sessions and settings">
        <div className="sidebar-brand">Parley</div>
        <SessionList onOpen={openSession} onNew={newChat} />
        <NewSessionBackend api={backends} sessions={sessions} onOpen={openSession} />
        <button
          type="button"
          className="button sidebar-settings"
          data-testid="settings-link"
          aria-current={route.page === "settings" ? "page" : undefined}
          onClick={() => {
            setSidebarOpen(false);
            navigate({ page: "settings" });
          }}
        >
          <GearIcon /> Settings
        </button>
        <button
          type="button"
          className="button sidebar-settings"
          data-testid="workflows-link"
          aria-current={route.page === "workflows" ? "page" : undefined}
          onClick={() => {
            setSidebarOpen(false);
            navigate({ page: "workflows" });
          }}
        >
          Workflows
        </button>
        <button
          type="button"
          className="button sidebar-settings"
          data-testid="project-link"
          aria-current={route.page === "project" ? "page" : undefined}
          onClick={() => {
            setSidebarOpen(false);
            navigate({ page: "project" });
          }}
        >
          Project
        </button>
      </aside>
      {sidebarOpen && (
        <button
          type="button"
          className="sidebar-scrim"
          aria-label="Close the session list"
          tabIndex={-1}
          onClick={() => setSidebarOpen(false)}
        />
      )}
      <div className="main">
        <TopBar
          route={route}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setSidebarOpen(!sidebarOpen)}
          connection={connection}
        />
        <Notices />
        {route.page === "workflows" ? (
          <WorkflowsPage onClose={backToChat} />
        ) : route.page === "project" ? (
          <ProjectPage onShared={backToChat} />
        ) : route.page === "settings" ? (
          <SettingsPage
            api={settingsApi}
            onClose={backToChat}
            rulesRevision={rulesRevision}
            mcpRevision={mcpRevision}
          />
        ) : (
          <main className="chat" aria-label="Chat">
            <div className="notices">
              <McpConsentNotice
                api={settingsApi}
                revision={mcpRevision}
                onReview={() => navigate({ page: "settings" }, { hash: MCP_SERVERS_SECTION })}
              />
            </div>
            <MissionLine onOpen={() => navigate({ page: "settings" })} />
            <MessageList />
            <ChatFooter />
          </main>
        )}
      </div>
      <StatusAnnouncer />
    </div>
  );
}

/** Under the chat: the queue and the message box, or on an editor's thread a note that the editor owns it. */
function ChatFooter() {
  const editorThread = useActiveSessionSummary()?.origin === "acp";
  return (
    <div className="chat-footer">
      {editorThread ? (
        <EditorThreadNote />
      ) : (
        <>
          <QueueList />
          <ChatComposer />
        </>
      )}
    </div>
  );
}

/** The header's title: the page's name, or on the chat the session's title. */
const PAGE_TITLES = { settings: "Settings", workflows: "Workflows", project: "Project" } as const;

function TopBar({
  route,
  sidebarOpen,
  onToggleSidebar,
  connection,
}: {
  route: Route;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  connection: ConnectionDisplayStatus;
}) {
  const session = useActiveSessionSummary();
  const connectionShared = useChatStore((state) => state.connectionShared);
  const title = route.page === "chat" ? (session?.title ?? "New chat") : PAGE_TITLES[route.page];
  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-button sidebar-toggle"
        data-testid="sidebar-toggle"
        aria-label={sidebarOpen ? "Hide sessions" : "Show sessions"}
        aria-expanded={sidebarOpen}
        aria-controls="sidebar"
        onClick={onToggleSidebar}
      >
        <MenuIcon />
      </button>
      <h1 className="topbar-title" data-testid="session-heading">
        {title}
      </h1>
      <div className="topbar-status">
        {route.page === "chat" &&
          (session?.origin === "acp" ? <EditorThreadLabel /> : <ChatStatus cli={agentCliOf(session)} />)}
        <ConnectionIndicator status={connection} shared={connectionShared} />
        <ThemeToggle />
      </div>
    </header>
  );
}

/**
 * What answers the open chat: an agent CLI (its name, model and agent), or Parley's own agent with its
 * permission mode, context, Compact and model.
 */
function ChatStatus({ cli }: { cli: SessionAgentCli | undefined }) {
  const usage = useChatStore((state) => state.session?.contextUsage);
  const isDemo = useChatStore((state) => state.model?.isDemo === true);
  const modelRef = useChatStore((state) => state.model?.ref);
  if (cli !== undefined) return <AgentCliLabel cli={cli} />;
  return (
    <>
      <PermissionModeSelect />
      {usage !== undefined && <ContextMeter usage={usage} />}
      <CompactButton />
      {isDemo && <DemoLabel />}
      {!isDemo && modelRef !== undefined && (
        <span className="muted topbar-model" data-testid="model-label">
          {modelRef}
        </span>
      )}
    </>
  );
}

function Notices() {
  const actions = useChatActions();
  const fallback = useChatStore((state) => state.session?.modelFallback);
  const error = useChatStore((state) => state.error);
  if (fallback === undefined && error === undefined) return null;
  return (
    <div className="notices">
      {fallback !== undefined && <ModelFallbackNotice fallback={fallback} />}
      {error !== undefined && <ErrorBanner error={error} onDismiss={() => actions.dismissError()} />}
    </div>
  );
}
