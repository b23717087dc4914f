import type { ManifestFolder } from "./manifest-folder.ts";
import { parseError } from "./parse-error.ts";

/** A TOML file of the folder parsed with smol-toml; undefined when missing, and reported when malformed. */
export async function readToml<T>(folder: ManifestFolder, name: string): Promise<T | undefined> {
  const text = await folder.read(name);
  if (text === undefined) return undefined;
  try {
    // Loaded on the first TOML file: the worker starts faster without it.
    const { parse } = await import("smol-toml");
    return parse(text) as T;
  } catch (error) {
    folder.problem(name, "invalid", `is not valid TOML (${parseError(error)}).`);
    return undefined;
  }
}
