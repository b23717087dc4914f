import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { formKey, formOf, type IdlePromptForm, settingsOf } from "./idle-prompt-form.ts";

const NO_KEY = {} as Key;

/** Presses keys one after another, as the panel does, and says which of them saved the form. */
function press(form: IdlePromptForm, ...keys: (string | Partial<Key>)[]) {
  const saves: IdlePromptForm[] = [];
  for (const key of keys) {
    const next =
      typeof key === "string" ? formKey(form, key, NO_KEY) : formKey(form, "", { ...NO_KEY, ...key } as Key);
    form = next.form;
    if (next.save) saves.push(form);
  }
  return { form, saves };
}

describe("the idle prompts form", () => {
  const off = formOf({ enabled: false, after_seconds: 600, max_turns_per_mission: 5, source: "default" });

  it("switches idle prompts on with Space and saves at once", () => {
    const { form, saves } = press(off, " ");
    expect(form.enabled).toBe(true);
    expect(saves.map(settingsOf)).toEqual([{ enabled: true, after_seconds: 600, max_turns_per_mission: 5 }]);
  });

  it("replaces a number with the first digit typed on its row, adds the next ones, and saves on Enter", () => {
    const { saves } = press(off, { downArrow: true }, "1", "5", { return: true });
    expect(saves.map(settingsOf)).toEqual([{ enabled: false, after_seconds: 900, max_turns_per_mission: 5 }]);
  });

  it("steps a number with ←/→ and never below 1, and edits it with Backspace", () => {
    const stepped = press(off, { downArrow: true }, { downArrow: true }, { leftArrow: true });
    expect(stepped.form.budget).toBe("4");
    expect(press(stepped.form, { backspace: true }, { leftArrow: true }).form.budget).toBe("1");
    expect(stepped.saves).toEqual([]);
  });

  it("saves what was typed as it is, so the server's schema says what is out of range", () => {
    const { saves } = press(off, { downArrow: true }, { downArrow: true }, "5000", { return: true });
    expect(settingsOf(saves[0] as IdlePromptForm).max_turns_per_mission).toBe(5000);
  });
});
