import { isParleySecret, parleySecrets } from "../config/parley-secrets.ts";
import type { EnvironmentVariables } from "../config/resolve-model-config.ts";

/** What, beyond the names, decides a child's environment. */
export interface ChildEnvironmentOptions {
  /**
   * Secrets Parley holds outside its environment (keys stored in its settings, the server's token): a
   * variable holding one of these values is withheld too, whatever its name.
   */
  secretValues?: Iterable<string | undefined>;
  /** Withheld variables the person chose to pass on to this child anyway (their own settings' `pass_env`). */
  passEnv?: readonly string[];
}

/** The environment a child starts with, and which of the person's variables it did not get. */
export interface ChildEnvironment {
  env: Record<string, string>;
  /** Names of the variables withheld as Parley's secrets, so a child that fails can say what it lacked. */
  withheld: string[];
}

/**
 * The one rule for every child process Parley starts: the person's environment minus Parley's secrets (by
 * name, and any variable holding a secret value), except those the person passes on to it deliberately.
 * Where the child runs is set where it is spawned: `withWorkingDirectory` makes `PWD` agree with its cwd.
 */
export function childEnvironment(
  env: EnvironmentVariables,
  options: ChildEnvironmentOptions = {},
): ChildEnvironment {
  // Values in `env` under a secret's name are secret wherever else they appear (a copy under another name).
  const secrets = parleySecrets({ env });
  const values = new Set(secrets.values);
  for (const value of options.secretValues ?? []) if (value) values.add(value.trim());
  const passed = new Set(options.passEnv ?? []);
  const result: Record<string, string> = {};
  const withheld: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    const secret = isParleySecret(name, value, { values });
    if (secret && !passed.has(name)) withheld.push(name);
    else result[name] = value;
  }
  return { env: result, withheld: withheld.sort() };
}

/**
 * `env` for a child running in `cwd`: `PWD` is set to it, since OpenCode and shells take `PWD` for where they
 * are and would otherwise act on the folder Parley itself was started in.
 */
export function withWorkingDirectory(env: EnvironmentVariables, cwd: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) result[name] = value;
  result.PWD = cwd;
  return result;
}
