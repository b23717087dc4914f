import { join } from "node:path";
import type { EnvironmentVariables } from "@parley/engine";
import {
  describeModel,
  loadSettings,
  ModelConfigError,
  modelConfigFromRef,
  resolveModelConfig,
  saveSettings,
} from "@parley/engine/settings";
import {
  decodeParleySettings,
  type ParleySettings,
  type ProjectInstructionsStatus,
  SettingsUpdateSchema,
  type SettingsView,
  SettingsViewSchema,
} from "@parley/protocol";
import { idlePromptStatus, idleSchedulerSettings } from "../../missions/idle-scheduler-settings.ts";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";
import { requireShallowJson } from "./json-depth.ts";

/** `GET/POST /api/settings`: provider, model and keys; keys never leave the server. */
export function settingsRoutes(context: ServerContext): RouteDefinition[] {
  // One update at a time: each reads, merges and writes the file, and two interleaved would lose one.
  let updating: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(update: () => Promise<T>): Promise<T> => {
    const next = updating.then(update);
    updating = next.catch(() => {});
    return next;
  };
  return [
    defineRoute({
      method: "get",
      path: "/api/settings",
      summary: "The settings, with API keys replaced by whether they are set",
      tag: "settings",
      response: SettingsViewSchema,
      handler: async () => {
        const settings = await loadSettings(context.home);
        return settingsView(settings, context.env, await instructionsStatus(context, settings));
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/settings",
      summary: "Merge a partial update into the settings (null removes a field)",
      tag: "settings",
      body: SettingsUpdateSchema,
      response: SettingsViewSchema,
      handler: ({ body }) =>
        oneAtATime(async () => {
          requireShallowJson(body, "body");
          const current = await loadSettings(context.home);
          const merged = decodeParleySettings(mergeSettings(current, body));
          if (!merged.success) {
            const issues = merged.error.issues.map((issue) => ({
              path: `body.${issue.path}`,
              message: issue.message,
            }));
            throw new ApiError(
              "invalid_request",
              issues.map((issue) => `${issue.path}: ${issue.message}`).join("; "),
              {
                issues,
              },
            );
          }
          requireUsableModels(current, merged.value, body, context.env);
          await saveSettings(context.home, merged.value);
          // The switch decides whose skills are slash commands, and a message is expanded over the last read:
          // read again now, so the next `/name` cannot reach a project's skill just turned off.
          if (body.project_instructions !== undefined) await context.customCommands.refresh().catch(() => {});
          context.bus.publish({
            type: "StateUpdated",
            reason: "settings_changed",
            project_root: context.projectRoot,
          });
          return settingsView(merged.value, context.env, await instructionsStatus(context, merged.value));
        }),
    }),
  ];
}

/**
 * The settings as a browser may see them, with idle prompts as they run (Settings over the environment) and
 * the project's instruction files as the next run reads them.
 */
export function settingsView(
  settings: ParleySettings,
  env: EnvironmentVariables,
  instructions?: ProjectInstructionsStatus,
): SettingsView {
  const idle = idleSchedulerSettings(env, {}, settings.idle_prompts);
  const model = currentModel(settings, env);
  const providers = settings.providers ?? {};
  const apiKeys: SettingsView["api_keys"] = [
    keyStatus("anthropic", env.ANTHROPIC_API_KEY, providers.anthropic?.api_key),
    keyStatus("openai", env.OPENAI_API_KEY, providers.openai?.api_key),
    ...(providers.openai_compatible ?? []).map((endpoint) =>
      keyStatus(endpoint.id, undefined, endpoint.api_key),
    ),
  ];
  return {
    settings: withoutKeys(settings),
    api_keys: apiKeys,
    model,
    idle_prompts: idlePromptStatus(idle, env, settings.idle_prompts),
    ...(instructions && { project_instructions: instructions }),
  };
}

/** The project's instruction files, listed also while turned off, so the page shows what turning on gives. */
async function instructionsStatus(
  context: ServerContext,
  settings: ParleySettings,
): Promise<ProjectInstructionsStatus> {
  const { projectRoot } = context;
  // Not on the start's path, and not the engine's index: a page opening before the agents load.
  const { readProjectInstructions, USER_INSTRUCTIONS_FILE } = await import(
    "@parley/engine/project-instructions"
  );
  const { readSkills } = await import("@parley/engine/skills");
  const rules = context.store.permissionRules.list(projectRoot);
  const [{ files, skipped }, skills] = await Promise.all([
    readProjectInstructions(projectRoot, ["user", "project", "local"], {
      rules,
      userFile: join(context.home, USER_INSTRUCTIONS_FILE),
    }),
    readSkills(projectRoot, { parleyHome: context.home, home: context.env.HOME, rules }),
  ]);
  return {
    enabled: settings.project_instructions !== false,
    files: files.map((file) => ({
      path: file.path,
      bytes: file.bytes,
      given_bytes: file.givenBytes,
      ...(file.duplicates.length > 0 && { duplicates: file.duplicates }),
      ...(file.importedBy !== undefined && { imported_by: file.importedBy }),
    })),
    skipped: skipped.map((file) => ({ path: file.path, reason: file.reason })),
    skills: skills.skills.map(({ name, description, source, folder }) => ({
      name,
      description,
      source,
      folder,
    })),
    skipped_skills: skills.skipped.map(({ path, reason }) => ({ path, reason })),
  };
}

/**
 * The model runs would use now. A configuration that names an unusable model (unknown provider, missing
 * key) is reported, not thrown: the settings page is where the user fixes it.
 */
export function currentModel(settings: ParleySettings, env: EnvironmentVariables): SettingsView["model"] {
  try {
    const model = describeModel(resolveModelConfig({ env, settings }));
    return {
      ref: model.ref,
      label: model.label,
      provider: model.provider,
      model: model.model,
      is_demo: model.isDemo,
      source: model.source,
    };
  } catch (error) {
    if (!(error instanceof ModelConfigError)) throw error;
    const ref = env.PARLEY_MODEL ?? settings.model ?? "";
    return {
      ref,
      label: ref || "no model",
      provider: ref.split(":")[0] ?? "",
      model: "",
      is_demo: false,
      source: "error",
      error: error.message,
    };
  }
}

/**
 * Refuses an update that leaves a model no run could use (an unknown provider, a provider without its
 * key): saved, it would fail every run and every settings view. Only models the update names, or whose
 * providers it changes, are checked, so an unrelated edit is never blocked by the environment.
 */
function requireUsableModels(
  current: ParleySettings,
  settings: ParleySettings,
  update: Record<string, unknown>,
  env: EnvironmentVariables,
): void {
  for (const field of ["model", "fallback_model"] as const) {
    const reference = settings[field];
    if (reference === undefined || !(field in update || "providers" in update)) continue;
    try {
      modelConfigFromRef(reference, { env, settings, source: "settings" });
    } catch (error) {
      if (!(error instanceof ModelConfigError)) throw error;
      // The update removes the endpoint a kept model names: say so, not "add that endpoint".
      const provider = reference.includes(":") ? reference.slice(0, reference.indexOf(":")) : reference;
      const endpointIds = (of: ParleySettings) =>
        (of.providers?.openai_compatible ?? []).map((entry) => entry.id);
      const removed =
        !(field in update) &&
        endpointIds(current).includes(provider) &&
        !endpointIds(settings).includes(provider);
      const message = removed
        ? `${provider} is the provider of the ${field === "model" ? "model" : "fallback model"} (${reference}): choose another one before removing it`
        : error.message;
      const path = removed ? "body.providers.openai_compatible" : `body.${field}`;
      throw new ApiError("invalid_request", `${path}: ${message}`, { issues: [{ path, message }] });
    }
  }
}

function keyStatus(provider: string, fromEnv: string | undefined, fromSettings: string | undefined) {
  const key = fromEnv || fromSettings;
  if (!key) return { provider, configured: false, source: "none" };
  return { provider, configured: true, hint: `…${key.slice(-4)}`, source: fromEnv ? "env" : "settings" };
}

function withoutKeys(settings: ParleySettings): Record<string, unknown> {
  const copy = structuredClone(settings) as Record<string, unknown> & ParleySettings;
  if (copy.providers?.anthropic) delete copy.providers.anthropic.api_key;
  if (copy.providers?.openai) delete copy.providers.openai.api_key;
  for (const endpoint of copy.providers?.openai_compatible ?? []) delete endpoint.api_key;
  return copy;
}

/**
 * Deep-merges an update into stored settings: `null` deletes, objects merge, arrays replace. An
 * OpenAI-compatible endpoint sent without `api_key` keeps the key stored for the same id while its base URL
 * keeps its origin (scheme, host and port), so a form that never sees keys can still edit endpoints, but a key never follows an id
 * to another host; one sent with `api_key: null` loses its key, as `null` deletes everywhere else.
 */
export function mergeSettings(current: ParleySettings, update: Record<string, unknown>): unknown {
  const merged = mergeValue(current, update) as ParleySettings;
  const stored = new Map(
    (current.providers?.openai_compatible ?? []).map((endpoint) => [endpoint.id, endpoint]),
  );
  const updatedEndpoints = (
    update.providers as { openai_compatible?: { id?: string; api_key?: unknown }[] } | undefined
  )?.openai_compatible;
  if (Array.isArray(updatedEndpoints)) {
    for (const endpoint of merged.providers?.openai_compatible ?? []) {
      const sent = updatedEndpoints.find((candidate) => candidate.id === endpoint.id);
      const before = stored.get(endpoint.id);
      const sameHost = before !== undefined && originOf(before.base_url) === originOf(endpoint.base_url);
      if (sent !== undefined && !("api_key" in sent) && before?.api_key !== undefined && sameHost)
        endpoint.api_key = before.api_key;
      if (endpoint.api_key === null) delete endpoint.api_key;
    }
  }
  return merged;
}

/** A base URL's scheme, host and port; undefined for one that does not parse (validation refuses it). */
function originOf(url: unknown): string | undefined {
  if (typeof url !== "string" || !URL.canParse(url)) return undefined;
  return new URL(url).origin;
}

function mergeValue(current: unknown, update: unknown): unknown {
  if (!isPlainObject(update) || !isPlainObject(current)) return structuredClone(update);
  const result: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete result[key];
    else result[key] = mergeValue(current[key], value);
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
