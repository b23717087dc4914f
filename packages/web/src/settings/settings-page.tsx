import { decodeParleySettings } from "@parley/protocol";
import { type ThemePreference, useTheme } from "../theme/theme-context.tsx";
import { AgentClisSection } from "./agent-clis-section.tsx";
import { type AgentOverrideApi, AgentOverrideSection } from "./agent-override-section.tsx";
import { ApiKeyRow } from "./api-key-row.tsx";
import { EndpointsSection } from "./endpoints-section.tsx";
import { IdlePromptsSection } from "./idle-prompts-section.tsx";
import { LimitsSection } from "./limits-section.tsx";
import { McpServersSection } from "./mcp-servers-section.tsx";
import { defaultMissionApi, type MissionApi, MissionSection } from "./mission-section.tsx";
import { ModelForm } from "./model-form.tsx";
import { PermissionRulesSection } from "./permission-rules-section.tsx";
import { ProjectInstructionsSection } from "./project-instructions-section.tsx";
import type { SettingsApi } from "./settings-api.ts";
import { useSettings } from "./use-settings.ts";

/**
 * The settings page: model and provider, API keys (write-only), the mission, the MCP servers (reloaded
 * whenever `mcpRevision` changes), the project's permission rules (whenever `rulesRevision` changes), the
 * limits and the theme.
 */
export function SettingsPage({
  api,
  onClose,
  rulesRevision = 0,
  mcpRevision = 0,
  missionApi = defaultMissionApi(),
  overrideApi = defaultMissionApi(),
}: {
  api: SettingsApi;
  onClose: () => void;
  rulesRevision?: number;
  /** Bumped when the MCP servers change on the server, so their section reloads. */
  mcpRevision?: number;
  /** The project's mission calls (the page's same-origin client unless a test passes one). */
  missionApi?: MissionApi;
  /** The main agent's override calls (the same client unless a test passes one). */
  overrideApi?: AgentOverrideApi;
}) {
  const { view, loadError, save } = useSettings(api);
  const decoded = view === undefined ? undefined : decodeParleySettings(view.settings);
  const settings = decoded?.success === true ? decoded.value : {};
  // The server replaces the endpoint list whole, so an update of it is built from settings read just before:
  // another tab or the terminal UI may have changed them since this page loaded.
  const latest = async () => {
    const loaded = await api.load();
    if (!loaded.ok) throw new Error(`Could not read the settings: ${loaded.message}`);
    const fresh = decodeParleySettings(loaded.value.settings);
    if (!fresh.success) throw new Error("Could not read the settings: the server's answer does not decode");
    return fresh.value;
  };
  return (
    <main className="settings-page" data-testid="settings-page" aria-labelledby="settings-title">
      <div className="settings-header">
        <h1 id="settings-title">Settings</h1>
        <button type="button" className="button" data-testid="settings-close" onClick={onClose}>
          Back to chat
        </button>
      </div>
      {loadError !== undefined && (
        <p className="notice notice-error" role="alert" data-testid="settings-load-error">
          {loadError.signedOut ? "Signed out: open the login link Parley printed." : loadError.message}
        </p>
      )}
      {view === undefined && loadError === undefined && <p className="muted">Loading settings…</p>}
      {view !== undefined && (
        <>
          <ModelForm view={view} settings={settings} save={save} />
          <section className="settings-section" aria-labelledby="settings-keys-title">
            <h2 id="settings-keys-title">API keys</h2>
            <p className="muted">
              Keys are stored on this machine by the server and never shown again; only their last four
              characters are.
            </p>
            {view.api_keys.map((status) => (
              <ApiKeyRow key={status.provider} status={status} latest={latest} save={save} />
            ))}
          </section>
          <EndpointsSection settings={settings} latest={latest} save={save} />
        </>
      )}
      <MissionSection api={missionApi} />
      {view?.idle_prompts !== undefined && <IdlePromptsSection status={view.idle_prompts} save={save} />}
      <AgentClisSection />
      <AgentOverrideSection api={overrideApi} />
      {view?.project_instructions !== undefined && (
        <ProjectInstructionsSection status={view.project_instructions} save={save} />
      )}
      <McpServersSection api={api} revision={mcpRevision} />
      <PermissionRulesSection api={api} revision={rulesRevision} />
      <LimitsSection api={api} />
      <ThemeSection />
    </main>
  );
}

const THEME_OPTIONS: { value: ThemePreference; label: string }[] = [
  { value: "system", label: "Follow the system" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

function ThemeSection() {
  const theme = useTheme();
  return (
    <fieldset className="settings-section">
      <legend>Theme</legend>
      {THEME_OPTIONS.map((option) => (
        <label key={option.value} className="radio">
          <input
            type="radio"
            name="theme"
            value={option.value}
            data-testid={`settings-theme-${option.value}`}
            checked={theme.preference === option.value}
            onChange={() => theme.setPreference(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
