/**
 * Characters a person reading a file does not see but a model reads: Unicode tag characters (each one an ASCII
 * letter, invisible: a sentence can be smuggled in them), the variation selectors past emoji's (U+E0100…, which
 * can carry bytes), right-to-left and isolate controls that reorder what is shown, and zero-width spaces and
 * invisible operators. Zero-width joiners and U+FE0F stay: emoji are made of them.
 */
const HIDDEN =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each selector is matched alone, to be removed.
  /\u{1F3F4}[\u{E0061}-\u{E007A}\u{E0030}-\u{E0039}]{1,7}\u{E007F}|[\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}\u202A-\u202E\u2066-\u2069\u200B\u2060-\u2064\u180E\uFEFF]/gu;

/**
 * `text` without what `HIDDEN` names, keeping flags of regions (🏴 then tag letters, the one place tags are
 * meant to be seen). A cloned repository's instruction files, skills and command prompts reach the model
 * as the person can read them, and no more ("rules file backdoor": instructions hidden in tag characters).
 */
export function withoutHiddenText(text: string): string {
  return text.replace(HIDDEN, (found) => (found.length > 2 ? found : ""));
}
