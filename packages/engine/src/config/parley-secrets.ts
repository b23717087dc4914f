import type { ParleySettings } from "@parley/protocol";
import type { EnvironmentVariables } from "./resolve-model-config.ts";

/**
 * The environment variables that hold Parley's own secrets: its API token and the model keys it reads.
 * The one list everything a project controls is kept away from (a `.mcp.json`'s `${VAR}`, child processes).
 */
export const PARLEY_SECRET_VARIABLES: readonly string[] = [
  "PARLEY_TOKEN",
  "ANTHROPIC_API_KEY",
  "OPENAI_API_KEY",
];

/** A `PARLEY_…` variable named like a credential (`…_TOKEN`, `…_KEY`, `…_SECRET`, `…_PASSWORD`). */
const PARLEY_CREDENTIAL_NAME = /^PARLEY_(?:\w*_)?(?:TOKEN|KEY|SECRET|PASSWORD)$/;

/** A value shorter than this is not matched by value: `DEBUG=1` must not be taken for a secret. */
const MIN_SECRET_LENGTH = 8;

/** Whether a variable is one of Parley's secrets by its name alone. */
export function isParleySecretVariable(name: string): boolean {
  return PARLEY_SECRET_VARIABLES.includes(name) || PARLEY_CREDENTIAL_NAME.test(name);
}

/** Parley's secrets in one process: every secret value it knows (names are `isParleySecretVariable`'s). */
export interface ParleySecrets {
  /** The secrets' values (the secret variables' values, keys stored in settings, the server's token). */
  values: ReadonlySet<string>;
}

/**
 * Collects Parley's secrets: the values of its secret variables in `env`, every API key stored in
 * `settings`, and `token` (the server's, which may be random and in no variable).
 */
export function parleySecrets(options: {
  env: EnvironmentVariables;
  settings?: ParleySettings;
  token?: string;
}): ParleySecrets {
  const providers = options.settings?.providers;
  const candidates = [
    ...Object.entries(options.env)
      .filter(([name]) => isParleySecretVariable(name))
      .map(([, value]) => value),
    providers?.anthropic?.api_key,
    providers?.openai?.api_key,
    ...(providers?.openai_compatible ?? []).map((endpoint) => endpoint.api_key),
    options.token,
  ];
  const values = candidates
    .map((value) => value?.trim())
    .filter((value): value is string => value !== undefined && value.length >= MIN_SECRET_LENGTH);
  return { values: new Set(values) };
}

/** Whether a variable is one of Parley's secrets: by its name, or because its value is one of them. */
export function isParleySecret(name: string, value: string | undefined, secrets: ParleySecrets): boolean {
  return isParleySecretVariable(name) || (value !== undefined && secrets.values.has(value.trim()));
}

/** `env` without Parley's secrets (by name and by value): what a project's own config may read. */
export function withoutParleySecrets(
  env: EnvironmentVariables,
  secrets: ParleySecrets,
): EnvironmentVariables {
  return Object.fromEntries(
    Object.entries(env).filter(([name, value]) => !isParleySecret(name, value, secrets)),
  );
}
