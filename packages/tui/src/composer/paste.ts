/** Pasted text longer than this shows as a placeholder in the message box; the whole text is sent. */
const LONG_PASTE_CHARS = 800;
const LONG_PASTE_LINES = 8;

/** Long pastes held aside while the message box shows `[Pasted text #1 +42 lines]` for each. */
export class PasteStore {
  readonly #pastes = new Map<string, string>();
  #count = 0;

  /** What to insert for a paste: the text itself when short, a placeholder for a long one. */
  placeholderFor(text: string): string {
    const lines = text.split("\n").length;
    if (text.length <= LONG_PASTE_CHARS && lines <= LONG_PASTE_LINES) return text;
    this.#count++;
    const placeholder = `[Pasted text #${this.#count} +${lines} lines]`;
    this.#pastes.set(placeholder, text);
    return placeholder;
  }

  /** The message with every placeholder replaced by the text it stands for. */
  expand(message: string): string {
    let expanded = message;
    for (const [placeholder, text] of this.#pastes) expanded = expanded.split(placeholder).join(text);
    return expanded;
  }

  clear(): void {
    this.#pastes.clear();
  }
}
