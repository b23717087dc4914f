import { parse } from "smol-toml";
import type { ManifestFolder } from "./manifest-folder.ts";

/** A TOML file of the folder parsed with smol-toml, or undefined when it is missing or malformed. */
export async function readToml<T>(folder: ManifestFolder, name: string): Promise<T | undefined> {
  const text = await folder.read(name);
  if (text === undefined) return undefined;
  try {
    return parse(text) as T;
  } catch {
    return undefined;
  }
}
