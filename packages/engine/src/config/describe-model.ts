import type { CredentialSource, ModelConfig, ModelSource, ProviderKind } from "./model-config.ts";
import { modelRef } from "./model-config.ts";

/** A model choice as a UI or API may show it: no secrets, and `isDemo` to label the demo model. */
export interface ModelDescription {
  /** `provider:model`, or `demo`. */
  ref: string;
  provider: string;
  kind: ProviderKind;
  model: string;
  isDemo: boolean;
  /** A short human label, e.g. `claude-opus-5-5 (anthropic)` or `Demo model (offline)`. */
  label: string;
  baseUrl?: string;
  apiKeySource: CredentialSource;
  source: ModelSource;
}

/** Describes a model config without its API key. */
export function describeModel(config: ModelConfig): ModelDescription {
  const isDemo = config.kind === "demo";
  return {
    ref: modelRef(config),
    provider: config.provider,
    kind: config.kind,
    model: config.model,
    isDemo,
    label: isDemo ? "Demo model (offline)" : `${config.model} (${config.provider})`,
    ...(config.baseUrl && { baseUrl: config.baseUrl }),
    apiKeySource: config.apiKeySource,
    source: config.source,
  };
}
