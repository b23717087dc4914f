import { ModelConfigError } from "./model-config-error.ts";

/** A `provider:model` reference split into its parts. */
export interface ParsedModelRef {
  provider: string;
  model: string;
}

const PROVIDER_ID = /^[A-Za-z0-9][\w.-]*$/;

/**
 * Splits `provider:model` at the first colon (`ollama:qwen3:8b` → `ollama` + `qwen3:8b`); `demo`
 * alone means the demo model. Throws a `ModelConfigError` that says what a reference looks like.
 */
export function parseModelRef(reference: string): ParsedModelRef {
  const text = reference.trim();
  if (text === "demo") return { provider: "demo", model: "demo" };
  const colon = text.indexOf(":");
  const provider = colon > 0 ? text.slice(0, colon) : "";
  const model = colon > 0 ? text.slice(colon + 1) : "";
  if (!provider || !model || /\s/.test(model) || !PROVIDER_ID.test(provider)) {
    throw new ModelConfigError(
      `"${reference}" is not a model reference: write provider:model, e.g. ${suggestionFor(text)}`,
    );
  }
  return { provider, model };
}

function suggestionFor(text: string): string {
  if (/^claude/i.test(text)) return `"anthropic:${text}"`;
  if (/^(gpt|o\d|chatgpt)/i.test(text)) return `"openai:${text}"`;
  return '"anthropic:claude-opus-5-5", "openai:gpt-5.5", "ollama:qwen3:8b" or "demo"';
}
