import type { IdlePromptSettings, IdlePromptStatus } from "@parley/protocol";
import type { Key } from "ink";

/** A row of the idle prompts panel. */
export type IdlePromptRow = "enabled" | "minutes" | "budget";
const ROWS: readonly IdlePromptRow[] = ["enabled", "minutes", "budget"];

/** The panel's form: the switch and the numbers as typed, the chosen row, and whether a number is being typed. */
export interface IdlePromptForm {
  enabled: boolean;
  minutes: string;
  budget: string;
  row: IdlePromptRow;
  /** The first digit typed on a row replaces its number; the next ones add to it. */
  typing: boolean;
}

/** The form showing what the server runs now. */
export function formOf(status: IdlePromptStatus): IdlePromptForm {
  return {
    enabled: status.enabled,
    minutes: String(Math.max(1, Math.round(status.after_seconds / 60))),
    budget: String(status.max_turns_per_mission),
    row: "enabled",
    typing: false,
  };
}

/** The settings update the form saves (the server, or the client's schema check, refuses what is out of range). */
export function settingsOf(form: IdlePromptForm): IdlePromptSettings {
  return {
    enabled: form.enabled,
    after_seconds: Math.round(Number(form.minutes) * 60),
    max_turns_per_mission: Number(form.budget),
  };
}

/**
 * What a key does to the form: ↑/↓ (Tab) choose a row, Space or ←/→ flip the switch and save at once,
 * digits, Backspace and ←/→ edit a number, Enter saves. `save` is set when the form is to be saved.
 */
export function formKey(
  form: IdlePromptForm,
  input: string,
  key: Key,
): { form: IdlePromptForm; save: boolean } {
  const index = ROWS.indexOf(form.row);
  const keep = (next: Partial<IdlePromptForm>, save = false) => ({ form: { ...form, ...next }, save });
  if (key.upArrow) return keep({ row: ROWS[Math.max(0, index - 1)] ?? "enabled", typing: false });
  if (key.downArrow || key.tab)
    return keep({ row: ROWS[Math.min(ROWS.length - 1, index + 1)] ?? "budget", typing: false });
  if (key.return) return keep({ typing: false }, true);
  if (form.row === "enabled")
    return input === " " || key.leftArrow || key.rightArrow
      ? keep({ enabled: !form.enabled }, true)
      : keep({});
  const field = form.row;
  const value = form[field];
  if (/^\d+$/.test(input)) {
    const typed = ((form.typing ? value : "") + input).replace(/^0+(?=\d)/, "").slice(0, 6);
    return keep({ [field]: typed, typing: true });
  }
  if (key.backspace || key.delete) return keep({ [field]: value.slice(0, -1), typing: true });
  if (key.leftArrow || key.rightArrow)
    return keep({
      [field]: String(Math.max(1, (Number(value) || 0) + (key.rightArrow ? 1 : -1))),
      typing: true,
    });
  return keep({});
}
