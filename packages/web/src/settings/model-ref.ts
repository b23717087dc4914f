/** A model reference split for the form: `demo`, or a provider id and the model name after the first colon. */
export interface ModelChoice {
  provider: string;
  model: string;
}

/** Splits `provider:model` (the model may contain colons, as in `ollama:qwen3:8b`); `demo` has no model. */
export function splitModelRef(reference: string | undefined): ModelChoice {
  if (reference === undefined || reference === "" || reference === "demo")
    return { provider: "demo", model: "" };
  const colon = reference.indexOf(":");
  return colon < 0
    ? { provider: reference, model: "" }
    : { provider: reference.slice(0, colon), model: reference.slice(colon + 1) };
}

/** Joins a provider and model into the reference the server expects. */
export function joinModelRef(choice: ModelChoice): string {
  return choice.provider === "demo" ? "demo" : `${choice.provider}:${choice.model.trim()}`;
}
