/**
 * A model choice that cannot work: a malformed `provider:model`, an unknown provider, or a hosted
 * provider with no API key. The message names the problem and how to fix it.
 */
export class ModelConfigError extends Error {
  override readonly name = "ModelConfigError";
}
