/**
 * What a program needs before any agent runs: Parley's settings, the model's configuration and description,
 * secrets, child environments and the version. A subpath of its own (`@parley/engine/settings`): a bundle
 * puts every module that some lazy chunk uses into the chunk of whatever imports the package's index, so
 * `parley serve`'s start imports this file instead and the engine loads with the agents.
 * See docs/decisions/2026-11-27-agents-start-after-listen.md.
 */
export { childEnvironmentFor } from "./children/child-environment-settings.ts";
export { describeModel } from "./config/describe-model.ts";
export { ModelConfigError } from "./config/model-config-error.ts";
export { parleySecrets, withoutParleySecrets } from "./config/parley-secrets.ts";
export { modelConfigFromRef, resolveModelConfig } from "./config/resolve-model-config.ts";
export {
  loadSettings,
  loadSettingsSync,
  parleyHome,
  saveSettings,
  settingsPath,
} from "./config/settings-store.ts";
export { PARLEY_VERSION } from "./version.ts";
