import { loadSettings } from "@parley/engine/settings";
import type { AgentPermissionMode, PermissionMode } from "@parley/protocol";
import type { Store } from "../../store/store.ts";
import type { MessagePublisher } from "./message-publisher.ts";

/**
 * The permission mode an agent of a session runs in: the session's own choice (`POST
 * /api/sessions/:id/mode`), else the agent override's, else the settings', else `default`.
 */
export function resolvePermissionMode(
  store: Store,
  projectRoot: string,
  sessionId: string,
  agentId: string,
  settingsMode: PermissionMode | undefined,
): AgentPermissionMode & { permission_mode: PermissionMode } {
  const chosen = store.sessionAgents.get(sessionId, agentId);
  if (chosen !== undefined) {
    return {
      agent_id: agentId,
      permission_mode: chosen.permission_mode,
      source: "session",
      updated_at_ms: chosen.updated_at_ms,
    };
  }
  const override = store.overrides.get(projectRoot, agentId)?.permission_mode as PermissionMode | undefined;
  if (override !== undefined)
    return { agent_id: agentId, permission_mode: override, source: "agent_override" };
  if (settingsMode !== undefined)
    return { agent_id: agentId, permission_mode: settingsMode, source: "settings" };
  return { agent_id: agentId, permission_mode: "default", source: "default" };
}

/** The mode an agent of a session runs in now, reading the settings file for the fallback. */
export async function currentPermissionMode(
  context: { store: Store; projectRoot: string; home: string },
  sessionId: string,
  agentId: string,
): Promise<PermissionMode> {
  const settings = await loadSettings(context.home).catch(() => ({ permission_mode: undefined }));
  return resolvePermissionMode(
    context.store,
    context.projectRoot,
    sessionId,
    agentId,
    settings.permission_mode,
  ).permission_mode;
}

/**
 * Inside a unit of work: sets a session's mode for one agent and, when it differs from the one in force,
 * marks the change in the chat with a SystemControl `mode_change` message (whose id it returns). Only the
 * authenticated API calls this; no tool can reach it.
 */
export function changePermissionMode(
  context: { store: Store; publisher: MessagePublisher; now: () => number },
  change: {
    sessionId: string;
    agentId: string;
    mode: PermissionMode;
    previous: PermissionMode;
    reason: string;
  },
): string | undefined {
  context.store.sessionAgents.put({
    session_id: change.sessionId,
    agent_id: change.agentId,
    permission_mode: change.mode,
    updated_at_ms: context.now(),
  });
  if (change.mode === change.previous) return undefined;
  return context.publisher.append(
    { sessionId: change.sessionId, agentId: change.agentId, runId: null },
    "system",
    {
      kind: "SystemControl",
      data: {
        action: "mode_change",
        mode: change.mode,
        previous_mode: change.previous,
        reason: change.reason,
      },
    },
    `Permission mode: ${change.mode}`,
  );
}
