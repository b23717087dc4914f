import type { ApiErrorIssue, SettingsUpdate, SettingsView } from "@parley/protocol";
import { ApiRequestError, ParleyClient } from "@parley/sdk";

// The chat store has no settings actions, so the settings page calls the sdk's ParleyClient directly:
// same origin, with the session cookie, decoded with the protocol's SettingsViewSchema.

/** The outcome of a settings call: the new view, or what went wrong in words and per-field issues. */
export type SettingsResult =
  | { ok: true; value: SettingsView }
  | { ok: false; status: number; message: string; issues: ApiErrorIssue[]; signedOut: boolean };

/** The settings routes of Parley's HTTP API, as the settings page uses them. */
export interface SettingsApi {
  /** `GET /api/settings`: the settings with keys reduced to "configured" and a hint. */
  load(): Promise<SettingsResult>;
  /** `POST /api/settings`: merges `update` (`null` removes a field) and returns the new view. */
  save(update: SettingsUpdate): Promise<SettingsResult>;
}

/** The settings API over a same-origin `ParleyClient`; tests pass a client with a scripted fetch. */
export function createSettingsApi(client: ParleyClient = new ParleyClient()): SettingsApi {
  return {
    load: () => settle(client.getSettings()),
    save: (update) => settle(client.updateSettings(update)),
  };
}

async function settle(request: Promise<SettingsView>): Promise<SettingsResult> {
  try {
    return { ok: true, value: await request };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) {
      return { ok: false, status: 0, message: String(error), issues: [], signedOut: false };
    }
    return {
      ok: false,
      status: error.status,
      message: error.body?.error.message ?? error.message,
      issues: error.body?.error.issues ?? [],
      signedOut: error.unauthorized,
    };
  }
}
