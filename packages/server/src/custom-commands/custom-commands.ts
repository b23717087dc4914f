import { type CustomCommandCatalog, expandTypedCommand, readCustomCommands } from "@parley/engine";

/**
 * The project's and the person's custom slash commands (Markdown prompts), read again whenever they are
 * listed or a message starting with `/` arrives, so an edited file counts at once. Expanding is synchronous
 * (messages are recorded inside a transaction) and uses what the last read found.
 */
export class CustomCommands {
  readonly #options: { projectRoot: string; parleyHome: string; userHome?: string };
  #catalog: CustomCommandCatalog = { commands: [], skipped: [] };
  #reading: Promise<CustomCommandCatalog> | undefined;

  constructor(options: { projectRoot: string; parleyHome: string; userHome?: string }) {
    this.#options = options;
  }

  /** Reads the command folders again (one read at a time: callers during a read share it). */
  refresh(): Promise<CustomCommandCatalog> {
    this.#reading ??= readCustomCommands(this.#options)
      .then((catalog) => {
        this.#catalog = catalog;
        return catalog;
      })
      .finally(() => {
        this.#reading = undefined;
      });
    return this.#reading;
  }

  /** Reads the folders again before `text` is sent when it could type a command; cheap otherwise. */
  async refreshFor(text: string): Promise<void> {
    if (text.trimStart().startsWith("/")) await this.refresh();
  }

  /**
   * What the model reads for a person's `text`: a typed `/name args` naming a custom command is its prompt
   * filled in; anything else is the text itself. The stored message keeps what the person typed.
   */
  modelText(text: string): string {
    return expandTypedCommand(text, this.#catalog.commands) ?? text;
  }
}
