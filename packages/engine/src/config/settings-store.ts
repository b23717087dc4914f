import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { chmod, mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { decodeParleySettings, type ParleySettings, parseJson } from "@parley/protocol";
import type { EnvironmentVariables } from "./resolve-model-config.ts";

/** The settings file could not be read, parsed or validated; the message names the file and the fix. */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
}

/** Parley's home directory: `PARLEY_HOME`, else `~/.parley`. */
export function parleyHome(env: EnvironmentVariables): string {
  const configured = env.PARLEY_HOME?.trim();
  return configured ? configured : join(homedir(), ".parley");
}

/** Where the settings live inside a Parley home. */
export function settingsPath(home: string): string {
  return join(home, "settings.json");
}

/**
 * Reads `home/settings.json`. A missing file is empty settings; unreadable JSON or invalid fields
 * throw a `SettingsError` (never silently discarded: the file may hold the user's keys).
 */
export async function loadSettings(home: string): Promise<ParleySettings> {
  const path = settingsPath(home);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new SettingsError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  return decodeSettingsText(path, text);
}

/** `loadSettings` for callers that cannot wait (a settings file is small); same errors. */
export function loadSettingsSync(home: string): ParleySettings {
  const path = settingsPath(home);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new SettingsError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  return decodeSettingsText(path, text);
}

function decodeSettingsText(path: string, text: string): ParleySettings {
  const parsed = parseJson(text);
  if (!parsed.success) {
    throw new SettingsError(`${path} is not valid JSON (${parsed.error.message}); fix or remove the file`);
  }
  const decoded = decodeParleySettings(parsed.value);
  if (!decoded.success) throw new SettingsError(`${path} has invalid settings: ${decoded.error.message}`);
  return decoded.value;
}

/**
 * Validates and writes `home/settings.json` atomically with mode 0600 (it holds API keys): a
 * temporary file is written and fsynced, renamed over the old one, and the directory is fsynced.
 */
export async function saveSettings(home: string, settings: ParleySettings): Promise<void> {
  const decoded = decodeParleySettings(settings);
  if (!decoded.success)
    throw new SettingsError(`Refusing to save invalid settings: ${decoded.error.message}`);
  await mkdir(home, { recursive: true, mode: 0o700 });
  const path = settingsPath(home);
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    const file = await open(temporary, "wx", 0o600);
    try {
      await file.writeFile(`${JSON.stringify(decoded.value, null, 2)}\n`, "utf8");
      await file.sync();
    } finally {
      await file.close();
    }
    // The mode given to open() is filtered by the umask; make 0600 explicit.
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(home);
}

async function syncDirectory(directory: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(directory, "r");
    await handle.sync();
  } catch (error) {
    // Some platforms (Windows) cannot open or fsync a directory; the rename is still atomic there.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL" && code !== "EACCES") throw error;
  } finally {
    await handle?.close();
  }
}
