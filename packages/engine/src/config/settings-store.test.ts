import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSettings, parleyHome, SettingsError, saveSettings, settingsPath } from "./settings-store.ts";

let home: string;
beforeEach(async () => {
  home = join(await mkdtemp(join(tmpdir(), "parley-settings-")), "home");
});
afterEach(async () => {
  await rm(join(home, ".."), { recursive: true, force: true });
});

describe("the settings file", () => {
  it("reads a missing file as empty settings", async () => {
    expect(await loadSettings(home)).toEqual({});
  });

  it("writes settings that read back the same, readable by the owner only", async () => {
    const settings = {
      model: "anthropic:claude-opus-5-5",
      providers: { anthropic: { api_key: "sk-ant-secret" } },
    };

    await saveSettings(home, settings);

    expect(await loadSettings(home)).toEqual(settings);
    expect((await stat(settingsPath(home))).mode & 0o777).toBe(0o600);
    expect(await readdir(home)).toEqual(["settings.json"]);
  });

  it("replaces an existing file whole", async () => {
    await saveSettings(home, { model: "openai:gpt-5", max_turns: 3 });
    await saveSettings(home, { model: "demo" });

    expect(JSON.parse(await readFile(settingsPath(home), "utf8"))).toEqual({ model: "demo" });
  });

  it("refuses to save invalid settings and leaves the old file alone", async () => {
    await saveSettings(home, { model: "demo" });

    await expect(saveSettings(home, { model: "no-provider" })).rejects.toThrow(SettingsError);
    expect(await loadSettings(home)).toEqual({ model: "demo" });
    expect(await readdir(home)).toEqual(["settings.json"]);
  });

  it("reports a corrupt file with its path instead of discarding it", async () => {
    await saveSettings(home, {});
    await writeFile(settingsPath(home), '{"model": "anthropic:claude', "utf8");

    await expect(loadSettings(home)).rejects.toThrow(
      new RegExp(`${settingsPath(home).replaceAll("/", "\\/")} is not valid JSON .*fix or remove the file`),
    );
    expect(await readFile(settingsPath(home), "utf8")).toBe('{"model": "anthropic:claude');
  });

  it("reports settings that do not match the schema, naming the field", async () => {
    await saveSettings(home, {});
    await writeFile(settingsPath(home), JSON.stringify({ max_turns: "many" }), "utf8");

    await expect(loadSettings(home)).rejects.toThrow(/has invalid settings: max_turns/);
  });
});

describe("parleyHome", () => {
  it("is PARLEY_HOME when set, else ~/.parley", () => {
    expect(parleyHome({ PARLEY_HOME: "/srv/parley" })).toBe("/srv/parley");
    expect(parleyHome({})).toBe(join(homedir(), ".parley"));
  });
});
